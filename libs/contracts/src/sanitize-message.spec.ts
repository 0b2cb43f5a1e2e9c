import { describe, expect, it } from '@jest/globals';
import { MAX_MESSAGE_LENGTH, sanitizeMessage } from './sanitize-message.js';

describe('sanitizeMessage', () => {
  it('hides absolute filesystem paths (POSIX, home, Windows drive)', () => {
    expect(sanitizeMessage("Cannot open '/home/me/registry/skills/a/b/skill.yaml' now")).toBe("Cannot open '<path>' now");
    expect(sanitizeMessage('failed: /usr/lib/python3/x.py line 3')).toBe('failed: <path> line 3');
    expect(sanitizeMessage("FileNotFoundError: [Errno 2] No such file or directory: '/srv/runtime/data.json'")).toBe(
      "FileNotFoundError: [Errno 2] No such file or directory: '<path>'",
    );
    expect(sanitizeMessage('see C:\\Users\\me\\x.py and ~/secrets/key')).toBe('see <path> and <path>');
  });

  it('keeps URLs whole, paths and ports included', () => {
    expect(sanitizeMessage('POST http://127.0.0.1:8780/validate answered 500')).toBe('POST http://127.0.0.1:8780/validate answered 500');
    expect(sanitizeMessage('GET https://api.example.com/v1/items failed')).toBe('GET https://api.example.com/v1/items failed');
    expect(sanitizeMessage('(https://api.example.com/v1/items?page=2#x) and /etc/app/conf')).toBe('(https://api.example.com/v1/items?page=2#x) and <path>');
  });

  it('keeps module names, fractions and relative words', () => {
    expect(sanitizeMessage("No module named 'local_services.nope' (1/2, and/or)")).toBe("No module named 'local_services.nope' (1/2, and/or)");
  });

  it('hides credentials: bearer and basic values, JWTs, secret-named pairs, URL user info', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    expect(sanitizeMessage('upstream said: Authorization: Bearer sk_live_123 refused')).toBe('upstream said: Authorization: Bearer <redacted> refused');
    expect(sanitizeMessage(`token ${jwt} expired`)).toBe('token <redacted> expired');
    expect(sanitizeMessage('GET https://api.example.com/v1?api_key=abc123&page=2 failed')).toBe('GET https://api.example.com/v1?api_key=<redacted>&page=2 failed');
    expect(sanitizeMessage('bad password=hunter2; retry')).toBe('bad password=<redacted>; retry');
    expect(sanitizeMessage('echo {"client_secret": "s3cr3t", "id": 1}')).toBe('echo {"client_secret": "<redacted>", "id": 1}');
    expect(sanitizeMessage('connect https://alice:pw@db.example.com/x refused')).toBe('connect https://<redacted>@db.example.com/x refused');
  });

  it('flattens control characters and whitespace, and bounds the length once', () => {
    expect(sanitizeMessage('a\n\n  b\tc\u0000d\u001b[31m')).toBe('a b c d [31m');
    const long = sanitizeMessage('x'.repeat(5000));
    expect(long).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    expect(sanitizeMessage('short')).toBe('short');
  });

  it('is linear on hostile input (no catastrophic backtracking)', () => {
    const hostile = `${'/a'.repeat(50_000)} ${'token='.repeat(20_000)} ${'http://'.repeat(20_000)}`;
    const started = performance.now();
    sanitizeMessage(hostile);
    // A generous bound on a loaded machine: the regexes are linear, so this takes milliseconds.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
