// Unit specs of the page logic and the browser specs (Playwright driving Debian's chromium against
// the built server, which serves the built console: the `test` target builds both first).
export default { displayName: 'console', preset: '../../jest.preset.js' };
