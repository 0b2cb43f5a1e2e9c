// Shared by the tracing specs: a registry and runtime tree whose skills exercise every span kind
// (parallel steps, a retried step, a nested skill, a failing provider with a fallback, a failing
// run), all on openapi services answered by one real HTTP server on 127.0.0.1.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface UpstreamCall {
  readonly operation: string;
  readonly headers: IncomingHttpHeaders;
}

export interface Upstream {
  readonly server: Server;
  readonly port: number;
  /** Every call received, in order. */
  readonly calls: UpstreamCall[];
  close(): Promise<void>;
}

/** `upper` answers the text upper-cased, `flaky` fails (500) the first call per text, `broken` always fails. */
export async function startUpstream(): Promise<Upstream> {
  const calls: UpstreamCall[] = [];
  const flaky = new Map<string, number>();
  const answer = (operation: string, text: string): { status: number; body: unknown } => {
    if (operation === 'broken') return { status: 500, body: { error: 'down for the test' } };
    if (operation === 'flaky') {
      const count = (flaky.get(text) ?? 0) + 1;
      flaky.set(text, count);
      if (count === 1) return { status: 500, body: { error: 'first call fails' } };
    }
    return { status: 200, body: { text: text.toUpperCase() } };
  };
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const operation = (req.url ?? '').replace(/^\//, '');
      calls.push({ operation, headers: req.headers });
      const { status, body } = answer(operation, String((JSON.parse(text) as { text?: unknown }).text));
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const capability = (id: string): string =>
  [`id: ${id}`, 'version: 1.0.0', `description: The ${id} capability.`, 'inputs:', '  text: { type: string, required: true }', 'outputs:', '  text: { type: string, required: true }', ''].join('\n');

const binding = (id: string, capabilityId: string, serviceId: string, operation: string, extra: string[] = []): string =>
  [`id: ${id}`, `capability: ${capabilityId}`, `service: ${serviceId}`, 'protocol: openapi', `operation: ${operation}`, 'request: { text: input.text }', 'response: { text: response.text }', ...extra, ''].join('\n');

function skill(id: string, steps: string[], outputs: string[]): string {
  return [
    `id: ${id}`,
    'version: 1.0.0',
    `name: ${id}`,
    `description: The ${id} skill.`,
    'inputs:',
    '  text: { type: string, required: true }',
    'outputs:',
    ...outputs.map((name) => `  ${name}: { type: string, required: true }`),
    'steps:',
    ...steps,
    '',
  ].join('\n');
}

/**
 * Writes `registry/` and `runtime/` under `root`. Skills: `t.tree` (a ∥ b with b retried, c a
 * nested `t.inner` after a, d on `t.summary` whose primary binding fails and falls back), `t.inner`
 * (one step) and `t.fails` (its only binding fails).
 */
export async function writeTracedTree(root: string, upstreamPort: number): Promise<void> {
  const descriptor = (id: string): string => [`id: ${id}`, 'type: openapi', `base_url: http://127.0.0.1:${upstreamPort}`, 'metadata: { retry_count: 0 }', ''].join('\n');
  const files: Record<string, string> = {
    'registry/capabilities/t.upper.yaml': capability('t.upper'),
    'registry/capabilities/t.flaky.yaml': capability('t.flaky'),
    'registry/capabilities/t.summary.yaml': capability('t.summary'),
    'registry/capabilities/t.broken.yaml': capability('t.broken'),
    'registry/skills/official/t/inner/skill.yaml': skill('t.inner', ['  - id: shout', '    uses: t.upper', '    input: { text: inputs.text }', '    output: { text: outputs.text }'], ['text']),
    'registry/skills/official/t/tree/skill.yaml': skill(
      't.tree',
      [
        '  - id: a',
        '    uses: t.upper',
        '    input: { text: inputs.text }',
        '    output: { text: vars.a }',
        '  - id: b',
        '    uses: t.flaky',
        '    retry: { max_attempts: 3, backoff_seconds: 0.01 }',
        '    input: { text: inputs.text }',
        '    output: { text: vars.b }',
        '  - id: c',
        '    uses: skill:t.inner',
        '    input: { text: vars.a }',
        '    output: { text: outputs.nested }',
        '  - id: d',
        '    uses: t.summary',
        '    input: { text: vars.b }',
        '    output: { text: outputs.summary }',
      ],
      ['nested', 'summary'],
    ),
    'registry/skills/official/t/fails/skill.yaml': skill('t.fails', ['  - id: only', '    uses: t.broken', '    input: { text: inputs.text }', '    output: { text: outputs.text }'], ['text']),
    'runtime/services/official/upstream.yaml': descriptor('upstream'),
    'runtime/services/official/broken.yaml': descriptor('broken'),
    'runtime/bindings/official/t.upper/up_upper.yaml': binding('up_upper', 't.upper', 'upstream', 'upper'),
    'runtime/bindings/official/t.flaky/up_flaky.yaml': binding('up_flaky', 't.flaky', 'upstream', 'flaky'),
    'runtime/bindings/official/t.broken/broken_only.yaml': binding('broken_only', 't.broken', 'broken', 'broken'),
    'runtime/bindings/official/t.summary/broken_summary.yaml': binding('broken_summary', 't.summary', 'broken', 'broken', ['metadata:', '  fallback_binding_id: healthy_summary']),
    'runtime/.agent-skills/bindings/local/t.summary/healthy_summary.yaml': binding('healthy_summary', 't.summary', 'upstream', 'upper'),
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}
