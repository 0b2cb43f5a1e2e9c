export default { displayName: 'skill-language', preset: '../../jest.preset.js' };
