export default { displayName: 'logging', preset: '../../jest.preset.js' };
