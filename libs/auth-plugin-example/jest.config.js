export default { displayName: 'auth-plugin-example', preset: '../../jest.preset.js' };
