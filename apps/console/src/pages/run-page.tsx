import type { RunRecord, SkillDescription } from '@skill-service/contracts';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api/api-error.js';
import { deniedReason } from '../api/caller-role.js';
import { useConsole, useInterval, useResource } from '../console-context.js';
import { skillGraph, type DescribedStep } from '../graph/skill-graph.js';
import { href } from '../router.js';
import { EventsUnavailable, followRunEvents } from '../run/follow-run-events.js';
import { failRun, initialRunState, type RunState } from '../run/run-state.js';
import { RunView } from '../run/run-view.js';
import { ErrorNotice, GuardedButton, Notice } from '../ui/notices.js';
import { durationText } from './runs-page.js';

const POLL_MS = 1000;

/**
 * One async run: its record (result or error), and — where the server streams run events — its
 * graph coloured by the replayed and live events, a timeline and the event log. Without that
 * route the page polls the record until the run finishes.
 */
export function RunPage({ runId }: { runId: string }) {
  const { client, caller, features } = useConsole();
  const record = useResource((signal) => client.get<RunRecord>(`/v1/runs/${encodeURIComponent(runId)}`, signal), [runId]);
  const skillId = record.data?.skill_id;
  const skill = useResource(
    (signal) => (skillId === undefined ? Promise.resolve(undefined) : client.get<SkillDescription>(`/v1/skills/${encodeURIComponent(skillId)}/describe`, signal)),
    [skillId],
  );
  const graph = useMemo(() => (skill.data === undefined ? undefined : skillGraph(skill.data.steps as DescribedStep[])), [skill.data]);
  const [events, setEvents] = useState<RunState | undefined>(undefined);
  const [eventsProblem, setEventsProblem] = useState<string | undefined>(undefined);
  const [cancel, setCancel] = useState<{ busy: boolean; error?: unknown; done?: boolean; unavailable?: string }>({ busy: false });

  const stepIds = skill.data?.steps.map((step) => step.id);
  const stepKey = stepIds?.join('\n');
  useEffect(() => {
    if (!features.runEvents || stepIds === undefined) return undefined;
    const controller = new AbortController();
    setEventsProblem(undefined);
    followRunEvents(client, runId, initialRunState(stepIds), { signal: controller.signal, onState: setEvents }).then(
      (final) => !controller.signal.aborted && setEvents(final),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof EventsUnavailable) setEventsProblem(`Live events are unavailable: the server answered ${error.message}`);
        else setEventsProblem(String(error));
      },
    );
    return () => controller.abort();
  }, [features.runEvents, runId, stepKey, client]);

  const run = record.data;
  const streaming = features.runEvents && eventsProblem === undefined;
  useInterval(() => record.reload(), POLL_MS, run?.status === 'running' && (!streaming || events?.outcome.kind !== 'running'));
  // The events stream ended: read the final record once.
  useEffect(() => {
    if (events !== undefined && events.outcome.kind !== 'running' && run?.status === 'running') record.reload();
  }, [events?.outcome.kind]);

  const cancelReason =
    cancel.unavailable ??
    (features.runCancel ? undefined : 'Cancelling needs POST /v1/runs/{run_id}/cancel, which this server does not offer.') ??
    deniedReason(caller, 'operator', 'Cancelling a run') ??
    (run?.status === 'running' ? undefined : 'The run has finished.');

  const doCancel = async (): Promise<void> => {
    setCancel({ busy: true });
    try {
      await client.post(`/v1/runs/${encodeURIComponent(runId)}/cancel`, {});
      setCancel({ busy: false, done: true });
      record.reload();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 405 || (error.status === 404 && error.message === 'Route not found')))
        setCancel({ busy: false, unavailable: 'This server does not offer run cancellation.' });
      else setCancel({ busy: false, error });
      record.reload();
    }
  };

  const fromRecord = useMemo(() => {
    if (run === undefined || stepIds === undefined) return undefined;
    const base = initialRunState(stepIds);
    if (run.status === 'completed' && run.result !== null) return { ...base, outcome: { kind: 'completed' as const, result: run.result } };
    if (run.status === 'failed') return failRun(base, run.error ?? 'The run failed.');
    return base;
  }, [run?.status, run?.finished_at, stepKey]);
  const state = events ?? fromRecord;

  return (
    <section>
      <p>
        <a href="#/runs">← Runs</a>
      </p>
      <h1>
        Run <span class="mono">{runId}</span>
      </h1>
      <ErrorNotice error={record.error} title="The run could not be loaded" />
      {run === undefined ? (
        record.error === undefined ? <p aria-busy="true">Loading…</p> : null
      ) : (
        <>
          <dl class="facts">
            <dt>Skill</dt>
            <dd>
              <a href={href('skills', run.skill_id)}>{run.skill_id}</a>
            </dd>
            <dt>Status</dt>
            <dd>
              <span class={`tag tag-${run.status}`} data-testid="run-status">
                {run.status}
              </span>
            </dd>
            <dt>Created</dt>
            <dd>{run.created_at}</dd>
            <dt>Finished</dt>
            <dd>{run.finished_at ?? '—'}</dd>
            <dt>Duration</dt>
            <dd>{durationText(run)}</dd>
          </dl>
          <div class="actions">
            <GuardedButton id="cancel-run" label="Cancel run" kind="danger" reason={cancelReason} busy={cancel.busy} onClick={() => void doCancel()} />
          </div>
          <ErrorNotice error={cancel.error} title="The run could not be cancelled" />
          {cancel.done === true ? <Notice kind="info">Cancellation requested.</Notice> : null}
          {!features.runEvents ? (
            <Notice kind="info">
              Live events are unavailable on this server (it does not offer <code>GET /v1/runs/{'{run_id}'}/events</code>): the page follows the run by polling its record
              {run.status === 'running' ? ` every ${POLL_MS / 1000} s` : ''}.
            </Notice>
          ) : eventsProblem === undefined ? null : (
            <Notice kind="warning">{eventsProblem}; the page polls the run's record instead.</Notice>
          )}
          <ErrorNotice error={skill.error} title="The skill's steps could not be loaded" />
          {state === undefined ? null : <RunView graph={graph} state={state} />}
        </>
      )}
    </section>
  );
}
