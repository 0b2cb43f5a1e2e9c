import { describe, expect, it } from '@jest/globals';
import { sanitiseMessage } from './sanitise-message.js';

describe('sanitiseMessage', () => {
  it('replaces absolute paths and keeps the rest', () => {
    expect(sanitiseMessage("FileNotFoundError: [Errno 2] No such file or directory: '/srv/runtime/data.json'")).toBe(
      "FileNotFoundError: [Errno 2] No such file or directory: '<path>'",
    );
    expect(sanitiseMessage('see C:\\Users\\me\\x.py and ~/secrets/key')).toBe('see <path> and <path>');
  });

  it('keeps module names, fractions and relative words', () => {
    expect(sanitiseMessage("No module named 'local_services.nope' (1/2, and/or)")).toBe(
      "No module named 'local_services.nope' (1/2, and/or)",
    );
  });

  it('flattens line breaks and bounds the length', () => {
    expect(sanitiseMessage('a\n  b\r\n\tc')).toBe('a b c');
    expect(sanitiseMessage('x'.repeat(2000))).toHaveLength(501);
  });
});
