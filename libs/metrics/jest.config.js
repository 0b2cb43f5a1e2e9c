export default { displayName: 'metrics', preset: '../../jest.preset.js' };
