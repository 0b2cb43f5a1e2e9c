export default { displayName: 'contracts', preset: '../../jest.preset.js' };
