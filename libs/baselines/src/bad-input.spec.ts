import { describe, expect, it } from '@jest/globals';
import { isServiceError } from '@skill-service/contracts';
import { Ajv } from 'ajv';
import type { BuiltinCapability, JsonSchema } from './builtin-capability.js';
import { BUILTIN_CAPABILITIES } from './builtin-capabilities.js';
import type { PageFetcher } from './page-fetcher.js';
import { runChecked } from './testing/run-checked.js';
import { SAMPLE_INPUTS } from './testing/sample-inputs.js';

// Every capability, every kind of bad input: the answer is a result that satisfies the output
// schema or a typed error (invalid_request; invalid_configuration only for a missing fetcher),
// never a crash, never a hang.
const FIVE_MB = 'x'.repeat(5 * 1024 * 1024);
const fetchPage: PageFetcher = (url) => Promise.resolve({ status: 200, url, contentType: 'text/html', body: '<p>ok</p>' });

function deeplyNested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

type Outcome = { readonly kind: 'result'; readonly output: Record<string, unknown> } | { readonly kind: 'error'; readonly code: string; readonly message: string };

/** Runs and classifies: anything but a valid result or a ServiceError fails the test. */
async function outcomeOf(capability: BuiltinCapability, input: unknown): Promise<Outcome> {
  try {
    return { kind: 'result', output: await runChecked(capability, input, { fetchPage }) };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { kind: 'error', code: error.code, message: error.message };
  }
}

function properties(schema: JsonSchema): [string, Record<string, unknown>][] {
  return Object.entries(schema['properties'] as Record<string, Record<string, unknown>>);
}

/** A value of a type the property does not accept. */
function wrongValue(schema: Record<string, unknown>): unknown {
  switch (schema['type']) {
    case 'string':
      return 42;
    case 'integer':
      return 'seven';
    case 'number':
      return 'many';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'a list' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return undefined;
  }
}

const CASES = BUILTIN_CAPABILITIES.map((capability) => [capability.id, capability] as const);

