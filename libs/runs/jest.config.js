export default { displayName: 'runs', preset: '../../jest.preset.js' };
