import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dump } from 'js-yaml';
import { formatDiagnostic, hasErrors } from '../registry-diagnostic.js';
import type { Registry } from '../registry.js';
import { loadRegistry } from './load-registry.js';

let scratch: string;
let counter = 0;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'registry-bad-input-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

type Files = Record<string, string | Buffer | object>;

const capability = (id: string, extra: object = {}): object => ({
  id,
  version: '1.0.0',
  description: `The ${id} capability.`,
  inputs: { text: { type: 'string', required: true } },
  outputs: { text: { type: 'string', required: true } },
  ...extra,
});

const skill = (id: string, steps: object[], extra: object = {}): object => ({
  id,
  version: '1.0.0',
  name: id,
  description: `The ${id} skill.`,
  inputs: { text: { type: 'string', required: true } },
  outputs: { result: { type: 'string', required: true } },
  steps,
  ...extra,
});

/** A small valid tree; every case adds or replaces files and checks these still load. */
const GOOD: Files = {
  'registry/capabilities/text.echo.yaml': capability('text.echo'),
  'registry/capabilities/text.upper.yaml': capability('text.upper'),
  'registry/skills/official/text/echo/skill.yaml': skill('text.echo-twice', [
    { id: 'first', uses: 'text.echo', input: { text: 'inputs.text' }, output: { text: 'vars.first' } },
    { id: 'second', uses: 'text.upper', input: { text: 'vars.first' }, output: { text: 'outputs.result' } },
  ]),
  'runtime/services/official/local.yaml': { id: 'local', kind: 'pythoncall', module: 'services.local' },
  'runtime/bindings/official/text.echo/python_echo.yaml': {
    id: 'python_echo',
    capability: 'text.echo',
    service: 'local',
    protocol: 'pythoncall',
    operation: 'echo',
  },
  'runtime/bindings/official/text.upper/python_upper.yaml': {
    id: 'python_upper',
    capability: 'text.upper',
    service: 'services.upper',
    protocol: 'pythoncall',
    operation: 'upper',
  },
};

interface Loaded extends Registry {
  readonly dir: string;
  /** `[path, code, severity]` of every diagnostic of one file. */
  problemsOf(file: string): [string, string, string][];
}

async function loadTree(files: Files, options: { maxFileBytes?: number; good?: boolean } = {}): Promise<Loaded> {
  const dir = join(scratch, `case-${++counter}`);
  const all = options.good === false ? files : { ...GOOD, ...files };
  for (const [path, content] of Object.entries(all)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    const data = typeof content === 'string' || Buffer.isBuffer(content) ? content : dump(content);
    await writeFile(join(dir, path), data);
  }
  const registry = await loadRegistry({
    registryRoot: join(dir, 'registry'),
    runtimeRoot: join(dir, 'runtime'),
    ...(options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes }),
  });
  // Whatever the case, no diagnostic may reveal where the files are.
  expect(JSON.stringify(registry.diagnostics)).not.toContain(scratch);
  expect(JSON.stringify(Object.fromEntries(registry.rejectedSkills))).not.toContain(scratch);
  return {
    ...registry,
    dir,
    problemsOf: (file) =>
      registry.diagnostics.filter((diagnostic) => diagnostic.file === file).map((diagnostic) => [diagnostic.path, diagnostic.code, diagnostic.severity]),
  };
}

function expectGoodFilesLoaded(registry: Registry): void {
  expect(registry.skills.has('text.echo-twice')).toBe(true);
  expect(registry.capabilities.has('text.echo') && registry.capabilities.has('text.upper')).toBe(true);
  expect(registry.services.has('local')).toBe(true);
  expect(registry.bindings.has('python_echo') && registry.bindings.has('python_upper')).toBe(true);
}

const SKILL_FILE = 'skills/official/text/case/skill.yaml';
const SKILL_PATH = `registry/${SKILL_FILE}`;

