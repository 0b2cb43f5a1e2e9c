export default { displayName: 'openrpc', preset: '../../../jest.preset.js' };
