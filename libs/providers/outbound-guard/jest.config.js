export default { displayName: 'outbound-guard', preset: '../../../jest.preset.js' };
