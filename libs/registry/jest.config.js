export default { displayName: 'registry', preset: '../../jest.preset.js' };
