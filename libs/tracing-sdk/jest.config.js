export default { displayName: 'tracing-sdk', preset: '../../jest.preset.js' };
