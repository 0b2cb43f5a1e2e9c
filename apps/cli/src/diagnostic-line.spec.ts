import { describe, expect, it } from '@jest/globals';
import { diagnosticLine } from './diagnostic-line.js';

describe('diagnosticLine', () => {
  it('names the root-relative file, the field, the severity, the code and the message', () => {
    const line = diagnosticLine({
      file: 'skills/official/a/b/skill.yaml',
      path: 'steps[1].uses',
      severity: 'error',
      code: 'unknown_capability',
      message: "unknown capability 'x.y'",
      root: 'registry',
    });
    expect(line).toBe("skills/official/a/b/skill.yaml:steps[1].uses: error unknown_capability unknown capability 'x.y'");
  });

  it('leaves the field out for a whole file, and keeps the message on one line without paths', () => {
    const line = diagnosticLine({ file: 'capabilities/c.yaml', path: '', severity: 'warning', code: 'parse', message: 'bad\nYAML near /srv/reg/c.yaml', root: 'registry' });
    expect(line).toBe('capabilities/c.yaml: warning parse bad YAML near <path>');
  });
});
