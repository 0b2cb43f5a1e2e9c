export default { displayName: 'baselines', preset: '../../jest.preset.js' };
