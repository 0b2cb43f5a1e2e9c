import { loadRegistry } from '@skill-service/registry';
import { serviceSettingsFromEnvironment } from '@skill-service/service';
import { CliError } from './cli-error.js';
import type { RootOptions } from './cli-program.js';
import type { CommandContext } from './command-context.js';
import { diagnosticLine } from './diagnostic-line.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { asStartupError, rootsOf } from './open-service.js';

const counted = (count: number, noun: string, nouns = `${noun}s`): string => `${count} ${count === 1 ? noun : nouns}`;

/**
 * `skills validate`: loads the registry and runtime roots the way the service would and prints
 * every diagnostic on stdout; any error fails with exit 6, warnings alone pass.
 */
export async function validateRegistry(context: CommandContext, options: RootOptions): Promise<ExitCode> {
  let roots: { registryRoot: string; runtimeRoot: string };
  try {
    roots = serviceSettingsFromEnvironment(context.env, rootsOf(options));
  } catch (error) {
    throw asStartupError(error);
  }
  const registry = await loadRegistry({ registryRoot: roots.registryRoot, runtimeRoot: roots.runtimeRoot });
  for (const diagnostic of registry.diagnostics) context.output.out(`${diagnosticLine(diagnostic)}\n`);
  const errors = registry.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const summary =
    `${counted(registry.skills.size, 'skill')}, ${counted(registry.capabilities.size, 'capability', 'capabilities')}, ` +
    counted(registry.diagnostics.length - errors, 'warning');
  if (errors > 0) throw new CliError(EXIT.registryInvalid, `registry invalid: ${counted(errors, 'error')} (${summary} loaded)`);
  context.output.err(`registry valid: ${summary}\n`);
  return EXIT.ok;
}
