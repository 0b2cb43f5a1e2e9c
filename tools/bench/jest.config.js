export default { displayName: 'bench', preset: '../../jest.preset.js' };
