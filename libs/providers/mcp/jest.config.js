export default { displayName: 'mcp', preset: '../../../jest.preset.js' };
