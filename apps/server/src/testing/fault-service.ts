// Shared by the fault specs (src/faults): a service over the fault fixtures (src/faults/fixtures),
// configured through the same flag and env parsing as main.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SkillService } from '@skill-service/service';
import { pythonWorkerScript } from '../install-paths.js';
import { parseServerCommand } from '../server-options.js';
import { serviceConfigOf } from '../service-config-of.js';
import { PYTHON_MODULES_DIR } from './test-server.js';

const FAULT_FIXTURES = fileURLToPath(new URL('../faults/fixtures/', import.meta.url));

/** `env` on top of PATH and the Python test modules' path. */
export async function openFaultService(env: Record<string, string> = {}): Promise<SkillService> {
  const flags = ['--registry-root', join(FAULT_FIXTURES, 'registry'), '--runtime-root', join(FAULT_FIXTURES, 'runtime')];
  const fullEnv = { PATH: process.env['PATH'] ?? '', PYTHONPATH: PYTHON_MODULES_DIR, ...env };
  const command = parseServerCommand(flags, fullEnv, { registryRoot: '', runtimeRoot: '' });
  if (command.kind !== 'serve') throw new Error(`bad test options: ${JSON.stringify(command)}`);
  return SkillService.open(serviceConfigOf(command.options, fullEnv, pythonWorkerScript(), () => undefined), { version: '9.9.9-test' });
}
