export default { displayName: 'pythoncall', preset: '../../../jest.preset.js' };
