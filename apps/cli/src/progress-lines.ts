import { sanitizeMessage, type StreamEvent } from '@skill-service/contracts';

type Data = Readonly<Record<string, unknown>> | null;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? sanitizeMessage(value) : undefined;
}

function errorOf(data: Data): string {
  const error = data?.['error'] as { code?: unknown; message?: unknown } | undefined;
  return [text(error?.code), text(error?.message)].filter((part) => part !== undefined).join(' ');
}

/**
 * Turns a run's events into the one-line progress `run` writes to stderr as they happen:
 * `step_start <id>`, `step_completed <id> 12 ms`, `step_failed <id>: <code> <message>`…
 * A step's duration is measured between its own events' timestamps.
 */
export class ProgressLines {
  private readonly startedAt = new Map<string, number>();

  lineOf(event: StreamEvent): string {
    const step = event.step_id ?? '';
    const time = Date.parse(event.timestamp);
    switch (event.type) {
      case 'skill_start':
        return `skill_start ${text(event.data?.['skill_id']) ?? ''}`.trimEnd();
      case 'skill_completed': {
        const duration = event.data?.['duration_ms'];
        const skill = text(event.data?.['skill_id']) ?? '';
        return typeof duration === 'number' ? `skill_completed ${skill} ${duration} ms` : `skill_completed ${skill}`.trimEnd();
      }
      case 'step_start':
        this.startedAt.set(step, time);
        return `step_start ${step}`;
      case 'step_completed': {
        const started = this.startedAt.get(step);
        return started === undefined || Number.isNaN(time - started) ? `step_completed ${step}` : `step_completed ${step} ${time - started} ms`;
      }
      case 'step_failed':
        return `step_failed ${step}: ${errorOf(event.data)}`.trimEnd();
      case 'step_skipped':
      case 'step_degraded':
      case 'safety_gate_warning':
        return `${event.type} ${step}: ${sanitizeMessage(event.message)}`;
    }
  }
}
