import { describe, expect, it } from '@jest/globals';
import type { EngineEventType, StreamEvent } from '@skill-service/contracts';
import { ProgressLines } from './progress-lines.js';

function event(type: EngineEventType, stepId: string | null, timestamp: string, data: Record<string, unknown> | null = null, message = ''): StreamEvent {
  return { type, step_id: stepId, timestamp, trace_id: 't', data, message };
}

describe('ProgressLines', () => {
  it('writes one line per event, with step durations from the events’ timestamps', () => {
    const progress = new ProgressLines();
    const lines = [
      event('skill_start', null, '2025-01-01T00:00:00.000Z', { skill_id: 'text.demo' }),
      event('step_start', 'a', '2025-01-01T00:00:00.010Z'),
      event('step_start', 'b', '2025-01-01T00:00:00.011Z'),
      event('step_completed', 'b', '2025-01-01T00:00:00.023Z', { produced_output: {} }),
      event('step_completed', 'a', '2025-01-01T00:00:01.010Z', { produced_output: {} }),
      event('step_skipped', 'c', '2025-01-01T00:00:01.011Z', null, 'Step \'c\' skipped: condition "inputs.x" is false'),
      event('skill_completed', null, '2025-01-01T00:00:01.012Z', { skill_id: 'text.demo', duration_ms: 1012 }),
    ].map((each) => progress.lineOf(each));
    expect(lines).toEqual([
      'skill_start text.demo',
      'step_start a',
      'step_start b',
      'step_completed b 12 ms',
      'step_completed a 1000 ms',
      'step_skipped c: Step \'c\' skipped: condition "inputs.x" is false',
      'skill_completed text.demo 1012 ms',
    ]);
  });

  it('names the code and message of a failed step on one line, without paths', () => {
    const failed = event('step_failed', 'explode', '2025-01-01T00:00:00Z', { error: { code: 'upstream_failure', message: 'worker\nraised in /srv/x/y.py' } });
    expect(new ProgressLines().lineOf(failed)).toBe('step_failed explode: upstream_failure worker raised in <path>');
  });

  it('leaves the duration out when the step’s start was not seen', () => {
    expect(new ProgressLines().lineOf(event('step_completed', 'a', '2025-01-01T00:00:00Z'))).toBe('step_completed a');
  });

  it('says the message of warnings and degraded steps', () => {
    const warning = event('safety_gate_warning', 'a', '2025-01-01T00:00:00Z', null, "Safety gate 'pii' warned about capability 'x': maybe");
    expect(new ProgressLines().lineOf(warning)).toBe("safety_gate_warning a: Safety gate 'pii' warned about capability 'x': maybe");
  });
});
