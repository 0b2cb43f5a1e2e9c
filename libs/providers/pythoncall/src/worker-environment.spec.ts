// What of the server's environment reaches a Python worker: the basics and what the service
// declares, never the server's secrets (a real python3 worker reports its os.environ).
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { PlaceholderRules } from '@skill-service/bindings';
import { ServiceError, type ServiceDescriptor } from '@skill-service/contracts';
import { PythonCallProvider } from './index.js';
import { TEST_MODULES_DIR, TOOLS, pythonCall, pythoncallService } from './testing/python-fixtures.js';

jest.setTimeout(30_000);

const SERVER_ENV = {
  PATH: process.env['PATH'] ?? '/usr/bin:/bin',
  HOME: '/home/skills',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  TMPDIR: '/tmp',
  SERVICE_JWT_SECRET: 'jwt-secret-that-must-stay-in-the-server-0123',
  SERVICE_API_KEY: 'api-key-that-must-stay-in-the-server',
  AWS_SECRET_ACCESS_KEY: 'an-arbitrary-operator-variable',
  PARTNER_TOKEN: 'partner-token-for-one-service',
};

const providers: PythonCallProvider[] = [];
afterEach(async () => {
  await Promise.all(providers.splice(0).map((provider) => provider.close()));
});

function provider(allow?: readonly string[]): PythonCallProvider {
  const created = new PythonCallProvider({ pythonPath: [TEST_MODULES_DIR], env: SERVER_ENV, placeholderRules: new PlaceholderRules(allow), log: () => undefined });
  providers.push(created);
  return created;
}

async function workerEnv(target: PythonCallProvider, service?: ServiceDescriptor): Promise<Record<string, string>> {
  const answer = (await target.call(pythonCall(TOOLS, 'environment', {}, service === undefined ? {} : { service }))) as { env: Record<string, string> };
  return answer.env;
}

const withEnv = (env: Record<string, string>): ServiceDescriptor => ({ ...pythoncallService('python_partner', TOOLS), env });

describe('the environment of python workers', () => {
  it('holds the basics and the worker protocol variables, never the server secrets or other variables', async () => {
    const env = await workerEnv(provider());
    // A python launcher (pyenv) may put its own directories in front.
    expect(env).toMatchObject({ PATH: expect.stringContaining(SERVER_ENV.PATH), HOME: '/home/skills', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TMPDIR: '/tmp', PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8' });
    expect(env['PYTHONPATH']?.split(':')[0]).toBe(TEST_MODULES_DIR);
    for (const name of ['SERVICE_JWT_SECRET', 'SERVICE_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'PARTNER_TOKEN']) expect(env).not.toHaveProperty(name);
    expect(JSON.stringify(env)).not.toContain(SERVER_ENV.SERVICE_JWT_SECRET);
  });

  it('adds what the service declares, placeholders resolved, in workers of its own', async () => {
    const python = provider();
    const declared = await workerEnv(python, withEnv({ PARTNER_API_TOKEN: '${PARTNER_TOKEN}', PARTNER_REGION: 'eu-west' }));
    expect(declared).toMatchObject({ PARTNER_API_TOKEN: SERVER_ENV.PARTNER_TOKEN, PARTNER_REGION: 'eu-west' });
    expect(declared).not.toHaveProperty('SERVICE_JWT_SECRET');
    // A module reached without that service never sees the declared variables.
    expect(await workerEnv(python)).not.toHaveProperty('PARTNER_API_TOKEN');
  });

  it('refuses a declared ${SERVICE_JWT_SECRET} (or anything outside the allow-list) naming it, before any worker starts', async () => {
    const python = provider(['PARTNER_*']);
    const refused = await python.call(pythonCall(TOOLS, 'environment', {}, { service: withEnv({ LEAK: '${SERVICE_JWT_SECRET}' }) })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ code: 'invalid_configuration', message: expect.stringContaining('${SERVICE_JWT_SECRET} is refused: SERVICE_* variables') });
    const outside = await python.call(pythonCall(TOOLS, 'environment', {}, { service: withEnv({ KEY: '${AWS_SECRET_ACCESS_KEY}' }) })).catch((error: unknown) => error);
    expect(outside).toMatchObject({ code: 'invalid_configuration', message: expect.stringContaining('AWS_SECRET_ACCESS_KEY is not in SERVICE_SECRET_ENV_ALLOW') });
    expect(JSON.stringify([String(refused), String(outside)])).not.toContain('jwt-secret-that-must');
    const health = (await python.health()).details as { liveWorkers: number; spawnFailures: number };
    expect(health).toMatchObject({ liveWorkers: 0, spawnFailures: 0 });
  });
});
