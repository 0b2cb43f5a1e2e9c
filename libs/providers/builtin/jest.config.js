export default { displayName: 'builtin', preset: '../../../jest.preset.js' };