describe('unreadable files', () => {
  it('reports malformed YAML with its line, and loads the rest', async () => {
    const registry = await loadTree({ 'registry/capabilities/text.broken.yaml': 'id: text.broken\ninputs: [1, 2\noutputs: {}\n' });
    expect(registry.problemsOf('capabilities/text.broken.yaml')).toEqual([['', 'yaml_syntax', 'error']]);
    expect(registry.diagnostics[0]?.message).toMatch(/line \d+, column \d+/);
    expect(registry.diagnostics[0]?.root).toBe('registry');
    expectGoodFilesLoaded(registry);
  });

  it('reports duplicate mapping keys as warnings, the last value winning', async () => {
    // Before duplicate keys became warnings this file was one `duplicate_key` error; now its last id
    // is read, and what the file lacks besides is reported as for any other capability.
    const registry = await loadTree({ 'registry/capabilities/text.twice.yaml': 'id: text.twice\nid: text.again\n' });
    expect(registry.problemsOf('capabilities/text.twice.yaml')).toEqual([
      ['id', 'duplicate_key', 'warning'],
      ['version', 'missing_field', 'error'],
      ['description', 'missing_field', 'error'],
      ['inputs', 'missing_field', 'error'],
      ['outputs', 'missing_field', 'error'],
    ]);
    expect(registry.diagnostics.find((d) => d.code === 'duplicate_key')?.message).toBe('key "id" is written twice (lines 1 and 2); the last value (line 2) is used');
    expectGoodFilesLoaded(registry);
  });

  it('loads a capability whose metadata holds tags twice, with the last tags and a warning naming both lines', async () => {
    const text = `${dump(capability('text.tagged'))}metadata:\n  tags: [first]\n  status: stable\n  tags: [second, third]\n`;
    const registry = await loadTree({
      'registry/capabilities/text.tagged.yaml': text,
      'runtime/bindings/official/text.tagged/python_tagged.yaml': { id: 'python_tagged', capability: 'text.tagged', service: 'local', protocol: 'pythoncall', operation: 'tag' },
    });
    const line = text.split('\n').indexOf('  tags: [first]') + 1;
    expect(registry.problemsOf('capabilities/text.tagged.yaml')).toEqual([['metadata.tags', 'duplicate_key', 'warning']]);
    expect(registry.diagnostics[0]?.message).toBe(`key "metadata.tags" is written twice (lines ${line} and ${line + 2}); the last value (line ${line + 2}) is used`);
    expect(registry.capabilities.get('text.tagged')?.definition.metadata).toEqual({ tags: ['second', 'third'], status: 'stable' });
    expect(hasErrors(registry)).toBe(false);
    expectGoodFilesLoaded(registry);
  });

  it('stops a YAML bomb (nested aliases) at the alias limit, quickly', async () => {
    let bomb = 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
    for (let i = 1; i < 12; i++) bomb += `a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]\n`;
    const started = performance.now();
    const registry = await loadTree({ 'registry/capabilities/text.bomb.yaml': bomb });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(registry.problemsOf('capabilities/text.bomb.yaml')).toEqual([['', 'yaml_alias_limit', 'error']]);
    expectGoodFilesLoaded(registry);
  });

  it('refuses a 10 MB file from its size alone, quickly', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024, 'a: 1\n');
    const started = performance.now();
    const registry = await loadTree({ 'registry/capabilities/text.huge.yaml': big });
    expect(registry.problemsOf('capabilities/text.huge.yaml')).toEqual([['', 'file_too_large', 'error']]);
    expect(registry.diagnostics.find((d) => d.code === 'file_too_large')?.message).toContain('10485760 bytes');
    expect(performance.now() - started).toBeLessThan(15_000);
    expectGoodFilesLoaded(registry);
  });

  it('honours a smaller maxFileBytes', async () => {
    const registry = await loadTree({}, { maxFileBytes: 150 });
    expect(registry.diagnostics.filter((d) => d.code === 'file_too_large').map((d) => d.file)).toContain('skills/official/text/echo/skill.yaml');
    expect(registry.skills.size).toBe(0);
  });

  it('reports a file that is not UTF-8, and a binary one', async () => {
    const registry = await loadTree({
      'registry/capabilities/text.latin1.yaml': Buffer.from('id: caf\xe9\n', 'latin1'),
      'registry/capabilities/text.binary.yaml': Buffer.from([0x69, 0x64, 0x3a, 0x20, 0x00, 0x01, 0x02, 0x0a]),
    });
    expect(registry.problemsOf('capabilities/text.latin1.yaml')).toEqual([['', 'invalid_encoding', 'error']]);
    expect(registry.problemsOf('capabilities/text.binary.yaml')).toEqual([['', 'invalid_encoding', 'error']]);
    expectGoodFilesLoaded(registry);
  });

  it('reports an empty file and a comments-only file', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: '',
      'registry/capabilities/text.blank.yaml': '# nothing yet\n\n',
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['', 'empty_file', 'error']]);
    expect(registry.problemsOf('capabilities/text.blank.yaml')).toEqual([['', 'empty_file', 'error']]);
    expectGoodFilesLoaded(registry);
  });

  it('tolerates a UTF-8 byte order mark', async () => {
    const registry = await loadTree({ 'registry/capabilities/text.bom.yaml': `\ufeff${dump(capability('text.bom'))}` });
    // No binding serves it: that (a newer rule) is the only thing said about the file.
    expect(registry.problemsOf('capabilities/text.bom.yaml')).toEqual([['id', 'unbound_capability', 'warning']]);
    expect(registry.capabilities.has('text.bom')).toBe(true);
  });

  it('reports a skill.yaml whose top level is a list', async () => {
    const registry = await loadTree({ [SKILL_PATH]: '- id: a\n- id: b\n' });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['', 'wrong_type', 'error']]);
    expect(registry.rejectedSkills.size).toBe(0);
    expectGoodFilesLoaded(registry);
  });

  it('reports a registry root that does not exist', async () => {
    const registry = await loadRegistry({ registryRoot: join(scratch, 'nowhere') });
    expect(registry.diagnostics.map((d) => [d.root, d.file, d.code])).toEqual([['registry', '.', 'root_not_found']]);
  });
});

