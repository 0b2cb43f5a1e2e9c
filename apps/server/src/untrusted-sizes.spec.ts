// Request data of untrusted size over real HTTP: a wide input reaches a built-in capability
// (data.schema.validate walks it) and the answer is a contract 400, never a 500 or a crash.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BUILTIN_REGISTRY_ROOT, REPO_ROOT, SkillService } from '@skill-service/service';
import { listen, testApp, type Listening } from './testing/test-server.js';

jest.setTimeout(120_000);

let service: SkillService;
let server: Listening;

beforeAll(async () => {
  service = await SkillService.open(
    {
      registryRoot: BUILTIN_REGISTRY_ROOT,
      runtimeRoot: REPO_ROOT,
      env: {},
      maxWorkers: 2,
      outboundAllow: [],
      python: { executable: 'python3', poolSize: 1, extraModulePrefixes: [] },
      maxTrustLevel: 'standard',
      defaultAuditMode: 'off',
      defaultStepTimeoutSeconds: 60,
      log: () => undefined,
    },
    { version: 'test' },
  );
  // A body limit large enough for the wide input: the walk, not the parser, is under test.
  server = await listen(testApp(service, { bodyLimitBytes: 16 * 1024 * 1024 }).app);
});

afterAll(async () => {
  await server?.close();
  await service?.close();
});

/** `{"k0":0,"k1":1,…}` with `count` keys. */
function wideObject(count: number): Record<string, number> {
  const object: Record<string, number> = {};
  for (let index = 0; index < count; index++) object[`k${index}`] = index;
  return object;
}

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a 150,000-key input over HTTP', () => {
  const data = wideObject(150_000);

  it('is answered 400 naming the input and how to proceed when schema and data are too large together', async () => {
    // 15 properties make the schema 33 values: 33 × 150,001 passes the validator's work cap.
    const properties = Object.fromEntries(Array.from({ length: 15 }, (_, index) => [`p${index}`, { type: 'number' }]));
    const answer = await post('/v1/capabilities/data.schema.validate/execute', { inputs: { data, schema: { type: 'object', properties } } });
    expect(answer.status).toBe(400);
    const error = answer.body['error'] as { code: string; message: string };
    expect(error.code).toBe('invalid_request');
    // Counting the data's values is what meets its 150,000 keys first: an overflow caught late would
    // answer "cannot process this input" instead of the cap's own explanation.
    expect(error.message).toMatch(/^Invalid input: inputs\.data and inputs\.schema are too large together .*validate the records one by one$/);
    expect(JSON.stringify(answer.body)).not.toMatch(/\bat .+:\d+:\d+|RangeError|call stack/);
  });

  it('is validated when the schema is small: every key checked, the problems listed up to the cap', async () => {
    const answer = await post('/v1/capabilities/data.schema.validate/execute', { inputs: { data, schema: { type: 'object', additionalProperties: { type: 'string' } } } });
    expect(answer.status).toBe(200);
    const outputs = (answer.body['outputs'] ?? {}) as { valid: boolean; errors: string[] };
    expect(outputs.valid).toBe(false);
    expect(outputs.errors.slice(0, 2)).toEqual(['/k0 must be string', '/k1 must be string']);
    expect(outputs.errors.at(-1)).toMatch(/149900 more/);
  });

  it('leaves the server serving', async () => {
    const small = await post('/v1/capabilities/data.schema.validate/execute', { inputs: { data: wideObject(3), schema: { type: 'object' } } });
    expect(small).toMatchObject({ status: 200, body: { outputs: { valid: true, errors: [] } } });
  });
});
