// Installing tarballs and compiling a program outside the workspace takes tens of seconds.
export default { displayName: 'consumer-test', preset: '../../jest.preset.js', testTimeout: 300_000 };