describe('field problems', () => {
  it('reports wrong types at the field as written', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: skill('text.case', []),
      'registry/skills/official/text/steps-string/skill.yaml': { ...skill('text.steps-string', []), steps: 'abc' },
      'registry/capabilities/text.yes.yaml': capability('text.yes', { inputs: { text: { type: 'string', required: 'yes' } } }),
    });
    expect(registry.problemsOf('skills/official/text/steps-string/skill.yaml')).toEqual([['steps', 'wrong_type', 'error']]);
    // An empty plan also writes nothing: every problem is listed, not only the first.
    expect(registry.problemsOf(SKILL_FILE)).toEqual([
      ['steps', 'too_small', 'error'],
      ['outputs.result', 'unwritten_required_output', 'error'],
    ]);
    expect(registry.problemsOf('capabilities/text.yes.yaml')).toEqual([['inputs.text.required', 'wrong_type', 'error']]);
    expect(registry.diagnostics.find((d) => d.file === 'capabilities/text.yes.yaml')?.message).toBe('expected boolean, got string');
    expect(registry.rejectedSkills.get('text.steps-string')?.map((d) => d.code)).toEqual(['wrong_type']);
    expectGoodFilesLoaded(registry);
  });

  it('reports missing required fields', async () => {
    const nameless: Record<string, unknown> = { ...skill('text.nameless', [{ id: 'a', uses: 'text.echo', output: { text: 'outputs.result' } }]) };
    delete nameless.name;
    const registry = await loadTree({
      [SKILL_PATH]: nameless,
      'runtime/bindings/official/text.echo/no_operation.yaml': { id: 'no_operation', capability: 'text.echo', service: 'local', protocol: 'pythoncall' },
      'runtime/services/official/anonymous.yaml': { kind: 'openapi', base_url: 'https://x.test' },
      'runtime/bindings/official/text.echo/no_capability.yaml': { id: 'no_capability', service: 'local', protocol: 'pythoncall', operation: 'x' },
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['name', 'missing_field', 'error']]);
    expect(registry.problemsOf('bindings/official/text.echo/no_operation.yaml')).toEqual([['operation', 'missing_field', 'error']]);
    expect(registry.problemsOf('services/official/anonymous.yaml')).toEqual([['id', 'missing_field', 'error']]);
    expect(registry.problemsOf('bindings/official/text.echo/no_capability.yaml')).toEqual([['capability', 'missing_field', 'error']]);
    expect(registry.diagnostics.find((d) => d.file.endsWith('no_capability.yaml'))?.message).toContain('capability or capability_id');
    expect(registry.rejectedSkills.has('text.nameless')).toBe(true);
    expect(registry.bindings.has('no_operation')).toBe(false);
    expectGoodFilesLoaded(registry);
  });

  it('reports unknown protocols of services and bindings, at the spelling used', async () => {
    const registry = await loadTree({
      'runtime/services/official/grpc.yaml': { id: 'grpc_svc', kind: 'grpc', base_url: 'https://x.test' },
      'runtime/bindings/official/text.echo/soap_echo.yaml': { id: 'soap_echo', capability: 'text.echo', service: 'local', protocol: 'soap', operation: 'x' },
    });
    expect(registry.problemsOf('services/official/grpc.yaml')).toEqual([['kind', 'unknown_protocol', 'error']]);
    expect(registry.problemsOf('bindings/official/text.echo/soap_echo.yaml')).toEqual([['protocol', 'unknown_protocol', 'error']]);
    expect(registry.services.has('grpc_svc')).toBe(false);
    expectGoodFilesLoaded(registry);
  });

  it('reports two spellings of one field that disagree', async () => {
    const registry = await loadTree({
      'runtime/services/official/twice.yaml': { id: 'twice', type: 'openapi', kind: 'mcp', base_url: 'https://x.test' },
      [SKILL_PATH]: skill('text.case', [
        { id: 'a', uses: 'text.echo', depends_on: [], config: { depends_on: [] }, output: { text: 'outputs.result' } },
      ]),
    });
    expect(registry.problemsOf('services/official/twice.yaml')).toEqual([['kind', 'conflicting_fields', 'error']]);
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['steps[0].depends_on', 'conflicting_fields', 'error']]);
    expectGoodFilesLoaded(registry);
  });

  it('checks the fields each protocol needs', async () => {
    const registry = await loadTree({
      'runtime/services/official/py.yaml': { id: 'py', kind: 'pythoncall' },
      'runtime/services/official/mcp.yaml': { id: 'mcp_nothing', kind: 'mcp' },
      'runtime/services/official/spec-only.yaml': { id: 'spec_only', kind: 'openapi', spec_ref: 'specs/x.yaml' },
      'runtime/services/official/bad-url.yaml': { id: 'bad_url', kind: 'openapi', base_url: 'ftp://x.test' },
    });
    expect(registry.problemsOf('services/official/py.yaml')).toEqual([['module', 'missing_field', 'error']]);
    expect(registry.problemsOf('services/official/mcp.yaml')).toEqual([['server', 'missing_field', 'error']]);
    expect(registry.problemsOf('services/official/spec-only.yaml')).toEqual([['base_url', 'missing_field', 'warning']]);
    expect(registry.problemsOf('services/official/bad-url.yaml')).toEqual([['base_url', 'invalid_format', 'error']]);
    expect([...registry.services.keys()].sort()).toEqual(['local', 'spec_only']);
  });

  it('keeps good services of services.yaml when one entry is bad', async () => {
    const registry = await loadTree({
      'runtime/.agent-skills/services.yaml': {
        services: { good_one: { kind: 'mcp', server: 'x' }, bad_one: { kind: 'mcp', server: 7 }, renamed: { id: 'other', kind: 'mcp', server: 'y' } },
      },
    });
    expect(registry.problemsOf('.agent-skills/services.yaml')).toEqual([
      ['services.bad_one.server', 'wrong_type', 'error'],
      ['services.renamed.id', 'id_mismatch', 'error'],
    ]);
    expect(registry.services.has('good_one')).toBe(true);
    expect(registry.diagnostics.every((d) => d.root === 'runtime')).toBe(true);
  });

  it('warns about an unknown trust level and treats it as standard', async () => {
    const registry = await loadTree({
      'registry/capabilities/text.odd.yaml': capability('text.odd', { safety: { trust_level: 'godmode', mandatory_pre_gates: ['text.nowhere'] } }),
    });
    expect(registry.problemsOf('capabilities/text.odd.yaml')).toEqual([
      ['safety.trust_level', 'unknown_trust_level', 'warning'],
      ['safety.mandatory_pre_gates[0]', 'unknown_capability', 'warning'],
      ['id', 'unbound_capability', 'warning'],
    ]);
    expect(registry.capabilities.get('text.odd')?.definition.safety?.trust_level).toBe('standard');
    expect(hasErrors(registry)).toBe(false);
  });

  it('replaces skill metadata that is not a mapping, with a warning', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: skill('text.case', [{ id: 'a', uses: 'text.echo', output: { text: 'outputs.result' } }], { metadata: 'none' }),
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['metadata', 'wrong_type', 'warning']]);
    expect(registry.skills.get('text.case')?.definition.metadata).toEqual({});
  });
});

