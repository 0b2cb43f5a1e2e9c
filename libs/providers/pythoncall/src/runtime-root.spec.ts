// An existing runtime tree works unchanged: its root goes on pythonPath and
// its `official_services.*` modules are called by the same names its bindings use.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonCallProvider } from './index.js';
import { pythonCall, pythoncallService } from './testing/python-fixtures.js';

jest.setTimeout(30_000);

describe('a runtime root in the registry layout', () => {
  let runtimeRoot = '';
  let python: PythonCallProvider;

  beforeAll(async () => {
    runtimeRoot = await mkdtemp(join(tmpdir(), 'pythoncall-runtime-'));
    await mkdir(join(runtimeRoot, 'official_services'));
    await writeFile(join(runtimeRoot, 'official_services', '__init__.py'), '');
    await writeFile(
      join(runtimeRoot, 'official_services', 'text_baseline.py'),
      'def word_count(text):\n    return {"count": len(text.split())}\n',
    );
    // Default allow-list: official_services. is one of the default prefixes.
    python = new PythonCallProvider({ pythonPath: [runtimeRoot], log: () => undefined });
  });

  afterAll(async () => {
    await python.close();
    await rm(runtimeRoot, { recursive: true, force: true });
  });

  it('calls official_services.text_baseline.word_count named by the binding', async () => {
    await expect(
      python.call(pythonCall('official_services.text_baseline', 'word_count', { text: 'one two  three' })),
    ).resolves.toEqual({ count: 3 });
  });

  it('calls it through a service descriptor naming the module', async () => {
    const service = pythoncallService('text_baseline_python', 'official_services.text_baseline');
    await expect(
      python.call(pythonCall('official_services.text_baseline', 'word_count', { text: 'a b' }, { service })),
    ).resolves.toEqual({ count: 2 });
  });
});
