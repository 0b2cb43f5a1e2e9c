export default { displayName: 'tool-bridge', preset: '../../jest.preset.js' };
