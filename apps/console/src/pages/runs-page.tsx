import type { RunList, RunRecord } from '@skill-service/contracts';
import { deniedReason } from '../api/caller-role.js';
import { useConsole, useInterval, useResource } from '../console-context.js';
import { href } from '../router.js';
import { ErrorNotice, Notice } from '../ui/notices.js';

const REFRESH_MS = 2000;

export function durationText(run: Pick<RunRecord, 'created_at' | 'finished_at'>, now = Date.now()): string {
  const start = Date.parse(run.created_at);
  const end = run.finished_at === null ? now : Date.parse(run.finished_at);
  const ms = Math.max(0, end - start);
  const text = ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
  return run.finished_at === null ? `${text} so far` : text;
}

/** The async runs, newest first; refreshed while any of them is running. */
export function RunsPage() {
  const { client, caller } = useConsole();
  const denied = deniedReason(caller, 'operator', 'The run list');
  const runs = useResource((signal) => client.get<RunList>('/v1/runs?limit=100', signal), []);
  const anyRunning = runs.data?.runs.some((run) => run.status === 'running') ?? false;
  useInterval(() => runs.reload(), REFRESH_MS, anyRunning);
  return (
    <section>
      <h1>Runs</h1>
      {denied === undefined ? null : <Notice kind="warning">{denied}</Notice>}
      <ErrorNotice error={runs.error} title="The runs could not be loaded" />
      {anyRunning ? (
        <p class="muted" role="status">
          Refreshing every {REFRESH_MS / 1000} s while a run is running.
        </p>
      ) : null}
      {runs.data === undefined ? (
        runs.error === undefined ? <p aria-busy="true">Loading runs…</p> : null
      ) : runs.data.runs.length === 0 ? (
        <p>No runs yet. Launch one from a skill's page.</p>
      ) : (
        <table class="table" aria-label="Runs">
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Status</th>
              <th scope="col">Skill</th>
              <th scope="col">Created</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            {runs.data.runs.map((run) => (
              <tr key={run.run_id} data-run={run.run_id} data-status={run.status}>
                <td>
                  <a class="mono" href={href('runs', run.run_id)}>
                    {run.run_id.slice(0, 8)}
                  </a>
                </td>
                <td>
                  <span class={`tag tag-${run.status}`}>{run.status}</span>
                </td>
                <td>
                  <a href={href('skills', run.skill_id)}>{run.skill_id}</a>
                </td>
                <td>{run.created_at}</td>
                <td>{durationText(run)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
