import type { RunRecord, SkillDescription } from '@skill-service/contracts';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api/api-error.js';
import { useConsole, useInterval, useResource } from '../console-context.js';
import { skillGraph, type DescribedStep } from '../graph/skill-graph.js';
import { href } from '../router.js';
import { CancelRunButton } from '../run/cancel-run-button.js';
import { cancelledRun, isCancelledRecord } from '../run/cancelled-run.js';
import { EventsUnavailable, followRunEvents } from '../run/follow-run-events.js';
import { failRun, initialRunState, type RunState } from '../run/run-state.js';
import { RunView } from '../run/run-view.js';
import { ErrorNotice, Notice } from '../ui/notices.js';
import { durationText } from './runs-page.js';

const POLL_MS = 1000;

/**
 * One async run: its record (result or error), and — where the server streams run events — its
 * graph coloured by the replayed and live events, a timeline and the event log. Without that
 * route the page polls the record until the run finishes.
 */
export function RunPage({ runId }: { runId: string }) {
  const { client, features } = useConsole();
  const record = useResource((signal) => client.get<RunRecord>(`/v1/runs/${encodeURIComponent(runId)}`, signal), [runId]);
  const skillId = record.data?.skill_id;
  const skill = useResource(
    (signal) => (skillId === undefined ? Promise.resolve(undefined) : client.get<SkillDescription>(`/v1/skills/${encodeURIComponent(skillId)}/describe`, signal)),
    [skillId],
  );
  const graph = useMemo(() => (skill.data === undefined ? undefined : skillGraph(skill.data.steps as DescribedStep[])), [skill.data]);
  const [events, setEvents] = useState<RunState | undefined>(undefined);
  const [eventsProblem, setEventsProblem] = useState<string | undefined>(undefined);
  // The cancel's answer: the final record, shown even where the caller may not read the run.
  const [cancelled, setCancelled] = useState<RunRecord | undefined>(undefined);

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

  const run = cancelled ?? record.data;
  const streaming = features.runEvents && eventsProblem === undefined;
  useInterval(() => record.reload(), POLL_MS, run?.status === 'running' && (!streaming || events?.outcome.kind !== 'running'));
  // The events stream ended: read the final record once.
  useEffect(() => {
    if (events !== undefined && events.outcome.kind !== 'running' && run?.status === 'running') record.reload();
  }, [events?.outcome.kind]);

  // A caller who may not read the run (an executor; a reader) still sees the Cancel button, with its reason.
  const unreadable = run === undefined && record.error instanceof ApiError && record.error.status === 403;
  const cancelButton = (
    <CancelRunButton
      runId={runId}
      status={run?.status}
      onCancelled={setCancelled}
      onSettled={() => {
        if (!unreadable) record.reload();
      }}
    />
  );

  const fromRecord = useMemo(() => {
    if (run === undefined || stepIds === undefined) return undefined;
    const base = initialRunState(stepIds);
    if (run.status === 'completed' && run.result !== null) return { ...base, outcome: { kind: 'completed' as const, result: run.result } };
    if (run.status === 'failed') return failRun(base, run.error ?? 'The run failed.');
    return base;
  }, [run?.status, run?.finished_at, stepKey]);
  const shown = events ?? fromRecord;
  // Cancelled: the step the cancel stopped failed, those not started did not run.
  const state = shown !== undefined && run !== undefined && isCancelledRecord(run) ? cancelledRun(shown, run.error ?? 'Run cancelled', Date.parse(run.finished_at ?? '') || Date.now()) : shown;

  return (
    <section>
      <p>
        <a href="#/runs">← Runs</a>
      </p>
      <h1>
        Run <span class="mono">{runId}</span>
      </h1>
      <ErrorNotice error={cancelled === undefined ? record.error : undefined} title="The run could not be loaded" />
      {run === undefined ? (
        record.error === undefined ? <p aria-busy="true">Loading…</p> : unreadable ? cancelButton : null
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
          {cancelButton}
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
