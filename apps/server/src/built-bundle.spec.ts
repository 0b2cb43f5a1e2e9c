// The built bundle itself (apps/server/dist/main.js, built before the tests by the `test` target's
// dependency on `build`).
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { BUILT_MAIN, killBuiltServers, listeningOn, spawnBuiltServer } from './testing/built-server.js';

jest.setTimeout(40_000);

afterEach(() => {
  killBuiltServers();
});

describe('the built bundle', () => {
  it('is pure ASCII, so V8 keeps its ~5 MB source at one byte per character rather than two', () => {
    const source = readFileSync(BUILT_MAIN, 'utf8');
    const first = source.search(/[\u0080-\uffff]/);
    // Where it is, to find the literal to escape (esbuild escapes strings, not regular expressions).
    expect(first === -1 ? 'pure ASCII' : source.slice(Math.max(0, first - 80), first + 20)).toBe('pure ASCII');
  });

  it('holds one copy of the MIME database, not one per express dependency (the build aliases mime-types)', () => {
    // express, accepts, send and type-is each install their own mime-types@3 + mime-db: four copies of
    // the same 150 kB table, each parsed into the heap at startup (~0.8 MB apiece) without the alias.
    const source = readFileSync(BUILT_MAIN, 'utf8');
    expect(source.split('"application/1d-interleaved-parityfec"').length - 1).toBe(1);
  });

  it('leaves the MCP SDK client out of the startup code: built-ins are called directly, the SDK loads with a server connection', () => {
    const source = readFileSync(BUILT_MAIN, 'utf8');
    // A message of the SDK's Client class (its capability checks), here only if main.js holds the client.
    expect(source.includes('Server does not support')).toBe(false);
  });

  it('leaves the OpenTelemetry SDK and exporters out of the startup code: they load only when OTEL_* asks for traces', () => {
    const source = readFileSync(BUILT_MAIN, 'utf8');
    for (const name of ['BasicTracerProvider', 'BatchSpanProcessor', 'AsyncLocalStorageContextManager', 'OTLPTraceExporter']) expect([name, source.includes(name)]).toEqual([name, false]);
  });

  it('runs the built-in capabilities whose libraries it loads from chunks on first use', async () => {
    // The built-in registry and bindings (no flags): every call below imports a chunk the idle server never loaded.
    const server = spawnBuiltServer([]);
    const { url } = await listeningOn(server);
    const english = 'The engine schedules independent steps concurrently. Each capability resolves through a binding to a provider.';
    const cases: Array<[capability: string, inputs: Record<string, unknown>, outputs: Record<string, unknown>]> = [
      ['text.language.detect', { text: english }, { language: 'eng' }],
      ['text.keyword.extract', { text: english }, { language: 'eng' }],
      ['security.pii.detect', { text: 'Call +1 415 555 0100 or write to lena@example.com' }, { counts: expect.objectContaining({ phone: 1, email: 1 }) }],
      ['text.template.render', { template: 'Hi {{name}}', data: { name: 'Lena' } }, { text: 'Hi Lena' }],
      ['web.page.extract', { html: '<html><head><title>A &amp; B</title></head><body><p>Hello</p></body></html>' }, { title: 'A & B', text: 'Hello' }],
      ['web.link.extract', { html: '<a href="/x">x</a>', base_url: 'https://a.example/' }, { count: 1 }],
      ['data.csv.parse', { text: 'a,b\n1,2\n' }, { rows: [{ a: '1', b: '2' }] }],
      ['code.diff.summarize', { before: 'a\nb\n', after: 'a\nc\n' }, { added_lines: 1, removed_lines: 1 }],
      ['data.schema.validate', { data: {}, schema: { type: 'object', required: ['b'] } }, { valid: false }],
      ['table.rows.sort', { rows: [{ n: 'item 10' }, { n: 'item 2' }], by: [{ field: 'n' }] }, { rows: [{ n: 'item 2' }, { n: 'item 10' }] }],
    ];
    for (const [capability, inputs, outputs] of cases) {
      const response = await fetch(`${url}/v1/capabilities/${capability}/execute`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ inputs }),
        signal: AbortSignal.timeout(15_000),
      });
      expect([capability, response.status, ((await response.json()) as { outputs?: unknown }).outputs]).toEqual([capability, 200, expect.objectContaining(outputs)]);
    }
  });
});
