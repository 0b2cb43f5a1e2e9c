export default { displayName: 'audit-store', preset: '../../jest.preset.js' };