describe('steps', () => {
  const step = (extra: object): object => ({ id: 'a', uses: 'text.echo', input: { text: 'inputs.text' }, output: { text: 'outputs.result' }, ...extra });

  it.each([
    ['a non-string condition', { config: { condition: false } }, 'steps[0].config.condition', 'wrong_type'],
    ['a foreach without items', { foreach: { as: 'x' } }, 'steps[0].foreach.items', 'missing_field'],
    ['a scatter with one capability', { config: { scatter: { capabilities: ['text.echo'] } } }, 'steps[0].config.scatter.capabilities', 'too_small'],
    ['an unknown merge strategy', { merge_strategy: 'mix' }, 'steps[0].merge_strategy', 'invalid_value'],
    ['a condition that does not parse', { condition: 'vars.x ==' }, 'steps[0].condition', 'invalid_expression'],
    ['a router.on that does not parse', { config: { router: { on: 'a && b', cases: {} } } }, 'steps[0].config.router.on', 'invalid_expression'],
    ['a target outside the writable namespaces', { output: { text: 'inputs.text' } }, 'steps[0].output.text', 'invalid_target'],
    ['an unknown capability', { uses: 'text.nowhere' }, 'steps[0].uses', 'unknown_capability'],
    ['an unknown nested skill', { uses: 'skill:text.nowhere' }, 'steps[0].uses', 'unknown_skill'],
    ['an unknown router case', { router: { on: 'inputs.text', cases: { fr: 'text.french' } } }, 'steps[0].router.cases.fr', 'unknown_capability'],
    ['an unknown scatter member', { scatter: { capabilities: ['text.echo', 'text.nope'] } }, 'steps[0].scatter.capabilities[1]', 'unknown_capability'],
    ['an unknown depends_on (config)', { config: { depends_on: ['ghost'] } }, 'steps[0].config.depends_on[0]', 'unknown_dependency'],
    ['an unknown depends_on (step)', { depends_on: ['ghost'] }, 'steps[0].depends_on[0]', 'unknown_dependency'],
    ['a read of a var no step writes', { input: { text: 'vars.nothing' } }, 'steps[0].input.text', 'unwritten_var'],
  ])('rejects a skill with %s', async (_name, extra, path, code) => {
    const registry = await loadTree({ [SKILL_PATH]: skill('text.case', [step(extra)]) });
    const output = (extra as { output?: object }).output;
    const extraProblems = output !== undefined ? [['outputs.result', 'unwritten_required_output', 'error']] : [];
    expect(registry.problemsOf(SKILL_FILE)).toEqual([[path, code, 'error'], ...extraProblems]);
    expect(registry.skills.has('text.case')).toBe(false);
    expect(registry.rejectedSkills.get('text.case')?.map((d) => d.code)).toEqual([code, ...extraProblems.map(([, c]) => c)]);
    expectGoodFilesLoaded(registry);
  });

  it('lists every problem of a skill at once', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: skill('text.case', [
        { id: 'a', uses: 'text.nowhere', input: { text: 'vars.nothing' }, output: { text: 'vars.a' }, config: { condition: 3 } },
        { id: 'a', uses: 'text.echo', depends_on: ['ghost'] },
      ]),
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([
      ['steps[0].config.condition', 'wrong_type', 'error'],
      ['steps[0].uses', 'unknown_capability', 'error'],
      ['steps[1].id', 'duplicate_id', 'error'],
      ['steps[0].input.text', 'unwritten_var', 'error'],
      ['outputs.result', 'unwritten_required_output', 'error'],
    ]);
    expect(registry.rejectedSkills.get('text.case')).toHaveLength(5);
  });

  it('reads a router whose on key arrived as the boolean key true', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: 'id: text.case\nversion: "1"\nname: c\ndescription: c\ninputs: {kind: {type: string}}\noutputs: {}\nsteps:\n  - id: a\n    uses: text.echo\n    config:\n      router:\n        true: inputs.kind\n        cases: { x: text.upper }\n',
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([]);
    expect(registry.skills.get('text.case')?.definition.steps[0]?.router).toEqual({ on: 'inputs.kind', cases: { x: 'text.upper' } });
  });

  it('warns about step fields it does not understand, and step metadata that is not a mapping', async () => {
    const registry = await loadTree({ [SKILL_PATH]: skill('text.case', [step({ when: 'x', metadata: 'notes', config: { timeout: 3 } })]) });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([
      ['steps[0].metadata', 'wrong_type', 'warning'],
      ['steps[0].when', 'unknown_field', 'warning'],
      ['steps[0].config.timeout', 'unknown_field', 'warning'],
    ]);
    expect(registry.skills.has('text.case')).toBe(true);
  });

  it('warns about a step using a deprecated capability', async () => {
    const registry = await loadTree({
      'registry/capabilities/text.old.yaml': capability('text.old', { deprecated: true, replacement: 'text.echo' }),
      [SKILL_PATH]: skill('text.case', [step({ uses: 'text.old' })]),
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['steps[0].uses', 'deprecated_capability', 'warning']]);
    expect(registry.diagnostics.find((d) => d.code === 'deprecated_capability')?.message).toContain('use "text.echo"');
  });
});

