export default { displayName: 'workspace-rules', preset: '../../jest.preset.js' };
