// A real openapi provider (an HTTP server on 127.0.0.1) answering values of untrusted size: a
// 1,000,000-element array and a 10,000-deep object. Over real HTTP the step fails with the typed
// upstream_failure (502, the contract's error payload); never a 500, a stack trace or a crash.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { SkillService } from '@skill-service/service';
import { listen, testApp, type Listening } from './testing/test-server.js';

jest.setTimeout(120_000);

/** The provider's bodies, built as text: the provider's JSON parser, not this test, meets them. */
const BODIES: Readonly<Record<string, string>> = {
  wide: `{"value":[${'0,'.repeat(999_999)}0]}`,
  deep: `{"value":${'{"next":'.repeat(10_000)}"leaf"${'}'.repeat(10_000)}}`,
  small: '{"value":[1,2,3]}',
};

let provider: Server;
let scratch: string;
let service: SkillService;
let server: Listening;
const seen: string[] = [];

async function writeTree(files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(scratch, path)), { recursive: true });
    await writeFile(join(scratch, path), text);
  }
}

beforeAll(async () => {
  provider = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const shape = String((JSON.parse(text) as { shape?: unknown }).shape);
      seen.push(shape);
      res.writeHead(200, { 'content-type': 'application/json' }).end(BODIES[shape] ?? '{}');
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  scratch = await mkdtemp(join(tmpdir(), 'oversized-answers-'));
  await writeTree({
    'registry/capabilities/test.answer.yaml': [
      'id: test.answer',
      'version: 1.0.0',
      'description: Answers a value of the shape asked for.',
      'inputs:',
      '  shape: { type: string, required: true }',
      'outputs:',
      '  value: { type: any, required: true }',
      '',
    ].join('\n'),
    'registry/skills/official/test/answer/skill.yaml': [
      'id: test.answer-twice',
      'version: 1.0.0',
      'name: Answer',
      'description: One step asking the provider for a value.',
      'inputs:',
      '  shape: { type: string, required: true }',
      'outputs:',
      '  value: { type: any, required: true }',
      'steps:',
      '  - id: ask',
      '    uses: test.answer',
      '    input: { shape: inputs.shape }',
      '    output: { value: outputs.value }',
      '',
    ].join('\n'),
    'runtime/services/official/answers.yaml': [
      'id: answers',
      'type: openapi',
      `base_url: http://127.0.0.1:${port}`,
      'timeout_seconds: 60',
      // Large enough for the 2 MB array: the value count, not the byte cap, is under test.
      'metadata: { max_response_bytes: 67108864, retry_count: 0 }',
      '',
    ].join('\n'),
    'runtime/bindings/official/test.answer/openapi_answer.yaml': [
      'id: openapi_answer',
      'capability: test.answer',
      'service: answers',
      'protocol: openapi',
      'operation: answer',
      'request: { shape: input.shape }',
      'response: { value: response.value }',
      '',
    ].join('\n'),
  });
  service = await SkillService.open(
    {
      registryRoot: join(scratch, 'registry'),
      runtimeRoot: join(scratch, 'runtime'),
      env: {},
      maxWorkers: 2,
      outboundAllow: ['127.0.0.1'],
      python: { executable: 'python3', poolSize: 1, extraModulePrefixes: [] },
      maxTrustLevel: 'standard',
      defaultAuditMode: 'off',
      defaultStepTimeoutSeconds: 60,
      log: () => undefined,
    },
    { version: 'test' },
  );
  server = await listen(testApp(service).app);
});

afterAll(async () => {
  await server?.close();
  await service?.close();
  await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()));
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a real openapi provider answering values of untrusted size', () => {
  it('answers a small value (the wiring under test works)', async () => {
    const answer = await post('/v1/skills/test.answer-twice/execute', { inputs: { shape: 'small' } });
    expect(answer).toMatchObject({ status: 200, body: { status: 'completed', outputs: { value: [1, 2, 3] } } });
  });

  it.each([
    ['a 1,000,000-element array', 'wide', 'an output of more than 500000 values'],
    ['a 10,000-deep object', 'deep', 'nested deeper than 100 levels'],
  ])('fails the step on %s with upstream_failure, and the server keeps serving', async (_what, shape, reason) => {
    for (const path of ['/v1/skills/test.answer-twice/execute', '/v1/capabilities/test.answer/execute']) {
      const before = seen.length;
      const answer = await post(path, { inputs: { shape } });
      // The provider was really called, and its answer (not a transport cap) was refused.
      expect(seen.slice(before)).toContain(shape);
      expect(answer.status).toBe(502);
      expect(Object.keys(answer.body).sort()).toEqual(['error', 'trace_id']);
      const error = answer.body['error'] as { code: string; message: string };
      expect(error.code).toBe('upstream_failure');
      expect(error.message).toContain(reason);
      expect(JSON.stringify(answer.body)).not.toMatch(/\bat .+:\d+:\d+|RangeError|call stack|\/(work|home|tmp|usr)\//);
    }
    const health = await fetch(`${server.url}/v1/health`);
    expect(health.status).toBe(200);
  });
});
