import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { compileAndRun, installTarballs, packLibraries } from './consumer-project.js';
import { WORKSPACE_ROOT, coreLibraries } from './published-libraries.js';

// The consumer installs every published domain, contract and util library; the test target
// depends on their `build` (devDependencies of this project), so Nx has built them.
const libraries = coreLibraries();
const PROGRAM = join(WORKSPACE_ROOT, 'tools', 'consumer-test', 'consumer', 'main.ts');
const FRAMEWORKS = ['express', 'commander', 'winston', 'got', 'supertest'];

// Registry files are written as JSON, which is YAML too.
const capability = {
  id: 'text.shout',
  version: '1.0.0',
  description: 'Upper-cases a text and appends a suffix.',
  inputs: { text: { type: 'string', required: true }, suffix: { type: 'string', required: true } },
  outputs: { text: { type: 'string', required: true } },
};
const skill = (id: string, uses: string): object => ({
  id,
  version: '1.0.0',
  name: id,
  description: `The ${id} skill.`,
  inputs: { text: { type: 'string', required: true } },
  outputs: { result: { type: 'string', required: true } },
  steps: [
    { id: 'first', uses, input: { text: 'inputs.text', suffix: '!' }, output: { text: 'vars.loud' } },
    { id: 'second', uses, input: { text: 'vars.loud', suffix: '?' }, output: { text: 'outputs.result' } },
  ],
});
const GOOD = {
  'capabilities/text.shout.yaml': capability,
  'skills/official/demo/shout-twice/skill.yaml': skill('demo.shout-twice', 'text.shout'),
};
const BROKEN = {
  ...GOOD,
  'capabilities/broken.yaml': 'id: [unclosed\n',
  'skills/official/demo/broken/skill.yaml': skill('demo.broken', 'text.whisper'),
};

async function writeTree(root: string, files: Record<string, object | string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
}

interface Failure {
  status: number;
  payload: { error: { code: string; message: string; type: string; details?: unknown }; trace_id: string | null };
  isServiceError: boolean;
  isSkillExecutionError: boolean;
  stepId?: string | null;
  eventTypes?: string[];
}
interface Report {
  run: { status: string; outputs: Record<string, unknown>; traceId: string; eventTypes: string[]; calls: string[] };
  goodDiagnostics: number;
  broken: {
    hasErrors: boolean;
    diagnostics: string[];
    skills: string[];
    rejectedSkills: string[];
    stillRuns: Record<string, unknown>;
    rejectedSkillRun: Failure;
    unknownSkillRun: Failure;
    badInputRun: Failure;
  };
  throwingInvoker: Failure;
  silentInvoker: Failure;
  abortedSignal: Failure;
  alreadyAborted: Failure;
}

let scratch: string;
let consumer: string;
let report: Report;
let stdout: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'skill-service-consumer-'));
  consumer = join(scratch, 'consumer');
  const tarballs = await packLibraries(libraries, await mkdtemp(join(scratch, 'tarballs-')));
  await installTarballs(consumer, tarballs);
  await writeTree(join(scratch, 'good-registry'), GOOD);
  await writeTree(join(scratch, 'broken-registry'), BROKEN);
  stdout = await compileAndRun(consumer, PROGRAM, [join(scratch, 'good-registry'), join(scratch, 'broken-registry')]);
  report = JSON.parse(stdout) as Report;
});

