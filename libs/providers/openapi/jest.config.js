export default { displayName: 'openapi', preset: '../../../jest.preset.js' };
