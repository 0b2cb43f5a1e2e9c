// The `skills` bin as a real process over the built-in registry, from its TypeScript sources (the
// path `npx skills` takes right after `npm ci`). Each start costs a second or two: the cases are
// grouped, and independent processes run side by side.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT } from './exit-codes.js';
import { runSkills, startSkills, type Finished } from './testing/run-skills.js';

jest.setTimeout(120_000);

const SKILL = 'text.language-keywords';
// A skill whose second step always raises (a pythoncall test function): a failure past validation.
const FIXTURES = fileURLToPath(new URL('./test-fixtures/', import.meta.url));
const FIXTURE_ROOTS = ['--registry-root', join(FIXTURES, 'registry'), '--runtime-root', join(FIXTURES, 'runtime')];
const FIXTURE_ENV = { PYTHONPATH: fileURLToPath(new URL('../../../services/python/', import.meta.url)) };
const TEXT = 'Skills are declarative graphs of steps. Each step calls a capability through a binding to a provider.';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function waitFor(condition: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Exactly one JSON document on stdout (JSON.parse refuses anything around or after it). */
function jsonOf(finished: Finished): Record<string, unknown> {
  return JSON.parse(finished.stdout) as Record<string, unknown>;
}

function expectOneLineFailure(finished: Finished, code: number, pattern: RegExp): void {
  expect({ code: finished.code, stdout: finished.stdout, stderr: finished.stderrLines }).toEqual({ code, stdout: '', stderr: [expect.stringMatching(pattern)] });
}

describe('help', () => {
  it('answers --help on every command (serve forwards it to the server), and --version', async () => {
    const commands = ['run', 'list', 'describe', 'discover', 'explain', 'validate'];
    const [root, version, serve, ...each] = await Promise.all([
      runSkills(['--help']),
      runSkills(['--version']),
      runSkills(['serve', '--help']),
      ...commands.map((name) => runSkills([name, '--help'])),
    ]);
    expect(root.code).toBe(0);
    expect(root.stdout).toContain('Exit codes:');
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
    expect(serve.code).toBe(0);
    expect(serve.stdout).toContain('Usage: skill-server');
    each.forEach((finished, index) => {
      expect(finished.code).toBe(0);
      expect(finished.stdout).toContain(`Usage: skills ${commands[index]}`);
    });
  });
});

describe('catalog commands', () => {
  it('lists, describes, discovers and explains as JSON on stdout', async () => {
    const [list, describeSkill, discover, explain] = await Promise.all([
      runSkills(['list', '--limit', '100']),
      runSkills(['describe', SKILL]),
      runSkills(['discover', 'extract', 'the', 'keywords', 'of', 'a', 'text', '--limit', '3']),
      runSkills(['explain', 'text.keyword.extract']),
    ]);
    expect(list.code).toBe(0);
    const skills = (jsonOf(list)['skills'] as { id: string }[]).map((skill) => skill.id);
    expect(skills).toContain(SKILL);
    expect(jsonOf(list)['pagination']).toMatchObject({ offset: 0, limit: 100, total: skills.length });

    expect(describeSkill.code).toBe(0);
    expect(jsonOf(describeSkill)).toMatchObject({ id: SKILL, inputs: expect.any(Object), steps: expect.any(Array) });

    expect(discover.code).toBe(0);
    const results = jsonOf(discover)['results'] as { id: string; score: number }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results.map((result) => result.id)).toContain(SKILL);

    expect(explain.code).toBe(0);
    expect(jsonOf(explain)).toMatchObject({ capability_id: 'text.keyword.extract' });
  });
});

describe('run', () => {
  it('runs with --input and with --input-file: progress on stderr, only the result JSON on stdout', async () => {
    const file = join(dir, 'inputs.json');
    await writeFile(file, JSON.stringify({ text: TEXT }));
    const [inline, fromFile] = await Promise.all([runSkills(['run', SKILL, '--input', JSON.stringify({ text: TEXT })]), runSkills(['run', SKILL, '--input-file', file])]);
    for (const finished of [inline, fromFile]) {
      expect(finished.code).toBe(0);
      const result = jsonOf(finished);
      expect(result).toMatchObject({ skill_id: SKILL, status: 'completed', trace_id: expect.any(String) });
      expect(Object.keys(result['outputs'] as object).length).toBeGreaterThan(0);
      expect(finished.stderrLines[0]).toBe(`skill_start ${SKILL}`);
      expect(finished.stderrLines).toContainEqual(expect.stringMatching(/^step_start \S+$/));
      expect(finished.stderrLines).toContainEqual(expect.stringMatching(/^step_completed \S+ \d+ ms$/));
      expect(finished.stderrLines.at(-1)).toMatch(new RegExp(`^skill_completed ${SKILL} \\d+ ms$`));
    }
    expect(jsonOf(fromFile)['outputs']).toEqual(jsonOf(inline)['outputs']);
  });

  it('exits 1 when a step fails: its step_failed line, then one error line, nothing on stdout', async () => {
    const failed = await runSkills(['run', 'test.shout-then-fail', '--input', '{"text": "boom"}', ...FIXTURE_ROOTS], { env: FIXTURE_ENV });
    expect(failed.code).toBe(EXIT.failed);
    expect(failed.stdout).toBe('');
    expect(failed.stderrLines).toEqual([
      'skill_start test.shout-then-fail',
      'step_start upper',
      expect.stringMatching(/^step_completed upper \d+ ms$/),
      'step_start explode',
      expect.stringMatching(/^step_failed explode: upstream_failure .*BOOM$/),
      expect.stringMatching(/^skills: Step 'explode' failed: .*BOOM \[upstream_failure\]$/),
    ]);
  });

  it('gives bad input, an unknown skill, an unreadable file and an unknown flag each one line and its own code', async () => {
    const [notJson, unknown, unreadable, unknownFlag] = await Promise.all([
      runSkills(['run', SKILL, '--input', '{"text": ']),
      runSkills(['run', 'no.such-skill', '--input', '{}']),
      runSkills(['run', SKILL, '--input-file', join(dir, 'missing.json')]),
      runSkills(['run', SKILL, '--inptu', '{}']),
    ]);
    expectOneLineFailure(notJson, EXIT.usage, /^skills: --input is not valid JSON: /);
    expectOneLineFailure(unknown, EXIT.notFound, /^skills: Skill 'no\.such-skill' not found \[not_found\]$/);
    expectOneLineFailure(unreadable, EXIT.unreadableFile, /^skills: cannot read --input-file '.*missing\.json' \(ENOENT\)$/);
    expectOneLineFailure(unknownFlag, EXIT.usage, /^skills: unknown option '--inptu'/);
  });
});

