// `skills validate` in-process over real folders and the real loader (the bin's own process start is
// covered by cli.spec.ts): the stricter rules, a registry checked alone, and the JSON document.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandContext } from './command-context.js';
import { EXIT, failureOf } from './exit-codes.js';
import { validateRegistry } from './validate-command.js';

const SLIPS = [
  'id: demo.slips',
  'version: 1.0.0',
  'name: Slips',
  'description: Every slip authors make, in one skill.',
  'inputs:',
  '  text: { type: strin, required: true }',
  'outputs:',
  '  result: { type: string, required: true }',
  'steps:',
  '  - id: a',
  '    uses: demo.echo',
  '    input: { text: inputs.txt }',
  '    output: { text: outputs.result }',
  '    depend_on: []',
  '',
].join('\n');
const ECHO = 'id: demo.echo\nversion: 1.0.0\ndescription: Echo.\ninputs: {text: {type: string}}\noutputs: {text: {type: string}}\n';
const SKILL_FILE = 'skills/official/demo/slips/skill.yaml';

let dir = '';
let slips = { registry: '', runtime: '' };
let alone = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-validate-'));
  slips = { registry: join(dir, 'slips-registry'), runtime: join(dir, 'slips-runtime') };
  await mkdir(join(slips.registry, 'skills', 'official', 'demo', 'slips'), { recursive: true });
  await mkdir(join(slips.registry, 'capabilities'), { recursive: true });
  await mkdir(slips.runtime, { recursive: true });
  await writeFile(join(slips.registry, SKILL_FILE), SLIPS);
  await writeFile(join(slips.registry, 'capabilities', 'demo.echo.yaml'), ECHO);
  alone = join(dir, 'alone-registry');
  await mkdir(join(alone, 'capabilities'), { recursive: true });
  await writeFile(join(alone, 'capabilities', 'demo.echo.yaml'), ECHO);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the command as main.ts does; a thrown failure becomes its one stderr line and exit code. */
async function validate(options: Parameters<typeof validateRegistry>[1], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const output = { stdout: '', stderr: '' };
  const context: CommandContext = {
    env,
    output: { out: (text) => (output.stdout += text), err: (text) => (output.stderr += text) },
    version: '0.0.0',
    readStdin: async () => '',
    signal: new AbortController().signal,
  };
  try {
    return { code: await validateRegistry(context, options), ...output };
  } catch (error) {
    const failure = failureOf(error);
    return { code: failure.code, stdout: output.stdout, stderr: `${output.stderr}skills: ${failure.message}\n` };
  }
}

describe('skills validate', () => {
  it('reports what a run would only meet later: a misspelt type, an undeclared input, an unknown key, an unbound capability', async () => {
    const result = await validate({ registryRoot: slips.registry, runtimeRoot: slips.runtime });
    expect(result.code).toBe(EXIT.registryInvalid);
    expect(result.stdout.trimEnd().split('\n')).toEqual([
      'capabilities/demo.echo.yaml:id: warning unbound_capability no binding serves capability "demo.echo": steps that use it fail at run time',
      `${SKILL_FILE}:inputs.text.type: error unknown_field_type type "strin" is not one of string, number, integer, boolean, object, array, any; did you mean "string"?`,
      `${SKILL_FILE}:steps[0].depend_on: warning unknown_field step field "depend_on" is not understood and is ignored; did you mean "depends_on"?`,
      `${SKILL_FILE}:steps[0].input.text: error undeclared_input reads inputs.txt, but the skill declares no input "txt"; did you mean "text"?`,
    ]);
    expect(result.stderr).toBe('skills: registry invalid: 2 errors (0 skills, 1 capability, 2 warnings loaded)\n');
  });

  it('prints one JSON document with --format json: counts and every diagnostic with file, path, severity, code, message, suggestion', async () => {
    const result = await validate({ registryRoot: slips.registry, runtimeRoot: slips.runtime, format: 'json' });
    expect(result.code).toBe(EXIT.registryInvalid);
    const document = JSON.parse(result.stdout) as { diagnostics: Record<string, string>[] };
    expect(document).toMatchObject({ valid: false, runtime_checked: true, counts: { skills: 0, rejected_skills: 1, capabilities: 1, errors: 2, warnings: 2 } });
    expect(document.diagnostics).toHaveLength(4);
    expect(document.diagnostics[1]).toEqual({
      file: SKILL_FILE,
      root: 'registry',
      path: 'inputs.text.type',
      severity: 'error',
      code: 'unknown_field_type',
      message: 'type "strin" is not one of string, number, integer, boolean, object, array, any; did you mean "string"?',
      suggestion: 'string',
    });
    expect(document.diagnostics[0]).not.toHaveProperty('suggestion');
    expect(result.stdout).not.toContain(dir);
  });

  it('checks a registry named without a runtime root on its own terms (flag or environment)', async () => {
    const byFlag = await validate({ registryRoot: alone });
    const byEnv = await validate({}, { SERVICE_REGISTRY_ROOT: alone });
    const note = ' (registry alone: no runtime root, bindings not checked)';
    for (const result of [byFlag, byEnv]) {
      expect(result).toEqual({ code: EXIT.ok, stdout: '', stderr: `registry valid: 0 skills, 1 capability, 0 warnings${note}\n` });
    }
    const json = await validate({ registryRoot: alone, format: 'json' });
    expect(JSON.parse(json.stdout)).toEqual({
      valid: true,
      runtime_checked: false,
      counts: { skills: 0, rejected_skills: 0, capabilities: 1, errors: 0, warnings: 0 },
      diagnostics: [],
    });
    // Named with a runtime root, the same registry is held to its bindings.
    const withRuntime = await validate({ registryRoot: alone, runtimeRoot: slips.runtime });
    expect(withRuntime.stdout).toContain('unbound_capability');
  });

  it('validates the built-in registry with 0 warnings, and refuses an unknown --format as a usage error', async () => {
    const builtIn = await validate({});
    expect(builtIn).toEqual({ code: EXIT.ok, stdout: '', stderr: expect.stringMatching(/^registry valid: \d+ skills, \d+ capabilities, 0 warnings\n$/) });
    expect(await validate({ format: 'yaml' })).toEqual({ code: EXIT.usage, stdout: '', stderr: "skills: --format must be one of text, json, got 'yaml'\n" });
  });
});