describe('plans', () => {
  it('rejects a cycle of depends_on', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: skill('text.case', [
        { id: 'a', uses: 'text.echo', depends_on: ['b'], output: { text: 'outputs.result' } },
        { id: 'b', uses: 'text.echo', config: { depends_on: ['a'] } },
      ]),
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['steps[0]', 'dependency_cycle', 'error']]);
    expect(registry.diagnostics[0]?.message).toBe('steps "a", "b" depend on each other in a cycle');
    expectGoodFilesLoaded(registry);
  });

  it('rejects a cycle made of data edges', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: skill('text.case', [
        { id: 'a', uses: 'text.echo', input: { text: 'vars.b' }, output: { text: 'vars.a' } },
        { id: 'b', uses: 'text.echo', input: { text: 'vars.a' }, output: { text: 'vars.b' } },
        { id: 'c', uses: 'text.echo', input: { text: 'vars.b' }, output: { text: 'outputs.result' } },
      ]),
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['steps[0]', 'dependency_cycle', 'error']]);
    expectGoodFilesLoaded(registry);
  });

  it('rejects an unwritten required output', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: skill('text.case', [{ id: 'a', uses: 'text.echo', input: { text: 'inputs.text' }, output: { text: 'outputs.other' } }]),
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['outputs.result', 'unwritten_required_output', 'error']]);
    expectGoodFilesLoaded(registry);
  });

  it('rejects nested skills that use each other, and a skill that uses one of them', async () => {
    const uses = (id: string): object => ({ id: 'call', uses: `skill:${id}`, input: { text: 'inputs.text' }, output: { result: 'outputs.result' } });
    const registry = await loadTree({
      'registry/skills/official/loop/a/skill.yaml': skill('loop.a', [uses('loop.b')]),
      'registry/skills/official/loop/b/skill.yaml': skill('loop.b', [uses('loop.a')]),
      'registry/skills/official/loop/c/skill.yaml': skill('loop.c', [uses('loop.a')]),
      'registry/skills/official/loop/self/skill.yaml': skill('loop.self', [uses('loop.self')]),
      'registry/skills/official/loop/fine/skill.yaml': skill('loop.fine', [uses('text.echo-twice')]),
    });
    expect(registry.problemsOf('skills/official/loop/a/skill.yaml')).toEqual([['steps[0].uses', 'nested_skill_cycle', 'error']]);
    expect(registry.problemsOf('skills/official/loop/b/skill.yaml')).toEqual([['steps[0].uses', 'nested_skill_cycle', 'error']]);
    expect(registry.problemsOf('skills/official/loop/self/skill.yaml')).toEqual([['steps[0].uses', 'nested_skill_cycle', 'error']]);
    expect(registry.problemsOf('skills/official/loop/c/skill.yaml')).toEqual([['steps[0].uses', 'invalid_nested_skill', 'error']]);
    expect([...registry.rejectedSkills.keys()].sort()).toEqual(['loop.a', 'loop.b', 'loop.c', 'loop.self']);
    expect(registry.skills.has('loop.fine')).toBe(true);
    expectGoodFilesLoaded(registry);
  });
});

describe('duplicates and overlays', () => {
  it('keeps the first of two skills with one id (sorted path order) and reports the second', async () => {
    const registry = await loadTree({
      'registry/skills/official/text/zz-copy/skill.yaml': skill('text.echo-twice', [{ id: 'x', uses: 'text.nowhere' }]),
    });
    expect(registry.problemsOf('skills/official/text/zz-copy/skill.yaml')).toEqual([['id', 'duplicate_id', 'error']]);
    expect(registry.skills.get('text.echo-twice')?.file).toBe('skills/official/text/echo/skill.yaml');
    expect(registry.rejectedSkills.size).toBe(0);
  });

  it('reports duplicate capability, service, binding and step ids', async () => {
    const registry = await loadTree({
      'registry/capabilities/z-copy.yaml': capability('text.echo', { description: 'Copy.' }),
      'runtime/services/official/z-copy.yaml': { id: 'local', kind: 'mcp', server: 'x' },
      'runtime/bindings/official/text.echo/z_copy.yaml': { id: 'python_echo', capability: 'text.echo', service: 'local', protocol: 'pythoncall', operation: 'copy' },
      [SKILL_PATH]: skill('text.case', [
        { id: 'a', uses: 'text.echo', output: { text: 'outputs.result' } },
        { id: 'a', uses: 'text.echo' },
      ]),
    });
    expect(registry.problemsOf('capabilities/z-copy.yaml')).toEqual([['id', 'duplicate_id', 'error']]);
    expect(registry.problemsOf('services/official/z-copy.yaml')).toEqual([['id', 'duplicate_id', 'error']]);
    expect(registry.problemsOf('bindings/official/text.echo/z_copy.yaml')).toEqual([['id', 'duplicate_id', 'error']]);
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['steps[1].id', 'duplicate_id', 'error']]);
    expect(registry.capabilities.get('text.echo')?.definition.description).toBe('The text.echo capability.');
    expect(registry.bindings.get('python_echo')?.operation).toBe('echo');
  });

  it('lets local capabilities and skills replace registry ones with the same id', async () => {
    const registry = await loadTree({
      'runtime/.agent-skills/capabilities/text.echo.yaml': capability('text.echo', { description: 'Local echo.' }),
      'runtime/skills/local/text/echo/skill.yaml': skill('text.echo-twice', [
        { id: 'only', uses: 'text.echo', input: { text: 'inputs.text' }, output: { text: 'outputs.result' } },
      ]),
    });
    expect(registry.diagnostics).toEqual([]);
    expect(registry.capabilities.get('text.echo')).toMatchObject({ origin: 'local', file: '.agent-skills/capabilities/text.echo.yaml' });
    expect(registry.capabilities.get('text.echo')?.definition.description).toBe('Local echo.');
    expect(registry.skills.get('text.echo-twice')).toMatchObject({ channel: 'local', domain: 'text', slug: 'echo', file: 'skills/local/text/echo/skill.yaml' });
  });
});

