export default { displayName: 'catalog', preset: '../../jest.preset.js' };
