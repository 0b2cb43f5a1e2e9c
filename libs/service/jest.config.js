export default { displayName: 'service', preset: '../../jest.preset.js' };
