export default { displayName: 'bindings', preset: '../../jest.preset.js' };
