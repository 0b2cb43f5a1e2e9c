export default { displayName: 'util', preset: '../../jest.preset.js' };
