import type { DiagnosticsReport } from '@skill-service/contracts';
import { useConsole, useResource } from '../console-context.js';
import { ErrorNotice } from '../ui/notices.js';

/** Registry problems, provider health and circuit breakers, from `GET /v1/skills/diagnostics`. */
export function DiagnosticsPage() {
  const { client } = useConsole();
  const report = useResource((signal) => client.get<DiagnosticsReport>('/v1/skills/diagnostics', signal), []);
  const data = report.data;
  return (
    <section>
      <h1>Diagnostics</h1>
      <ErrorNotice error={report.error} title="Diagnostics could not be loaded" />
      {data === undefined ? null : (
        <>
          <h2>Registry</h2>
          <p>
            {data.registry.counts.skills} skills ({data.registry.counts.rejected_skills} rejected), {data.registry.counts.capabilities} capabilities,{' '}
            {data.registry.counts.services} services, {data.registry.counts.bindings} bindings.
          </p>
          {data.registry.diagnostics.length === 0 ? (
            <p>No registry problems.</p>
          ) : (
            <table class="table" aria-label="Registry problems">
              <thead>
                <tr>
                  <th scope="col">Severity</th>
                  <th scope="col">File</th>
                  <th scope="col">Field</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {data.registry.diagnostics.map((problem, index) => (
                  <tr key={index}>
                    <td>
                      <span class={`tag tag-${problem.severity === 'error' ? 'failed' : 'degraded'}`}>{problem.severity}</span>
                    </td>
                    <td class="mono">
                      {problem.root}/{problem.file}
                    </td>
                    <td class="mono">{problem.path}</td>
                    <td>
                      {problem.code}: {problem.message}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data.registry.unbound_capabilities.length === 0 ? null : <p>Unbound capabilities: {data.registry.unbound_capabilities.join(', ')}</p>}
          <h2>Providers</h2>
          <table class="table" aria-label="Provider health">
            <thead>
              <tr>
                <th scope="col">Subsystem</th>
                <th scope="col">Status</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(data.providers).map(([name, health]) => {
                const { status, ...rest } = health;
                return (
                  <tr key={name}>
                    <td>{name}</td>
                    <td>
                      <span class={`tag tag-${status === 'ok' ? 'completed' : 'failed'}`}>{status}</span>
                    </td>
                    <td class="mono small">{JSON.stringify(rest)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <h2>Circuit breakers</h2>
          {Object.keys(data.circuit_breakers).length === 0 ? (
            <p>Every circuit is closed.</p>
          ) : (
            <table class="table" aria-label="Circuit breakers">
              <thead>
                <tr>
                  <th scope="col">Service</th>
                  <th scope="col">State</th>
                  <th scope="col">Failures</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(data.circuit_breakers).map(([service, breaker]) => (
                  <tr key={service}>
                    <td>{service}</td>
                    <td>{breaker.state}</td>
                    <td>{breaker.failures}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p class="muted">
            Up {Math.round(data.process.uptime_seconds)} s; {data.execution_history.executions} executions settled.
          </p>
        </>
      )}
    </section>
  );
}
