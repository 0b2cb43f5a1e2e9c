import type { RunLaunch, RunRecord, SkillDescription } from '@skill-service/contracts';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/api-error.js';
import { atLeast, deniedReason } from '../api/caller-role.js';
import { useConsole, useResource } from '../console-context.js';
import { initialValues, parseValues, type FormValues, type SkillExample } from '../form/form-values.js';
import { skillGraph, type DescribedStep } from '../graph/skill-graph.js';
import { StepGraph } from '../graph/step-graph.js';
import { href } from '../router.js';
import { CancelRunButton } from '../run/cancel-run-button.js';
import { cancelledRun } from '../run/cancelled-run.js';
import { applyEvent, cutRun, failRun, initialRunState, type RunState } from '../run/run-state.js';
import { RunView } from '../run/run-view.js';
import { ErrorNotice, GuardedButton, Notice, errorText } from '../ui/notices.js';

/** Describe, with what a newer server may add (examples). */
type Described = SkillDescription & { examples?: SkillExample[] };

/** A skill: its description, interface, classification, step graph, and a form that runs it. */
export function SkillPage({ skillId }: { skillId: string }) {
  const { client } = useConsole();
  const skill = useResource((signal) => client.get<Described>(`/v1/skills/${encodeURIComponent(skillId)}/describe`, signal), [skillId]);
  const graph = useMemo(() => (skill.data === undefined ? undefined : skillGraph(skill.data.steps as DescribedStep[])), [skill.data]);
  if (skill.data === undefined || graph === undefined) {
    return (
      <section>
        <p>
          <a href="#/skills">← Catalogue</a>
        </p>
        <h1>{skillId}</h1>
        <ErrorNotice error={skill.error} title="The skill could not be loaded" />
        {skill.error === undefined ? <p aria-busy="true">Loading…</p> : null}
      </section>
    );
  }
  const data = skill.data;
  return (
    <section>
      <p>
        <a href="#/skills">← Catalogue</a>
      </p>
      <h1>
        {data.name} <span class="muted mono">{data.id}</span> <span class="muted">v{data.version}</span>
      </h1>
      {data.deprecated ? (
        <Notice kind="warning">
          This skill is deprecated.
          {data.replacement === null ? null : (
            <>
              {' '}
              Use <a href={href('skills', data.replacement)}>{data.replacement}</a> instead.
            </>
          )}
        </Notice>
      ) : null}
      <p>{data.description}</p>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <span class={`tag tag-${data.status}`}>{data.status}</span>
        </dd>
        <dt>Classification</dt>
        <dd>
          {data.classification === null
            ? 'none declared'
            : Object.entries(data.classification)
                .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
                .join(' · ')}
        </dd>
        <dt>Tags</dt>
        <dd>{data.tags.length === 0 ? 'none' : data.tags.join(', ')}</dd>
      </dl>
      <div class="columns">
        <FieldTable title="Inputs" fields={data.inputs} />
        <FieldTable title="Outputs" fields={data.outputs} />
      </div>
      <h2>Examples</h2>
      {data.examples === undefined || data.examples.length === 0 ? (
        <p class="muted">This server's description of the skill carries no examples; the form starts from the declared defaults.</p>
      ) : (
        <ul>
          {data.examples.map((example, index) => (
            <li key={index}>
              {example.description ?? `Example ${index + 1}`}
              <pre class="json">{JSON.stringify(example.inputs, null, 2)}</pre>
            </li>
          ))}
        </ul>
      )}
      <div data-testid="static-graph">
        <h2>Steps ({data.steps.length})</h2>
        <StepGraph graph={graph} />
      </div>
      <RunForm key={data.id} skill={data} graph={graph} />
    </section>
  );
}

