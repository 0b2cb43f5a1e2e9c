export default { displayName: 'idempotency', preset: '../../jest.preset.js' };
