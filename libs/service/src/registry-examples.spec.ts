import { afterAll, describe, expect, it } from '@jest/globals';
import { BUILTIN_CAPABILITIES, type JsonSchema } from '@skill-service/baselines';
import type { FieldSpecs, SkillExample } from '@skill-service/contracts';
import { formatDiagnostic } from '@skill-service/registry';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServiceRuntime } from './service-runtime.js';
import { capabilitiesUsed, confirmationsFor, featuresOf } from './testing/skill-features.js';
import { testConfig } from './testing/test-config.js';

// The embedded default: the repository's own registry/, services/ and bindings/, served by the
// built-in MCP server in-process, with no configuration, no environment and no network.
const { config } = testConfig();
const runtime = await createServiceRuntime(config);
afterAll(() => runtime.close());

const { registry } = runtime;
const skills = [...registry.skills.values()].map((loaded) => loaded.definition).sort((a, b) => a.id.localeCompare(b.id));
const examples = skills.flatMap((skill) => (skill.metadata.examples ?? []).map((example, index) => [skill.id, index, example] as const));
const builtinIds = BUILTIN_CAPABILITIES.map((capability) => capability.id);

/** The registry's field specs for a tool schema's properties: type, required, default. */
function fieldSpecsOf(schema: JsonSchema, allRequired: boolean): FieldSpecs {
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  const specs: FieldSpecs = {};
  for (const [name, property] of Object.entries(schema['properties'] as Record<string, Record<string, unknown>>)) {
    const branches = (property['anyOf'] as Record<string, unknown>[] | undefined)?.filter((branch) => branch['type'] !== 'null');
    const type = (property['type'] ?? (branches?.length === 1 ? branches[0]?.['type'] : undefined) ?? 'any') as string;
    specs[name] = { type, required: allRequired || required.has(name), ...(property['default'] === undefined ? {} : { default: property['default'] }) };
  }
  return specs;
}

/** Field specs without descriptions, for comparison. */
const withoutDescriptions = (specs: FieldSpecs): FieldSpecs =>
  Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, { type: spec.type, required: spec.required, ...(spec.default === undefined ? {} : { default: spec.default }) }]),
  );

describe('the default registry', () => {
  it('loads registry/, services/ and bindings/ with zero diagnostics, errors and warnings alike', () => {
    expect(registry.diagnostics.map(formatDiagnostic)).toEqual([]);
    expect([...registry.rejectedSkills.keys()]).toEqual([]);
    expect(skills.length).toBeGreaterThanOrEqual(15);
  });

  it('has a contract for every built-in capability, matching the tool schemas field by field', () => {
    for (const capability of BUILTIN_CAPABILITIES) {
      const contract = registry.capabilities.get(capability.id)?.definition;
      expect(contract).toBeDefined();
      expect(withoutDescriptions(contract?.inputs ?? {})).toEqual(fieldSpecsOf(capability.inputSchema, false));
      expect(withoutDescriptions(contract?.outputs ?? {})).toEqual(fieldSpecsOf(capability.outputSchema, true));
      expect(contract?.properties).toMatchObject({ side_effects: false });
    }
    expect(builtinIds.length).toBeGreaterThanOrEqual(30);
  });

  it('resolves every built-in capability to its binding on the builtin MCP service', () => {
    expect(registry.services.get('builtin')).toMatchObject({ protocol: 'mcp', server: 'builtin' });
    for (const id of builtinIds) {
      const contract = registry.capabilities.get(id)?.definition;
      if (contract === undefined) throw new Error(`no contract for ${id}`);
      const bindingId = `builtin_${id.replace(/\./g, '_')}`;
      expect(registry.bindings.get(bindingId)).toMatchObject({ capability: id, service: 'builtin', protocol: 'mcp', operation: id });
      expect(runtime.bindings.explain(contract).primary_binding_id).toBe(bindingId);
    }
  });

  it('demonstrates every control-flow and safety feature, and only uses built-in capabilities', () => {
    const features = new Set(skills.flatMap((skill) => [...featuresOf(registry, skill)]));
    expect([...features].sort()).toEqual(['condition', 'confirmation', 'degrading gate', 'foreach', 'nested skill', 'retry', 'router', 'scatter', 'while']);
    for (const skill of skills) for (const id of capabilitiesUsed(registry, skill)) expect(builtinIds).toContain(id);
    expect(skills.some((skill) => skill.metadata.classification?.invocation === 'both' && skill.metadata.classification.attach_targets?.join() === 'run,output')).toBe(true);
  });

  it('gives every skill at least one example', () => {
    for (const skill of skills) expect([skill.id, skill.metadata.examples?.length ?? 0]).toEqual([skill.id, expect.any(Number)]);
    expect(skills.filter((skill) => (skill.metadata.examples ?? []).length === 0).map((skill) => skill.id)).toEqual([]);
  });
});

