import type { SkillGraph } from '../graph/skill-graph.js';
import { StepGraph } from '../graph/step-graph.js';
import type { RunState } from './run-state.js';

const MAX_LOG_SHOWN = 500;

/** A run as it happens: the coloured graph, each step's timeline bar, the event log, the outcome. */
export function RunView({ graph, state }: { graph?: SkillGraph; state: RunState }) {
  return (
    <div class="run-view">
      <Outcome state={state} />
      {graph === undefined ? null : <StepGraph graph={graph} steps={state.steps} />}
      <Timeline state={state} />
      <details class="log" open>
        <summary>
          Event log (<span data-testid="event-count">{state.log.length}</span> events)
        </summary>
        <ol aria-label="Event log">
          {state.log.slice(-MAX_LOG_SHOWN).map((event, index) => (
            <li key={event.id ?? index} class={`log-${event.type}`}>
              <span class="mono">{event.timestamp.slice(11, 23)}</span> <strong>{event.type}</strong> {event.message}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

function Outcome({ state }: { state: RunState }) {
  const { outcome } = state;
  switch (outcome.kind) {
    case 'running':
      return (
        <p class="notice notice-info" role="status" data-outcome="running">
          Running…
        </p>
      );
    case 'completed':
      return (
        <div class="notice notice-success" role="status" data-outcome="completed">
          <strong>Completed.</strong> Outputs:
          <pre class="json" data-testid="result">
            {JSON.stringify(outcome.result.outputs, null, 2)}
          </pre>
        </div>
      );
    case 'failed':
      return (
        <div class="notice notice-error" role="alert" data-outcome="failed">
          <strong>Failed{outcome.code === undefined ? '' : ` (${outcome.code})`}: </strong>
          <span data-testid="run-error">{outcome.message}</span>
        </div>
      );
    default:
      return (
        <div class="notice notice-warning" role="alert" data-outcome="cut">
          {outcome.message}
        </div>
      );
  }
}

function Timeline({ state }: { state: RunState }) {
  const entries = Object.entries(state.steps).filter(([, step]) => step.startedAt !== undefined);
  if (entries.length === 0) return null;
  const origin = state.startedAt ?? Math.min(...entries.map(([, step]) => step.startedAt ?? 0));
  const end = Math.max(...entries.map(([, step]) => step.finishedAt ?? step.startedAt ?? origin), origin + 1);
  const span = Math.max(end - origin, 1);
  return (
    <table class="table timeline" aria-label="Timeline">
      <thead>
        <tr>
          <th scope="col">Step</th>
          <th scope="col">Status</th>
          <th scope="col">Start</th>
          <th scope="col">Duration</th>
          <th scope="col">
            <span class="visually-hidden">Bar</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([id, step]) => {
          const start = (step.startedAt ?? origin) - origin;
          const duration = step.finishedAt === undefined ? undefined : step.finishedAt - (step.startedAt ?? step.finishedAt);
          return (
            <tr key={id} data-step={id}>
              <td class="mono">{id}</td>
              <td>
                <span class={`tag tag-${step.status}`}>{step.status}</span>
              </td>
              <td>+{start} ms</td>
              <td>{duration === undefined ? '…' : `${duration} ms`}</td>
              <td class="bar-cell">
                <span class={`bar bar-${step.status}`} style={{ marginLeft: `${(start / span) * 100}%`, width: `${Math.max(((duration ?? 0) / span) * 100, 0.5)}%` }} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