describe('bindings and policies', () => {
  it('drops a binding for an unknown capability, at the spelling used', async () => {
    const registry = await loadTree({
      'runtime/bindings/official/text.ghost/python_ghost.yaml': { id: 'python_ghost', capability_id: 'text.ghost', service: 'local', protocol: 'pythoncall', operation: 'x' },
    });
    expect(registry.problemsOf('bindings/official/text.ghost/python_ghost.yaml')).toEqual([['capability_id', 'unknown_capability', 'error']]);
    expect(registry.bindings.has('python_ghost')).toBe(false);
    expectGoodFilesLoaded(registry);
  });

  it('drops a binding for an unknown service, unless pythoncall names a module', async () => {
    const registry = await loadTree({
      'runtime/bindings/official/text.echo/http_echo.yaml': { id: 'http_echo', capability: 'text.echo', service: { id: 'nowhere', kind: 'openapi' }, operation: 'x' },
      'runtime/bindings/official/text.echo/py_bare.yaml': { id: 'py_bare', capability: 'text.echo', service: 'typo_service', protocol: 'pythoncall', operation: 'x' },
      'runtime/bindings/official/text.echo/py_module.yaml': { id: 'py_module', capability: 'text.echo', service: 'pkg.module', protocol: 'pythoncall', operation: 'x' },
    });
    expect(registry.problemsOf('bindings/official/text.echo/http_echo.yaml')).toEqual([['service.id', 'unknown_service', 'error']]);
    expect(registry.problemsOf('bindings/official/text.echo/py_bare.yaml')).toEqual([['service', 'unknown_service', 'error']]);
    expect(registry.problemsOf('bindings/official/text.echo/py_module.yaml')).toEqual([]);
    expect(registry.bindings.has('py_module')).toBe(true);
    expectGoodFilesLoaded(registry);
  });

  it('warns about a broken fallback, a protocol unlike its service, and a binding in another capability’s folder', async () => {
    const registry = await loadTree({
      'runtime/bindings/official/text.upper/odd.yaml': {
        id: 'odd',
        capability: 'text.echo',
        service: 'local',
        protocol: 'mcp',
        operation: 'x',
        metadata: { fallback_binding_id: 'nowhere' },
      },
    });
    expect(registry.problemsOf('bindings/official/text.upper/odd.yaml')).toEqual([
      ['capability', 'capability_mismatch', 'warning'],
      ['protocol', 'protocol_mismatch', 'warning'],
      ['metadata.fallback_binding_id', 'unknown_binding', 'warning'],
    ]);
    expect(registry.bindings.get('odd')?.fallback_binding_id).toBe('nowhere');
  });

  it('drops policy entries that name unknown bindings or bindings of another capability', async () => {
    const registry = await loadTree({
      'runtime/policies/official_default_selection.yaml': {
        defaults: { 'text.echo': 'python_echo', 'text.upper': 'python_echo', 'text.ghost': 'nowhere' },
        prefer: ['pythoncall', 'carrier_pigeon'],
      },
      'runtime/.agent-skills/bindings/local/text.upper/local_upper.yaml': { id: 'local_upper', capability: 'text.upper', service: 'local', protocol: 'pythoncall', operation: 'up' },
      'runtime/policies/second.yaml': { defaults: { 'text.echo': 'python_echo', 'text.upper': 'local_upper' } },
      'runtime/.agent-skills/active_bindings.json': JSON.stringify({ 'text.echo': 'python_upper', 'text.upper': 'local_upper' }),
      'runtime/.agent-skills/overrides.yaml': {
        overrides: [
          { capabilities: ['text.echo'], binding: 'python_echo' },
          { capabilities: ['text.upper'], service: 'local', mode: 'prefer' },
          { capabilities: ['text.upper'] },
        ],
      },
    });
    expect(registry.problemsOf('policies/official_default_selection.yaml')).toEqual([
      ['defaults["text.upper"]', 'binding_capability_mismatch', 'error'],
      ['defaults["text.ghost"]', 'unknown_binding', 'error'],
      ['prefer[1]', 'unknown_preference', 'warning'],
    ]);
    expect(registry.problemsOf('policies/second.yaml')).toEqual([
      ['defaults["text.echo"]', 'duplicate_id', 'warning'],
      ['defaults["text.upper"]', 'non_official_default', 'error'],
    ]);
    expect(registry.problemsOf('.agent-skills/active_bindings.json')).toEqual([['["text.echo"]', 'binding_capability_mismatch', 'error']]);
    expect(registry.problemsOf('.agent-skills/overrides.yaml')).toEqual([
      ['overrides[1].service', 'unsupported_override', 'warning'],
      ['overrides[2]', 'invalid_override', 'error'],
    ]);
    expect(registry.policy).toEqual({
      defaults: { 'text.echo': 'python_echo' },
      active: { 'text.upper': 'local_upper', 'text.echo': 'python_echo' },
      prefer: ['pythoncall', 'carrier_pigeon'],
    });
    expectGoodFilesLoaded(registry);
  });

  it('reports malformed JSON in active_bindings.json', async () => {
    const registry = await loadTree({ 'runtime/.agent-skills/active_bindings.json': '{"text.echo": ' });
    expect(registry.problemsOf('.agent-skills/active_bindings.json')).toEqual([['', 'json_syntax', 'error']]);
    expect(registry.policy.active).toEqual({});
  });
});