describe('every skill example', () => {
  it.each(examples)('%s example %i produces exactly its declared output', async (skillId, _index, example: SkillExample) => {
    const skill = registry.skills.get(skillId)?.definition;
    if (skill === undefined) throw new Error(`unknown skill ${skillId}`);
    const result = await runtime.engine.runSkill(skillId, example.input, { confirmedCapabilities: confirmationsFor(registry, skill) });
    expect(result.status).toBe('completed');
    expect(result.outputs).toEqual(example.output);
    for (const [name, spec] of Object.entries(skill.outputs)) if (spec.required) expect(Object.keys(result.outputs)).toContain(name);
  });
});

describe('every capability example', () => {
  const capabilityExamples = builtinIds.flatMap((id) => {
    const metadata = registry.capabilities.get(id)?.definition.metadata ?? {};
    return ((metadata['examples'] as { inputs: unknown; outputs: unknown }[] | undefined) ?? []).map((example) => [id, example] as const);
  });

  it('exists for every deterministic capability', () => {
    const deterministic = builtinIds.filter((id) => registry.capabilities.get(id)?.definition.properties['deterministic'] === true);
    expect(new Set(capabilityExamples.map(([id]) => id))).toEqual(new Set(deterministic));
  });

  it.each(capabilityExamples)('%s gives its example outputs through the binding', async (id, example) => {
    const result = await runtime.engine.executeCapability(id, example.inputs, { confirmedCapabilities: [id] });
    expect(result.outputs).toEqual(example.outputs);
    expect(result.meta).toMatchObject({ binding_id: `builtin_${id.replace(/\./g, '_')}`, service_id: 'builtin' });
  });
});

describe('safety in the default skills', () => {
  const note = { title: 'Office move', text: 'We move on Friday. Call +1 415 555 0134 with questions.' };

  it('asks for confirmation before publishing', async () => {
    await expect(runtime.engine.runSkill('text.publish-note', note)).rejects.toMatchObject({ code: 'confirmation_required', status: 428 });
  });

  it('degrades the excerpt of a text with personal data and keeps the redacted one', async () => {
    const result = await runtime.engine.runSkill('security.safe-excerpt', { text: 'Write to ana@example.com for the keys.' }, { includeTrace: true });
    expect(result.outputs).toEqual({ safe_excerpt: 'Write to [EMAIL] for the keys.' });
    expect(result.events?.filter((event) => event.type === 'step_degraded').map((event) => event.step_id)).toEqual(['excerpt']);
  });

  it('fetches pages through the outbound guard: loopback is refused by default', async () => {
    // The guard's refusal reaches the engine inside the tool's isError answer (the MCP provider
    // reports such answers as upstream failures, with the tool's {code, message} in the message).
    await expect(runtime.engine.runSkill('text.page-digest', { url: 'http://127.0.0.1:9/' })).rejects.toMatchObject({
      stepId: 'fetch',
      message: expect.stringContaining('Page fetch to 127.0.0.1 blocked') as unknown,
    });
  });

  it('reports a capability input the built-in server rejects as a failed step', async () => {
    await expect(runtime.engine.runSkill('data.csv-report', { csv: 'a,b\n1,2,3\n', group_by: 'a', value_field: 'b' })).rejects.toMatchObject({ stepId: 'parse' });
  });

  it('fetches a page the operator allows, through the URL branch of the page digest', async () => {
    const page = '<html><head><title>Opening hours</title></head><body><p>The library opens at nine.</p><p>It closes at six.</p></body></html>';
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const allowed = await createServiceRuntime(testConfig({ outboundAllow: ['127.0.0.1'] }).config);
    try {
      const { port } = server.address() as AddressInfo;
      const result = await allowed.engine.runSkill('text.page-digest', { url: `http://127.0.0.1:${port}/hours` }, { includeTrace: true });
      expect(result.outputs).toEqual({ title: 'Opening hours', word_count: 9, summary: 'The library opens at nine. It closes at six.' });
      expect(result.events?.filter((event) => event.type === 'step_skipped').map((event) => event.step_id)).toEqual(['extract_given']);
    } finally {
      await allowed.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
