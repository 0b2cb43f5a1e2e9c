// A registry as the Python implementation's authors write it loads and serves unchanged, quirks included
// (a capability whose metadata holds `tags` twice, a stray top-level `status`, folded descriptions,
// free-form examples); and the stricter checks refuse exactly the broken skills: a skill with
// warnings runs, one with errors is a 409 listing every problem, and the good ones keep serving.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { InvalidConfigurationError, httpStatusOf, toErrorPayload } from '@skill-service/contracts';
import { ORIGINAL_REGISTRY_ROOT, ORIGINAL_RUNTIME_ROOT } from './bindings-e2e/test/fixture-paths.js';
import { SkillService } from './skill-service.js';
import { testConfig } from './testing/test-config.js';

jest.setTimeout(60_000);

// Our own words, in that implementation's spelling and with its quirks: `tags` written twice under
// metadata (PyYAML keeps the last), a top-level `status` it ignores, `>` descriptions.
const QUIRKY_KEYWORDS = `id: text.keyword.extract
version: 1.0.0
status: stable
description: >
  Extract the most frequent keywords of a passage,
  most frequent first.
inputs:
  text:
    type: string
    required: true
    description: >
      The passage.
  max_keywords: { type: integer, required: false }
outputs:
  keywords: { type: array, required: true, description: "Keywords, most frequent first." }
properties: { deterministic: true, side_effects: false, idempotent: true }
metadata:
  status: stable
  tags: [text, keywords]
  examples:
    - text: "Breakers open, breakers close."
      expected_keywords: [breakers]
  tags:
    - text
    - keywords
    - extraction
`;

// A skill with warnings only (an unknown step key): it runs. One with errors: refused whole.
const WARNED = `id: text.warned-keywords
version: 1.0.0
name: Warned keywords
description: Keywords, with a step key nobody reads.
inputs: { note: { type: string, required: true } }
outputs: { keywords: { type: array, required: true } }
steps:
  - id: keywords
    uses: text.keyword.extract
    input: { text: inputs.note, max_keywords: 2 }
    output: { keywords: outputs.keywords }
    notes: written for humans
`;
const BROKEN = `id: text.broken-keywords
version: 1.0.0
name: Broken keywords
description: Every slip at once.
inputs: { note: { type: strin, required: true } }
outputs: { keywords: { type: array, required: true } }
steps:
  - id: keywords
    uses: text.keyword.extract
    input: { text: inputs.notes }
    output: { keywords: outputs.keywords, score: vars.score }
`;

let root = '';
let service: SkillService;
const context = { traceId: 'fidelity-trace', channel: 'http' };
const NOTE = 'The circuit breaker opens after repeated provider failures, and the circuit closes again after a successful probe.';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'registry-fidelity-'));
  const registryRoot = join(root, 'registry');
  const runtimeRoot = join(root, 'runtime');
  await cp(ORIGINAL_REGISTRY_ROOT, registryRoot, { recursive: true });
  await cp(ORIGINAL_RUNTIME_ROOT, runtimeRoot, { recursive: true });
  const files = {
    'capabilities/text.keyword.extract.yaml': QUIRKY_KEYWORDS,
    'skills/official/text/warned-keywords/skill.yaml': WARNED,
    'skills/official/text/broken-keywords/skill.yaml': BROKEN,
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(registryRoot, file)), { recursive: true });
    await writeFile(join(registryRoot, file), text);
  }
  service = await SkillService.open(testConfig({ registryRoot, runtimeRoot }).config, { version: '0.0.0' });
});

afterAll(async () => {
  await service?.close();
  await rm(root, { recursive: true, force: true });
});

describe('a registry in the Python implementation\'s layout, with its quirks', () => {
  it('loads the duplicate-tags capability with the last tags, and reports only warnings for the quirks', async () => {
    const report = await service.diagnostics();
    const about = (file: string): [string, string, string][] =>
      report.registry.diagnostics.filter((d) => d.file === file).map((d) => [d.path, d.code, d.severity]);
    expect(about('capabilities/text.keyword.extract.yaml')).toEqual([
      ['metadata.tags', 'duplicate_key', 'warning'],
      ['status', 'unknown_field', 'warning'],
    ]);
    expect(report.registry.diagnostics.find((d) => d.code === 'duplicate_key')?.message).toBe(
      'key "metadata.tags" is written twice (lines 19 and 23); the last value (line 23) is used',
    );
    expect(report.registry.unbound_capabilities).toEqual([]);
    expect(report.registry.counts).toMatchObject({ capabilities: 3, rejected_skills: 1 });
  });

  it('serves every skill of that layout, the one using the duplicate-tags capability included', async () => {
    expect(service.listSkills({ offset: 0, limit: 20 }).skills.map((skill) => skill.id)).toEqual(['text.note-digest', 'text.warned-keywords']);
    const result = await service.executeSkill('text.note-digest', { inputs: { note: NOTE } }, context);
    expect(result).toMatchObject({ status: 'completed', outputs: { language: 'en', keywords: ['circuit', 'after', 'breaker'] } });
  });

  it('runs a skill that loads with warnings', async () => {
    const result = await service.executeSkill('text.warned-keywords', { inputs: { note: NOTE } }, context);
    expect(result).toMatchObject({ status: 'completed', outputs: { keywords: ['circuit', 'after'] } });
  });

  it('refuses a skill with errors as 409, listing every problem, while the good ones serve', async () => {
    const refusal = await service.executeSkill('text.broken-keywords', { inputs: { note: NOTE } }, context).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(InvalidConfigurationError);
    expect(httpStatusOf(refusal)).toBe(409);
    const payload = toErrorPayload(refusal, context.traceId);
    expect(payload.error.code).toBe('invalid_configuration');
    const details = (payload.error as { details?: { path: string; code: string }[] }).details ?? [];
    expect(details.map((problem) => [problem.path, problem.code])).toEqual([
      ['inputs.note.type', 'unknown_field_type'],
      ['steps[0].output.score', 'unknown_output_field'],
      ['steps[0].input.text', 'undeclared_input'],
    ]);
    expect(payload.error.message).toContain('inputs.note.type');
    expect(payload.error.message).toContain('steps[0].input.text');
    await expect(service.executeSkill('text.warned-keywords', { inputs: { note: NOTE } }, context)).resolves.toMatchObject({ status: 'completed' });
  });
});