describe('validate', () => {
  it('passes the repository registry and fails a broken tree with root-relative file names', async () => {
    const registry = join(dir, 'broken-registry');
    const runtime = join(dir, 'empty-runtime');
    await mkdir(join(registry, 'skills', 'official', 'demo', 'broken'), { recursive: true });
    await mkdir(join(registry, 'capabilities'), { recursive: true });
    await mkdir(runtime, { recursive: true });
    await writeFile(join(registry, 'skills', 'official', 'demo', 'broken', 'skill.yaml'), 'id: demo.broken\nsteps:\n  - id: a\n    uses: no.such.capability\n');
    await writeFile(join(registry, 'capabilities', 'bad.yaml'), 'id: [not, a, string\n');

    const [good, broken] = await Promise.all([runSkills(['validate']), runSkills(['validate', '--registry-root', registry, '--runtime-root', runtime])]);
    expect(good.code).toBe(0);
    expect(good.stdout.split('\n').filter((line) => / error /.test(line))).toEqual([]);
    expect(good.stderrLines.at(-1)).toMatch(/^registry valid: \d+ skills, \d+ capabilities, \d+ warnings?$/);

    expect(broken.code).toBe(EXIT.registryInvalid);
    const lines = broken.stdout.trimEnd().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^skills\/official\/demo\/broken\/skill\.yaml(:\S+)?: error \w+ /));
    expect(lines).toContainEqual(expect.stringMatching(/^capabilities\/bad\.yaml(:\S*)?: error \w+ /));
    expect(broken.stdout).not.toContain(dir);
    expect(broken.stderr).not.toContain(dir);
    expect(broken.stderrLines).toEqual([expect.stringMatching(/^skills: registry invalid: \d+ errors? \(/)]);
  });
});

describe('serve, bridge and validation-provider', () => {
  it('serve starts the HTTP server with the flags given and forwards SIGTERM to it; its exit code comes back', async () => {
    const started = startSkills(['serve', '--port', '0', '--host', '127.0.0.1']);
    const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
    await waitFor(() => listening.test(started.output.stderr), () => `the listening line; stderr so far: ${started.output.stderr}`);
    const url = listening.exec(started.output.stderr)?.[1] ?? '';
    expect((await fetch(`${url}/v1/health`)).status).toBe(200);
    started.child.kill('SIGTERM');
    expect((await started.finished).code).toBe(0);
  });

  it('bridge speaks the line protocol on the same stdin and stdout, forwards --help and the exit code of a refused start', async () => {
    const call = { id: 7, method: 'tools/call', params: { name: 'skill.describe', arguments: { skill_id: SKILL } } };
    const [exchange, help, refused] = await Promise.all([
      runSkills(['bridge'], { stdin: `${JSON.stringify(call)}\n` }),
      runSkills(['bridge', '--help']),
      runSkills(['bridge', '--no-such-flag']),
    ]);
    expect(exchange.code).toBe(0);
    expect(JSON.parse(exchange.stdout)).toMatchObject({ id: 7, result: { id: SKILL } });
    expect(help.code).toBe(0);
    expect(help.stdout).not.toBe('');
    expect(refused.code).toBe(2);
  });
  it('validation-provider starts the example provider (real and mock) and refuses a bad port in one line, exit 2', async () => {
    const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
    for (const variant of [[], ['--mock']]) {
      const started = startSkills(['validation-provider', ...variant, '--port', '0']);
      await waitFor(() => listening.test(started.output.stderr), () => `the listening line; stderr so far: ${started.output.stderr}`);
      const url = listening.exec(started.output.stderr)?.[1] ?? '';
      const answer = await fetch(`${url}/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { name: 'Ana' }, schema: { type: 'object', required: ['name', 'email'] } }),
      });
      // The real variant checks `required`; the mock one only the schema type.
      expect(await answer.json()).toEqual(variant.length === 0 ? { valid: false, errors: [expect.stringContaining('email')] } : { valid: true, errors: [] });
      started.child.kill('SIGTERM');
      expect((await started.finished).code).toBe(0);
    }
    expectOneLineFailure(await runSkills(['validation-provider', '--port', 'abc']), 2, /^validation-provider: --port must be an integer from 0 to 65535, got 'abc'/);
  });
});
