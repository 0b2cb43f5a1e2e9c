// The sample tree (examples/sample-tree) served as the README shows it: --registry-root and
// --runtime-root on it, the example validation provider started by `skills validation-provider`
// and allowed through SERVICE_OUTBOUND_ALLOW. Every example of its skills runs over HTTP (a
// pythoncall function, the built-in MCP server, an openapi provider); `skills validate` passes on
// it; and with one broken skill file the others still serve while validate names file and field.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SkillService } from '@skill-service/service';
import request from 'supertest';
import { pythonWorkerScript, REPO_ROOT } from './install-paths.js';
import { parseServerCommand } from './server-options.js';
import { serviceConfigOf } from './service-config-of.js';
import { testApp } from './testing/test-server.js';

jest.setTimeout(180_000);

const SAMPLE_TREE = join(REPO_ROOT, 'examples', 'sample-tree');
const SKILLS_BIN = fileURLToPath(new URL('../../cli/bin/skills.mjs', import.meta.url));
/** Where the tree's service descriptor expects the provider; the copy points at the one started here. */
const DOCUMENTED_PROVIDER = '127.0.0.1:8780';

let dir = '';
let provider: ChildProcess | undefined;
let providerAddress = '';

/** Runs `skills <args>` to its end: its exit code, stdout and stderr. */
function skills(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [SKILLS_BIN, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** A copy of the sample tree whose openapi service points at the provider started by this spec. */
async function copyOfTree(name: string): Promise<{ registryRoot: string; runtimeRoot: string }> {
  const root = join(dir, name);
  await cp(SAMPLE_TREE, root, { recursive: true });
  const descriptor = join(root, 'runtime', 'services', 'official', 'sample_validation.yaml');
  await writeFile(descriptor, (await readFile(descriptor, 'utf8')).replaceAll(DOCUMENTED_PROVIDER, providerAddress));
  return { registryRoot: join(root, 'registry'), runtimeRoot: join(root, 'runtime') };
}

/** The service exactly as `npm start -- --registry-root … --runtime-root …` configures it. */
async function serve(roots: { registryRoot: string; runtimeRoot: string }): Promise<SkillService> {
  const env = { ...process.env, SERVICE_OUTBOUND_ALLOW: providerAddress, SERVICE_PYTHON_WORKERS: '1' };
  const command = parseServerCommand(['--registry-root', roots.registryRoot, '--runtime-root', roots.runtimeRoot], env, { registryRoot: '', runtimeRoot: '' });
  if (command.kind !== 'serve') throw new Error(`bad options: ${JSON.stringify(command)}`);
  return SkillService.open(serviceConfigOf(command.options, env, pythonWorkerScript(), () => undefined), { version: 'test' });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sample-tree-'));
  provider = spawn(process.execPath, [SKILLS_BIN, 'validation-provider', '--port', '0'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  providerAddress = await new Promise<string>((resolve, reject) => {
    let text = '';
    provider?.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const match = /listening on http:\/\/(127\.0\.0\.1:\d+)/.exec(text);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    provider?.once('exit', (code) => reject(new Error(`validation-provider exited with ${String(code)}: ${text}`)));
  });
});

afterAll(async () => {
  provider?.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
});

describe('the sample tree', () => {
  it('validates clean with skills validate', async () => {
    const result = await skills(['validate', '--registry-root', join(SAMPLE_TREE, 'registry'), '--runtime-root', join(SAMPLE_TREE, 'runtime')]);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 0, stdout: '' });
    expect(result.stderr).toMatch(/registry valid: 2 skills, 3 capabilities, 0 warnings/);
  });

  it('serves every example of its skills over HTTP, through pythoncall, the built-in MCP server and an openapi provider', async () => {
    const service = await serve(await copyOfTree('served'));
    try {
      const { app } = testApp(service);
      const { body: list } = await request(app).get('/v1/skills/list').expect(200);
      expect(list.skills.map((skill: { id: string }) => skill.id).sort()).toEqual(['sample.check-signup', 'sample.word-report']);
      const { body: diagnostics } = await request(app).get('/v1/skills/diagnostics').expect(200);
      expect(diagnostics.registry?.problems ?? diagnostics.problems ?? []).toEqual([]);
      for (const id of ['sample.word-report', 'sample.check-signup']) {
        const { body: described } = await request(app).get(`/v1/skills/${id}/describe`).expect(200);
        expect(described.examples.length).toBeGreaterThan(0);
        for (const example of described.examples as { inputs: unknown; outputs: unknown }[]) {
          const { body } = await request(app).post(`/v1/skills/${id}/execute`).send({ inputs: example.inputs }).expect(200);
          expect(body.outputs).toEqual(example.outputs);
        }
      }
    } finally {
      await service.close();
    }
  });

  it('with one broken skill file: the good skill still serves, and skills validate names the file, the field and the problem', async () => {
    const roots = await copyOfTree('broken');
    const broken = join(roots.registryRoot, 'skills', 'official', 'data', 'check-signup', 'skill.yaml');
    await writeFile(broken, (await readFile(broken, 'utf8')).replace('uses: sample.record.check', 'uses: sample.no-such-capability'));
    const service = await serve(roots);
    try {
      const { app } = testApp(service);
      const { body } = await request(app)
        .post('/v1/skills/sample.word-report/execute')
        .send({ inputs: { text: 'One short sentence here. And a second one.' } })
        .expect(200);
      expect(body.outputs).toMatchObject({ words: 8, sentences: 2 });
      const refused = await request(app).post('/v1/skills/sample.check-signup/execute').send({ inputs: { signup: {} } });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(refused.body)).not.toContain(dir);
    } finally {
      await service.close();
    }
    const result = await skills(['validate', '--registry-root', roots.registryRoot, '--runtime-root', roots.runtimeRoot]);
    expect(result.code).toBe(6);
    expect(result.stdout).toMatch(/^skills\/official\/data\/check-signup\/skill\.yaml:steps\[0\]\.uses: error \S+ .*sample\.no-such-capability/m);
  });
});
