export default { displayName: 'webhooks', preset: '../../jest.preset.js' };