describe('bad input, for every built-in capability', () => {
  it('has a sample input for every capability, accepted and answered within its output schema', async () => {
    expect(Object.keys(SAMPLE_INPUTS).sort()).toEqual(BUILTIN_CAPABILITIES.map((capability) => capability.id).sort());
    for (const capability of BUILTIN_CAPABILITIES) expect(await outcomeOf(capability, SAMPLE_INPUTS[capability.id])).toMatchObject({ kind: 'result' });
  });

  it.each(CASES)('%s: refuses a non-object input and a missing required field', async (_id, capability) => {
    for (const input of [null, 'text', 42, [], undefined]) expect(await outcomeOf(capability, input)).toMatchObject({ kind: 'error', code: 'invalid_request' });
    for (const required of (capability.inputSchema['required'] as string[]) ?? []) {
      const input = { ...SAMPLE_INPUTS[capability.id] };
      delete input[required];
      expect(await outcomeOf(capability, input)).toEqual({ kind: 'error', code: 'invalid_request', message: expect.stringContaining(`inputs.${required} is required`) as unknown });
    }
  });

  it.each(CASES)('%s: refuses each field given the wrong type, naming the field', async (_id, capability) => {
    for (const [name, schema] of properties(capability.inputSchema)) {
      const wrong = wrongValue(schema);
      if (wrong === undefined) continue;
      const outcome = await outcomeOf(capability, { ...SAMPLE_INPUTS[capability.id], [name]: wrong });
      expect(outcome).toEqual({ kind: 'error', code: 'invalid_request', message: expect.stringContaining(`inputs.${name}`) as unknown });
    }
  });

  it.each(CASES)('%s: answers empty strings with a result or invalid_request', async (_id, capability) => {
    for (const [name, schema] of properties(capability.inputSchema)) {
      if (schema['type'] !== 'string') continue;
      const outcome = await outcomeOf(capability, { ...SAMPLE_INPUTS[capability.id], [name]: '' });
      if (outcome.kind === 'error') expect(outcome.code).toBe('invalid_request');
    }
  });

  it.each(CASES)('%s: refuses a 5 MB string in any field promptly', async (_id, capability) => {
    for (const name of [...properties(capability.inputSchema).map(([field]) => field), 'unknown_extra']) {
      const started = Date.now();
      expect(await outcomeOf(capability, { ...SAMPLE_INPUTS[capability.id], [name]: FIVE_MB })).toMatchObject({ kind: 'error', code: 'invalid_request' });
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it.each(CASES)('%s: refuses 10,000 levels of nesting in any field', async (_id, capability) => {
    const deep = deeplyNested(10_000);
    for (const name of [...properties(capability.inputSchema).map(([field]) => field), 'unknown_extra']) {
      const started = Date.now();
      expect(await outcomeOf(capability, { ...SAMPLE_INPUTS[capability.id], [name]: deep })).toMatchObject({ kind: 'error', code: 'invalid_request' });
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it.each(CASES)('%s: accepts (and ignores) fields it does not know, as a gate receives a whole step input', async (_id, capability) => {
    expect(await outcomeOf(capability, { ...SAMPLE_INPUTS[capability.id], channel: 'blog', note: 'extra' })).toMatchObject({ kind: 'result' });
  });

  it('every input and output schema is a valid JSON Schema object schema', () => {
    const ajv = new Ajv({ strict: true });
    for (const capability of BUILTIN_CAPABILITIES) {
      expect(capability.inputSchema['type']).toBe('object');
      expect(capability.outputSchema['type']).toBe('object');
      expect(ajv.validateSchema(capability.inputSchema)).toBe(true);
      expect(ajv.validateSchema(capability.outputSchema)).toBe(true);
    }
  });
});

describe('malformed documents', () => {
  const capability = (id: string): BuiltinCapability => BUILTIN_CAPABILITIES.find((entry) => entry.id === id) as BuiltinCapability;

  it.each([
    ['a,b\n1,2,3\n'],
    ['a,b\n"1,2\n'],
    ['"a"b,c\n'],
    ['\u0000,\u0001\n"'],
  ])('CSV %j is invalid_request', async (text) => {
    expect(await outcomeOf(capability('data.csv.parse'), { text })).toMatchObject({ kind: 'error', code: 'invalid_request' });
  });

  it.each([['{'], ['{"a":}'], ['[1,]'], ["{'a': 1}"], ['NaN'], ['\u0000']])('JSON %j is invalid_request', async (text) => {
    expect(await outcomeOf(capability('data.json.parse'), { text })).toMatchObject({ kind: 'error', code: 'invalid_request' });
  });

  it.each([
    ['<div><p>unclosed <b>tags'],
    ['<<<>>> </p></div></body>'],
    ['<script>never closed'],
    ['<a href="javascript:alert(1)" onclick="x()">x</a><a href=">'],
    ['<!-- unterminated comment'],
    ['<p>&#xZZZ; &bogus; &#99999999;</p>'],
    [`${'<span>'.repeat(19_000)}text`],
  ])('HTML %# parses to a result', async (html) => {
    const started = Date.now();
    for (const id of ['web.page.extract', 'web.link.extract']) expect(await outcomeOf(capability(id), { html, base_url: 'https://example.com/' })).toMatchObject({ kind: 'result' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it.each([
    ['{{constructor.constructor "return process"}}'],
    ['{{#with (lookup this "constructor")}}{{lookup this "prototype"}}{{/with}}'],
    ['{{__proto__.polluted}}{{#each __proto__}}{{@key}}{{/each}}'],
    ['{{lookup (lookup this "__proto__") "constructor"}}'],
  ])('template %j never reaches the prototype chain', async (template) => {
    const outcome = await outcomeOf(capability('text.template.render'), { template, data: {} });
    if (outcome.kind === 'result') expect(outcome.output['text']).toBe('');
    else expect(outcome.code).toBe('invalid_request');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
