// Calls and their error mapping, through real python3 workers running services/python modules.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ServiceError } from '@skill-service/contracts';
import { PythonCallProvider, type PythonCallHealthDetails, type PythonCallLogEntry, type PythonCallOptions } from './index.js';
import { TEST_MODULES_DIR, TOOLS, pythonCall, pythoncallService, waitFor } from './testing/python-fixtures.js';

jest.setTimeout(30_000); // python startup is 100-300 ms, far more on a loaded CI machine

const providers: PythonCallProvider[] = [];
afterEach(async () => {
  await Promise.all(providers.splice(0).map((provider) => provider.close()));
});

function provider(options: PythonCallOptions = {}): PythonCallProvider {
  const created = new PythonCallProvider({ pythonPath: [TEST_MODULES_DIR], log: () => undefined, ...options });
  providers.push(created);
  return created;
}

async function details(target: PythonCallProvider): Promise<PythonCallHealthDetails> {
  return (await target.health()).details as unknown as PythonCallHealthDetails;
}

/** The ServiceError a promise rejects with (fails the test when it resolves or throws something else). */
async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('PythonCallProvider: calls', () => {
  it('calls a function with the payload as keyword arguments and returns its JSON result', async () => {
    const python = provider();
    await expect(python.call(pythonCall(TOOLS, 'add', { a: 2, b: 3 }))).resolves.toEqual({ sum: 5 });
    await expect(python.call(pythonCall(TOOLS, 'upper', { text: 'héllo' }))).resolves.toEqual({ text: 'HÉLLO' });
    const nested = { list: [1, 'two', null, true], object: { deep: { value: 1.5 } } };
    await expect(python.call(pythonCall(TOOLS, 'echo', nested))).resolves.toEqual(nested);
  });

  it('takes the module from the service descriptor when one is given', async () => {
    const python = provider();
    const service = pythoncallService('python_local', TOOLS);
    await expect(python.call(pythonCall(TOOLS, 'add', { a: 1, b: 1 }, { service }))).resolves.toEqual({ sum: 2 });
  });

  it('returns non-object results unchanged (a string of n characters)', async () => {
    const python = provider();
    await expect(python.call(pythonCall(TOOLS, 'big', { n: 5 }))).resolves.toBe('xxxxx');
  });

  it('reuses one warm worker across sequential calls', async () => {
    const python = provider({ poolSize: 2 });
    const first = (await python.call(pythonCall(TOOLS, 'whoami'))) as { pid: number };
    const second = (await python.call(pythonCall(TOOLS, 'whoami'))) as { pid: number };
    expect(second.pid).toBe(first.pid);
    expect(await details(python)).toMatchObject({ liveWorkers: 1, busy: 0, queued: 0, restarts: 0 });
  });
});

