export default { displayName: 'engine', preset: '../../jest.preset.js' };
