import { describe, expect, it } from '@jest/globals';
import { parseCli } from './cli-options.js';

describe('parseCli', () => {
  it('defaults to 127.0.0.1:8780, and port 8765 for the mock', () => {
    expect(parseCli([])).toEqual({ kind: 'serve', options: { host: '127.0.0.1', port: 8780, mock: false, timeoutMs: undefined } });
    expect(parseCli(['--mock'])).toEqual({ kind: 'serve', options: { host: '127.0.0.1', port: 8765, mock: true, timeoutMs: undefined } });
  });

  it('reads --host, --port (0 included) and --timeout', () => {
    expect(parseCli(['--host', '0.0.0.0', '--port=0', '--timeout', '2.5'])).toEqual({
      kind: 'serve',
      options: { host: '0.0.0.0', port: 0, mock: false, timeoutMs: 2500 },
    });
  });

  it.each([
    [['--verbose'], "Unknown option '--verbose'"],
    [['serve'], "Unexpected argument 'serve'"],
    [['--port'], "Option '--port <value>' argument missing"],
    [['--port', '70000'], "--port must be an integer from 0 to 65535, got '70000'"],
    [['--port', '-1'], "Option '--port' argument is ambiguous"],
    [['--timeout', '0'], "--timeout must be a number of seconds above 0 and at most 3600, got '0'"],
  ])('reports %j as a one-line usage error', (argv, message) => {
    const command = parseCli(argv);
    expect(command.kind).toBe('usage_error');
    if (command.kind === 'usage_error') {
      expect(command.message.startsWith(message)).toBe(true);
      expect(command.message).not.toContain('\n');
    }
  });

  it('answers --help', () => {
    expect(parseCli(['--help'])).toMatchObject({ kind: 'help', text: expect.stringContaining('--mock') });
  });
});