afterAll(async () => {
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

describe('a project outside the workspace that installs the packed libraries', () => {
  it('installs every published domain, contract and util library (Nx builds each first)', () => {
    const manifest = JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'tools', 'consumer-test', 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(libraries.map((library) => library.name)).toEqual(
      expect.arrayContaining(['@skill-service/contracts', '@skill-service/engine', '@skill-service/registry']),
    );
    // Without the devDependency Nx would not build the library before this test.
    expect(libraries.filter((library) => manifest.devDependencies[library.name] === undefined)).toEqual([]);
    for (const library of libraries) {
      const installed = JSON.parse(readFileSync(join(consumer, 'node_modules', library.name, 'package.json'), 'utf8')) as {
        version: string;
        dependencies?: Record<string, string>;
      };
      expect(installed.version).toMatch(/^\d+\.\d+\.\d+/);
      // Internal dependencies carry real versions, never `*` or a workspace protocol.
      for (const [name, range] of Object.entries(installed.dependencies ?? {})) {
        if (name.startsWith('@skill-service/')) expect(range).toBe(installed.version);
      }
    }
  });

  it('ships compiled JavaScript and declarations, no sources, specs or test helpers', () => {
    const engine = join(consumer, 'node_modules', '@skill-service', 'engine');
    expect(existsSync(join(engine, 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(engine, 'dist', 'index.d.ts'))).toBe(true);
    expect(existsSync(join(engine, 'src'))).toBe(false);
    expect(existsSync(join(engine, 'dist', 'testing'))).toBe(false);
    expect(existsSync(join(engine, 'dist', 'skill-engine.spec.js'))).toBe(false);
  });

  it('brings in no I/O framework with the domain and contract libraries', () => {
    const present = FRAMEWORKS.filter((name) => existsSync(join(consumer, 'node_modules', name)));
    expect(present).toEqual([]);
  });

  it('type-checks (nodenext, strict, library declarations included) and runs a skill on the engine through its own invoker', () => {
    expect(report.run).toEqual({
      status: 'completed',
      outputs: { result: 'HELLO!?' },
      traceId: 'consumer-trace',
      eventTypes: ['skill_start', 'step_start', 'step_completed', 'step_start', 'step_completed', 'skill_completed'],
      calls: ['first:text.shout', 'second:text.shout'],
    });
    expect(report.goodDiagnostics).toBe(0);
  });

  it('reports broken registry files as diagnostics (file, field, code) and still loads the good ones', () => {
    const { broken } = report;
    expect(broken.hasErrors).toBe(true);
    expect(broken.diagnostics).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^error registry:capabilities\/broken\.yaml\b.*\[\w+\]$/),
        expect.stringMatching(/^error registry:skills\/official\/demo\/broken\/skill\.yaml steps\[0\]\.uses: .*\[unknown_capability\]$/),
      ]),
    );
    expect(broken.skills).toEqual(['demo.shout-twice']);
    expect(broken.rejectedSkills).toEqual(['demo.broken']);
    expect(broken.stillRuns).toEqual({ result: 'STILL!?' });
  });

  it('answers a rejected skill with 409 invalid_configuration listing its diagnostics, as the server does', () => {
    const { rejectedSkillRun } = report.broken;
    expect(rejectedSkillRun).toMatchObject({ status: 409, isServiceError: true, isSkillExecutionError: false });
    expect(rejectedSkillRun.payload).toMatchObject({
      error: { code: 'invalid_configuration', type: 'InvalidConfigurationError' },
      trace_id: 'consumer-trace',
    });
    expect(rejectedSkillRun.payload.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'skills/official/demo/broken/skill.yaml', path: 'steps[0].uses', code: 'unknown_capability' }),
      ]),
    );
  });

  it('answers an unknown skill with 404 and bad inputs with 400 invalid_request naming the field', () => {
    expect(report.broken.unknownSkillRun).toMatchObject({ status: 404, payload: { error: { code: 'not_found', type: 'NotFoundError' } } });
    expect(report.broken.badInputRun).toMatchObject({ status: 400, payload: { error: { code: 'invalid_request' } } });
    expect(JSON.stringify(report.broken.badInputRun.payload.error.details)).toContain('text');
  });

  it('turns an invoker that throws into 502 upstream_failure on the failed step, without its internals', () => {
    expect(report.throwingInvoker).toMatchObject({
      status: 502,
      isSkillExecutionError: true,
      stepId: 'first',
      payload: { error: { code: 'upstream_failure', type: 'UpstreamFailureError' } },
      eventTypes: ['skill_start', 'step_start', 'step_failed'],
    });
    expect(report.throwingInvoker.payload.error.message).not.toContain('/srv/secrets');
  });

  it('turns an invoker that never settles into 504 step_timeout', () => {
    expect(report.silentInvoker).toMatchObject({
      status: 504,
      isSkillExecutionError: true,
      stepId: 'first',
      payload: { error: { code: 'step_timeout', type: 'StepTimeoutError' } },
    });
  });

  it('turns an aborted signal into 503 service_unavailable, during a step and before the run', () => {
    for (const failure of [report.abortedSignal, report.alreadyAborted]) {
      expect(failure).toMatchObject({ status: 503, isServiceError: true, payload: { error: { code: 'service_unavailable', message: expect.stringContaining('Run cancelled') } } });
    }
  });

  it('never shows an absolute path of the consumer in what it reports', () => {
    expect(stdout).not.toContain(scratch);
  });
});