describe('PythonCallProvider: errors', () => {
  it('wrong keyword arguments are the caller’s error: 400 invalid_request', async () => {
    const python = provider();
    const missing = await failure(python.call(pythonCall(TOOLS, 'add', { a: 1 })));
    expect(missing.code).toBe('invalid_request');
    expect(missing.status).toBe(400);
    expect(missing.message).toBe(
      `python function ${TOOLS}.add rejected the provided arguments: missing a required argument: 'b'`,
    );
    const extra = await failure(python.call(pythonCall(TOOLS, 'upper', { text: 'a', shout: true })));
    expect(extra.code).toBe('invalid_request');
    expect(extra.message).toMatch(/unexpected keyword argument 'shout'/);
  });

  it('a TypeError raised inside the function is a provider failure, not bad arguments', async () => {
    const error = await failure(provider().call(pythonCall(TOOLS, 'fail_inside')));
    expect(error.code).toBe('upstream_failure');
    expect(error.message).toMatch(/raised TypeError: object of type 'int' has no len\(\)/);
  });

  it('an exception is 502 with its type and message, and no traceback or file path', async () => {
    const python = provider();
    const error = await failure(python.call(pythonCall(TOOLS, 'fail', { message: 'boom' })));
    expect(error.code).toBe('upstream_failure');
    expect(error.status).toBe(502);
    expect(error.message).toBe(`python function ${TOOLS}.fail raised ValueError: boom`);
    expect(error.message).not.toMatch(/Traceback|\.py\b|\//);

    const withPath = await failure(
      python.call(pythonCall(TOOLS, 'fail', { message: 'cannot read /srv/runtime/secrets.json\nline two' })),
    );
    expect(withPath.message).toBe(`python function ${TOOLS}.fail raised ValueError: cannot read <path> line two`);
  });

  it('a module outside the allow-list is 409 naming the module, and no worker is started', async () => {
    const python = provider();
    const error = await failure(python.call(pythonCall('examples.custom_service.impl', 'run')));
    expect(error.code).toBe('invalid_configuration');
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/examples\.custom_service\.impl is outside the pythoncall allow-list/);
    expect(await details(python)).toMatchObject({ liveWorkers: 0, spawnFailures: 0, workerPids: [] });
  });

  it('blocked modules are refused whatever the allow-list says', async () => {
    const python = provider({ allowedModulePrefixes: ['local_services.', 'ossified'] });
    for (const module of ['os', 'subprocess', 'builtins', 'importlib.util', 'pickle']) {
      const error = await failure(python.call(pythonCall(module, 'system', { command: 'true' })));
      expect(error.code).toBe('invalid_configuration');
      expect(error.message).toBe(`python module ${module} is blocked`);
    }
    expect(() => new PythonCallProvider({ allowedModulePrefixes: ['os.'] })).toThrow(/names a blocked module/);
    expect(() => new PythonCallProvider({ allowedModulePrefixes: ['local services'] })).toThrow(/not a python module prefix/);
    expect(await details(python)).toMatchObject({ liveWorkers: 0 });
  });

  it('malformed module and function names are refused before anything runs', async () => {
    const python = provider();
    const badModule = await failure(python.call(pythonCall('local_services.x;import os', 'f')));
    expect(badModule.code).toBe('invalid_configuration');
    for (const fn of ['__import__', '_private', 'a-b', 'a.b']) {
      const error = await failure(python.call(pythonCall(TOOLS, fn)));
      expect(error.code).toBe('invalid_configuration');
      expect(error.message).toMatch(/is not a callable python function name/);
    }
    const noModule = await failure(python.call(pythonCall(TOOLS, 'add', {}, { service: { ...pythoncallService('svc', TOOLS), module: undefined } })));
    expect(noModule.message).toBe('pythoncall service svc names no module');
    expect(await details(python)).toMatchObject({ liveWorkers: 0 });
  });

  it('a module that cannot be imported, or lacks the function, is 409', async () => {
    const python = provider();
    const missing = await failure(python.call(pythonCall('local_services.does_not_exist', 'f')));
    expect(missing.code).toBe('invalid_configuration');
    expect(missing.message).toMatch(/ModuleNotFoundError: No module named 'local_services\.does_not_exist'/);
    const noFunction = await failure(python.call(pythonCall(TOOLS, 'nope')));
    expect(noFunction.code).toBe('invalid_configuration');
    expect(noFunction.message).toMatch(/module local_services\.test_tools has no function nope/);
  });

  it('a result that is not JSON is 502 (a set, NaN)', async () => {
    const python = provider();
    const set = await failure(python.call(pythonCall(TOOLS, 'not_json')));
    expect(set.code).toBe('upstream_failure');
    expect(set.message).toMatch(/returned a value that is not JSON: TypeError: result of type set/);
    const nan = await failure(python.call(pythonCall(TOOLS, 'not_finite')));
    expect(nan.code).toBe('upstream_failure');
    expect(nan.message).toMatch(/Out of range float values/);
    // The worker survives both (only its reply was refused).
    expect(await details(python)).toMatchObject({ restarts: 0, liveWorkers: 1 });
  });

  it('a payload that cannot be JSON is 400, before any worker is involved', async () => {
    const python = provider();
    const error = await failure(python.call(pythonCall(TOOLS, 'echo', { n: 10n })));
    expect(error.code).toBe('invalid_request');
    expect(await details(python)).toMatchObject({ liveWorkers: 0 });
  });

  it('an oversized response line is 502 and the worker is replaced', async () => {
    const python = provider({ maxLineBytes: 4096, poolSize: 1 });
    const before = (await python.call(pythonCall(TOOLS, 'whoami'))) as { pid: number };
    const error = await failure(python.call(pythonCall(TOOLS, 'big', { n: 100_000 })));
    expect(error.code).toBe('upstream_failure');
    expect(error.message).toBe('python worker sent a response line over 4096 bytes; the worker was replaced');
    expect(await details(python)).toMatchObject({ restarts: 1 });
    const after = (await python.call(pythonCall(TOOLS, 'whoami'))) as { pid: number };
    expect(after.pid).not.toBe(before.pid);
    await expect(python.call(pythonCall(TOOLS, 'big', { n: 3 }))).resolves.toBe('xxx');
  });

  it('no python executable is a clear 502 without the executable’s path, and unhealthy', async () => {
    const logs: PythonCallLogEntry[] = [];
    const python = provider({ pythonExecutable: '/nonexistent/bin/python3', log: (entry) => logs.push(entry) });
    const error = await failure(python.call(pythonCall(TOOLS, 'add', { a: 1, b: 2 })));
    expect(error.code).toBe('upstream_failure');
    expect(error.message).toBe('could not start the python worker (python3): ENOENT');
    const health = await python.health();
    expect(health.healthy).toBe(false);
    expect(health.details).toMatchObject({ spawnFailures: 1, restarts: 0, liveWorkers: 0 });
    expect(logs).toContainEqual({ level: 'error', message: error.message, workerPid: undefined });
  });
});

describe('PythonCallProvider: worker output', () => {
  it('prints to stdout and stderr do not corrupt the protocol, and reach the log with pid and module', async () => {
    const logs: PythonCallLogEntry[] = [];
    const python = provider({ log: (entry) => logs.push(entry) });
    await expect(python.call(pythonCall(TOOLS, 'noisy', { text: 'hi' }))).resolves.toEqual({ text: 'hi', noisy: true });
    await expect(python.call(pythonCall(TOOLS, 'add', { a: 1, b: 2 }))).resolves.toEqual({ sum: 3 });
    const [pid] = (await details(python)).workerPids;
    // stderr is a separate pipe: its lines may arrive just after the reply.
    await waitFor('the noisy lines in the log', () => logs.length >= 3);
    expect(logs).toEqual(
      expect.arrayContaining(
        ['stdout says hi', 'stderr says hi', 'raw fd1 write'].map((message) => ({
          level: 'info',
          message,
          workerPid: pid,
          module: TOOLS,
        })),
      ),
    );
  });
});
