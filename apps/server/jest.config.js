export default { displayName: 'server', preset: '../../jest.preset.js' };
