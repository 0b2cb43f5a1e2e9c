export default { displayName: 'validation-provider', preset: '../../jest.preset.js' };