describe('diagnostics', () => {
  it('are sorted by root and file, never contain an absolute path, and format on one line', async () => {
    const registry = await loadTree({
      'runtime/services/official/grpc.yaml': { id: 'grpc_svc', kind: 'grpc' },
      [SKILL_PATH]: ': : :',
      'registry/capabilities/text.broken.yaml': '[',
    });
    expect([...new Set(registry.diagnostics.map((d) => `${d.root}:${d.file}`))]).toEqual([
      'registry:capabilities/text.broken.yaml',
      `registry:${SKILL_FILE}`,
      'runtime:services/official/grpc.yaml',
    ]);
    const formatted = registry.diagnostics.map(formatDiagnostic);
    expect(formatted.at(-1)).toBe(
      'error runtime:services/official/grpc.yaml kind: protocol "grpc" is not one of pythoncall, openapi, mcp, openrpc [unknown_protocol]',
    );
    for (const line of formatted) {
      expect(line).not.toContain(registry.dir);
      expect(line).not.toContain('\n');
    }
  });
});

describe('authoring slips', () => {
  const step = (extra: object): object => ({ id: 'a', uses: 'text.echo', input: { text: 'inputs.text' }, output: { text: 'outputs.result' }, ...extra });

  it('warns about unknown keys of skills, steps, config, control blocks and field specs, with a did-you-mean; the skill still loads', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: skill(
        'text.case',
        [step({ inptu: { text: 'inputs.text' }, config: { retry: { max_attempts: 2, backof_seconds: 1 }, timeout_second: 3 } })],
        { descripton: 'typo', inputs: { text: { type: 'string', required: true, descriptin: 'typo' } } },
      ),
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([
      ['inputs.text.descriptin', 'unknown_field', 'warning'],
      ['descripton', 'unknown_field', 'warning'],
      ['steps[0].config.retry.backof_seconds', 'unknown_field', 'warning'],
      ['steps[0].inptu', 'unknown_field', 'warning'],
      ['steps[0].config.timeout_second', 'unknown_field', 'warning'],
    ]);
    expect(registry.diagnostics.map((d) => d.suggestion)).toEqual(['description', 'description', 'backoff_seconds', 'input', 'timeout_seconds']);
    expect(registry.diagnostics.find((d) => d.path === 'descripton')?.message).toBe('skill field "descripton" is not understood and is ignored; did you mean "description"?');
    expect(registry.skills.has('text.case')).toBe(true);
  });

  it('names a description cut at a comma inside a flow mapping', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: `${dump(skill('text.case', [step({})]))}`.replace(/^inputs:\n(?:\s.*\n)+/m, 'inputs:\n  text: { type: string, required: true, description: Why (kinds, never values) }\n'),
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['inputs.text["never values)"]', 'unknown_field', 'warning']]);
    expect(registry.diagnostics[0]?.message).toContain('cut at a comma');
    expect(registry.skills.get('text.case')?.definition.inputs['text']?.description).toBe('Why (kinds');
  });

  it('warns about unknown keys of capabilities, bindings, services (any spelling accepted) and policies', async () => {
    const registry = await loadTree({
      'registry/capabilities/text.extra.yaml': capability('text.extra', { replacment: 'text.echo', outputs: { text: { type: 'string', requird: true } } }),
      'runtime/bindings/official/text.extra/python_extra.yaml': {
        id: 'python_extra',
        capability_id: 'text.extra',
        service: 'local',
        protocol: 'pythoncall',
        operation: 'x',
        fallback: 'python_echo',
      },
      'runtime/services/official/http.yaml': { id: 'http', kind: 'openapi', baseUrl: 'https://x.test', timeout: 5, auth: { type: 'bearer', tokn: 'x' }, retries: 2 },
      'runtime/policies/official_default_selection.yaml': { defaults: { 'text.echo': 'python_echo' }, prefered: ['pythoncall'] },
    });
    expect(registry.problemsOf('capabilities/text.extra.yaml')).toEqual([
      ['outputs.text.requird', 'unknown_field', 'warning'],
      ['replacment', 'unknown_field', 'warning'],
    ]);
    expect(registry.problemsOf('bindings/official/text.extra/python_extra.yaml')).toEqual([['fallback', 'unknown_field', 'warning']]);
    expect(registry.problemsOf('services/official/http.yaml')).toEqual([
      ['auth.tokn', 'unknown_field', 'warning'],
      ['retries', 'unknown_field', 'warning'],
    ]);
    expect(registry.problemsOf('policies/official_default_selection.yaml')).toEqual([['prefered', 'unknown_field', 'warning']]);
    expect(
      registry.diagnostics.filter((d) => d.code === 'unknown_field').map((d) => [d.path, d.suggestion]),
    ).toEqual([
      ['outputs.text.requird', 'required'],
      ['replacment', 'replacement'],
      ['fallback', undefined],
      ['prefered', 'prefer'],
      ['auth.tokn', 'token'],
      ['retries', undefined],
    ]);
    expect(hasErrors(registry)).toBe(false);
    expect(registry.bindings.has('python_extra') && registry.services.has('http')).toBe(true);
    expectGoodFilesLoaded(registry);
  });

  it('refuses unknown field types in skills and capabilities, suggesting the close one', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: skill('text.case', [step({})], { inputs: { text: { type: 'strin', required: true } } }),
      'registry/capabilities/text.typed.yaml': capability('text.typed', { outputs: { n: { type: 'int', required: true } } }),
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([['inputs.text.type', 'unknown_field_type', 'error']]);
    expect(registry.problemsOf('capabilities/text.typed.yaml')).toEqual([['outputs.n.type', 'unknown_field_type', 'error']]);
    expect(registry.diagnostics.find((d) => d.file === SKILL_FILE)?.message).toBe(
      'type "strin" is not one of string, number, integer, boolean, object, array, any; did you mean "string"?',
    );
    expect(registry.diagnostics.map((d) => d.suggestion)).toEqual([undefined, 'string']);
    expect(registry.skills.has('text.case') || registry.capabilities.has('text.typed')).toBe(false);
    expectGoodFilesLoaded(registry);
  });

  it('refuses reads of undeclared inputs and unwritten outputs, and outputs the capability does not produce', async () => {
    const registry = await loadTree({
      [SKILL_PATH]: skill('text.case', [
        step({ input: { text: 'inputs.txt' }, output: { txt: 'vars.first' } }),
        { id: 'b', uses: 'text.upper', input: { text: 'vars.first' }, condition: 'outputs.later == "x"', output: { text: 'outputs.result' } },
      ]),
    });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([
      ['steps[0].output.txt', 'unknown_output_field', 'error'],
      ['steps[0].input.text', 'undeclared_input', 'error'],
      ['steps[1].condition', 'unwritten_output', 'error'],
    ]);
    expect(registry.diagnostics.map((d) => d.suggestion)).toEqual(['text', 'text', undefined]);
    expect(registry.diagnostics.find((d) => d.code === 'undeclared_input')?.message).toBe('reads inputs.txt, but the skill declares no input "txt"; did you mean "text"?');
    expect(registry.rejectedSkills.get('text.case')?.map((d) => d.code)).toEqual(['unknown_output_field', 'undeclared_input', 'unwritten_output']);
    expectGoodFilesLoaded(registry);
  });

  it('suggests a close capability or skill id for an unknown one', async () => {
    const registry = await loadTree({ [SKILL_PATH]: skill('text.case', [step({ uses: 'text.ecoh' }), { id: 'n', uses: 'skill:text.echo-twise' }]) });
    expect(registry.problemsOf(SKILL_FILE)).toEqual([
      ['steps[0].uses', 'unknown_capability', 'error'],
      ['steps[1].uses', 'unknown_skill', 'error'],
    ]);
    expect(registry.diagnostics.map((d) => d.suggestion)).toEqual(['text.echo', 'text.echo-twice']);
  });

  it('warns about a capability no binding serves (only when a runtime root is loaded)', async () => {
    const files = { 'registry/capabilities/text.lonely.yaml': capability('text.lonely') };
    const withRuntime = await loadTree(files);
    expect(withRuntime.problemsOf('capabilities/text.lonely.yaml')).toEqual([['id', 'unbound_capability', 'warning']]);
    expect(withRuntime.capabilities.has('text.lonely')).toBe(true);
    const alone = await loadRegistry({ registryRoot: join(withRuntime.dir, 'registry') });
    expect(alone.diagnostics).toEqual([]);
  });
});

describe('untrusted sizes', () => {
  it('loads a 400 KB file holding one 200,000-item list (or reports it) while the other files serve', async () => {
    const list = `id: text.long-list\nversion: 1.0.0\ndescription: A capability with a very long list.\ntags: [${'1,'.repeat(199_999)}1]\n`;
    // Under the 1 MiB file cap: the list itself, not the size, is what is tested.
    expect(list.length).toBeGreaterThan(400_000);
    expect(list.length).toBeLessThan(1024 * 1024);
    const registry = await loadTree({ 'registry/capabilities/text.long-list.yaml': list });
    expectGoodFilesLoaded(registry);
    // Either outcome is fine as long as it is one: loaded, or a diagnostic about that file only.
    const problems = registry.problemsOf('capabilities/text.long-list.yaml');
    expect(registry.capabilities.has('text.long-list') || problems.length > 0).toBe(true);
    expect(registry.diagnostics.filter((diagnostic) => diagnostic.file !== 'capabilities/text.long-list.yaml')).toEqual([]);
  });
});