function FieldTable({ title, fields }: { title: string; fields: SkillDescription['inputs'] }) {
  const entries = Object.entries(fields);
  return (
    <div>
      <h2>{title}</h2>
      {entries.length === 0 ? (
        <p class="muted">none</p>
      ) : (
        <table class="table" aria-label={title}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Required</th>
              <th scope="col">Default</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([name, field]) => (
              <tr key={name}>
                <td class="mono">{name}</td>
                <td>{field.type}</td>
                <td>{field.required ? 'yes' : 'no'}</td>
                <td class="mono">{field.default === null ? '—' : JSON.stringify(field.default)}</td>
                <td>{field.description ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The form generated from the skill's inputs; runs it over the SSE stream, or launches an async run. */
function RunForm({ skill, graph }: { skill: Described; graph: ReturnType<typeof skillGraph> | undefined }) {
  const { client, caller } = useConsole();
  const examples = skill.examples ?? [];
  const [values, setValues] = useState<FormValues>(() => initialValues(skill.inputs, examples[0]));
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({});
  const [run, setRun] = useState<RunState | undefined>(undefined);
  const [launchError, setLaunchError] = useState<unknown>(undefined);
  const [launched, setLaunched] = useState<RunLaunch | undefined>(undefined);
  const [cancelled, setCancelled] = useState<RunRecord | undefined>(undefined);
  const abort = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => abort.current?.abort(), []);
  const running = run?.outcome.kind === 'running';
  const denied = deniedReason(caller, 'executor', 'Running a skill');

  const readInputs = (): Record<string, unknown> | undefined => {
    const parsed = parseValues(skill.inputs, values);
    setProblems(parsed.problems);
    return Object.keys(parsed.problems).length === 0 ? parsed.inputs : undefined;
  };

  const stream = async (): Promise<void> => {
    const inputs = readInputs();
    if (inputs === undefined) return;
    setLaunched(undefined);
    setCancelled(undefined);
    setLaunchError(undefined);
    const controller = new AbortController();
    abort.current = controller;
    let state = initialRunState(skill.steps.map((step) => step.id));
    let received = 0;
    setRun(state);
    try {
      const events = await client.stream('POST', `/v1/skills/${encodeURIComponent(skill.id)}/execute/stream`, { body: { inputs }, signal: controller.signal });
      for await (const message of events) {
        received += 1;
        let payload: unknown;
        try {
          payload = JSON.parse(message.data);
        } catch {
          continue;
        }
        state = applyEvent(state, message.event, payload, message.id);
        setRun(state);
        if (message.event === 'done') break;
      }
      state = cutRun(state, `The stream ended after ${received} events without the final result: the run's outcome is unknown.`);
    } catch (error) {
      if (controller.signal.aborted) state = cutRun(state, 'Stopped watching: the stream was closed by this page (the server cancels the remaining steps).');
      else if (received === 0 && error instanceof ApiError) state = failRun(state, error.describe(), error.code);
      else state = cutRun(state, `The stream was cut after ${received} events (${errorText(error)}); the run's outcome is unknown. Run it again when the server is back.`);
    } finally {
      controller.abort();
    }
    setRun(state);
  };

  const launch = async (): Promise<void> => {
    const inputs = readInputs();
    if (inputs === undefined) return;
    setRun(undefined);
    setCancelled(undefined);
    setLaunchError(undefined);
    try {
      const answer = await client.post<RunLaunch>(`/v1/skills/${encodeURIComponent(skill.id)}/execute/async`, { inputs });
      setLaunched(answer);
      if (atLeast(caller.role, 'operator')) location.hash = href('runs', answer.run_id);
    } catch (error) {
      setLaunchError(error);
    }
  };

  return (
    <div class="runner">
      <h2>Run</h2>
      <form
        class="run-form"
        aria-label="Skill inputs"
        onSubmit={(event) => {
          event.preventDefault();
          void stream();
        }}
      >
        {examples.length > 1 ? (
          <label>
            Start from example
            <select onChange={(event) => setValues(initialValues(skill.inputs, examples[Number(event.currentTarget.value)]))}>
              {examples.map((example, index) => (
                <option key={index} value={index}>
                  {example.description ?? `Example ${index + 1}`}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {Object.entries(skill.inputs).map(([name, field]) => {
          const id = `input-${name}`;
          const multiline = field.type === 'object' || field.type === 'array' || field.type === 'any' || (field.type === 'string' && (values[name]?.length ?? 0) > 60);
          const common = {
            id,
            name,
            value: values[name] ?? '',
            'aria-invalid': problems[name] === undefined ? undefined : ('true' as const),
            'aria-describedby': `${id}-help`,
          };
          return (
            <div class="field" key={name}>
              <label for={id}>
                {name}
                {field.required ? ' *' : ''} <span class="muted">({field.type})</span>
              </label>
              {field.type === 'boolean' ? (
                <select {...common} onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}>
                  <option value="">—</option>
                  <option value="true">true</option>
                  <option value="false">false</option>
                </select>
              ) : multiline ? (
                <textarea {...common} rows={4} onInput={(event) => setValues({ ...values, [name]: event.currentTarget.value })} />
              ) : (
                <input {...common} onInput={(event) => setValues({ ...values, [name]: event.currentTarget.value })} />
              )}
              <div class="help" id={`${id}-help`}>
                {problems[name] === undefined ? (field.description ?? '') : <span class="invalid">{`${name} ${problems[name]}`}</span>}
              </div>
            </div>
          );
        })}
        <div class="actions">
          <GuardedButton id="run-stream" label={running ? 'Running…' : 'Run and watch'} kind="primary" reason={denied} busy={running} onClick={() => void stream()} />
          <GuardedButton id="run-async" label="Launch as async run" reason={denied} busy={running} onClick={() => void launch()} />
          {running ? (
            <button type="button" class="button button-danger" onClick={() => abort.current?.abort()}>
              Stop watching
            </button>
          ) : null}
        </div>
      </form>
      <ErrorNotice error={launchError} title="The run could not be launched" />
      {launched === undefined ? null : (
        <div data-testid="launched-run">
          <Notice kind="info">
            Launched run <a href={href('runs', launched.run_id)} class="mono">{launched.run_id}</a>.
            {atLeast(caller.role, 'operator') ? null : ' Following runs needs the operator role.'}
          </Notice>
          {/* An operator follows the run on its page; anyone else may still cancel the run it launched here. */}
          {atLeast(caller.role, 'operator') ? null : (
            <CancelRunButton runId={launched.run_id} status={cancelled?.status ?? 'running'} onCancelled={setCancelled} />
          )}
          {cancelled === undefined ? null : (
            <RunView graph={graph} state={cancelledRun(initialRunState(skill.steps.map((step) => step.id)), cancelled.error ?? 'Run cancelled', Date.now())} />
          )}
        </div>
      )}
      {run === undefined ? null : (
        <div data-testid="live-run">
          <h2>Live run</h2>
          <RunView graph={graph} state={run} />
        </div>
      )}
    </div>
  );
}
