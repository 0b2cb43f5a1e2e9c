export default { displayName: 'test-support', preset: '../../jest.preset.js' };
