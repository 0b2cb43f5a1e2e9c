import type { ExecutionResult, StreamEvent } from '@skill-service/contracts';

/** `not-run`: the run ended (cancelled) before the step started. */
export type StepStatus = 'pending' | 'running' | 'completed' | 'skipped' | 'degraded' | 'failed' | 'not-run';

export interface StepTiming {
  readonly status: StepStatus;
  /** Milliseconds since the epoch. */
  readonly startedAt?: number;
  readonly finishedAt?: number;
  readonly message?: string;
}

export interface LoggedEvent {
  readonly id?: string;
  readonly type: string;
  readonly stepId: string | null;
  readonly message: string;
  readonly timestamp: string;
}

/** How the run ended, as far as the page knows. */
export type RunOutcome =
  | { readonly kind: 'running' }
  | { readonly kind: 'completed'; readonly result: ExecutionResult }
  | { readonly kind: 'failed'; readonly message: string; readonly code?: string }
  | { readonly kind: 'cut'; readonly message: string };

export interface RunState {
  readonly steps: Readonly<Record<string, StepTiming>>;
  readonly log: readonly LoggedEvent[];
  readonly outcome: RunOutcome;
  readonly startedAt?: number;
  /** The `id:` of the last event applied (a resumable stream continues after it). */
  readonly lastEventId?: string;
}

export function initialRunState(stepIds: readonly string[]): RunState {
  return { steps: Object.fromEntries(stepIds.map((id) => [id, { status: 'pending' as const }])), log: [], outcome: { kind: 'running' } };
}

const STEP_END: Readonly<Record<string, StepStatus>> = {
  step_completed: 'completed',
  step_skipped: 'skipped',
  step_degraded: 'degraded',
  step_failed: 'failed',
};

function errorOf(data: StreamEvent['data']): { code?: string; message?: string } {
  const error = data?.['error'];
  if (typeof error !== 'object' || error === null) return {};
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { ...(typeof code === 'string' ? { code } : {}), ...(typeof message === 'string' ? { message } : {}) };
}

/**
 * Applies one engine event (or the final `done`) to the run's state. Pure, so every event of a
 * fast stream lands in order whatever the rendering does. Nested skills' events carry prefixed
 * step ids (`outer.inner`): they are logged, and colour the outer step only through its own events.
 */
export function applyEvent(state: RunState, type: string, payload: unknown, id?: string): RunState {
  const withId = id === undefined ? {} : { lastEventId: id };
  if (type === 'done') {
    const result = payload as ExecutionResult & { error?: { code?: string; message?: string } };
    const logged: LoggedEvent = { ...(id === undefined ? {} : { id }), type, stepId: null, message: `done: ${result.status}`, timestamp: new Date().toISOString() };
    const outcome: RunOutcome =
      result.status === 'completed'
        ? { kind: 'completed', result }
        : { kind: 'failed', message: result.error?.message ?? failedMessage(state) ?? `The run ended with status ${String(result.status)}`, ...(result.error?.code === undefined ? {} : { code: result.error.code }) };
    return { ...state, ...withId, log: [...state.log, logged], outcome };
  }
  const event = payload as StreamEvent;
  const at = Date.parse(event.timestamp);
  const logged: LoggedEvent = { ...(id === undefined ? {} : { id }), type, stepId: event.step_id, message: event.message, timestamp: event.timestamp };
  let next: RunState = { ...state, ...withId, log: [...state.log, logged] };
  if (type === 'skill_start') next = { ...next, startedAt: at };
  const stepId = event.step_id;
  if (stepId !== null && stepId in state.steps) {
    const previous = state.steps[stepId] ?? { status: 'pending' };
    if (type === 'step_start') next = { ...next, steps: { ...next.steps, [stepId]: { status: 'running', startedAt: at } } };
    const ended = STEP_END[type];
    if (ended !== undefined) {
      const message = type === 'step_failed' ? (errorOf(event.data).message ?? event.message) : event.message;
      next = { ...next, steps: { ...next.steps, [stepId]: { ...previous, status: ended, startedAt: previous.startedAt ?? at, finishedAt: at, message } } };
    }
  }
  return next;
}

function failedMessage(state: RunState): string | undefined {
  const failed = Object.entries(state.steps).find(([, step]) => step.status === 'failed');
  return failed === undefined ? undefined : `Step '${failed[0]}' failed: ${failed[1].message ?? ''}`;
}

/** The stream ended (or broke) before `done`: the outcome is unknown, steps still running stay so. */
export function cutRun(state: RunState, reason: string): RunState {
  if (state.outcome.kind !== 'running') return state;
  return { ...state, outcome: { kind: 'cut', message: reason } };
}

/** A failure known without events (a refused request, an async run's `error`). */
export function failRun(state: RunState, message: string, code?: string): RunState {
  return { ...state, outcome: { kind: 'failed', message, ...(code === undefined ? {} : { code }) } };
}
