import { loadRegistry, type RegistryDiagnostic } from '@skill-service/registry';
import { sanitizeMessage } from '@skill-service/contracts';
import { serviceSettingsFromEnvironment } from '@skill-service/service';
import { CliError } from './cli-error.js';
import type { ValidateOptions } from './cli-program.js';
import { printJson, type CommandContext } from './command-context.js';
import { diagnosticLine } from './diagnostic-line.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { asStartupError, rootsOf } from './open-service.js';

const counted = (count: number, noun: string, nouns = `${noun}s`): string => `${count} ${count === 1 ? noun : nouns}`;

const FORMATS = ['text', 'json'] as const;
type Format = (typeof FORMATS)[number];

const isSet = (value: string | undefined): boolean => value !== undefined && value !== '';

/**
 * The roots to check. A registry named (flag or SERVICE_REGISTRY_ROOT) without a runtime root is
 * checked on its own terms: its skills against its capabilities, with no bindings to expect,
 * rather than against the built-in runtime's bindings (whose capabilities it may not have).
 */
function rootsToCheck(context: CommandContext, options: ValidateOptions): { registryRoot: string; runtimeRoot: string | undefined } {
  let roots: { registryRoot: string; runtimeRoot: string };
  try {
    roots = serviceSettingsFromEnvironment(context.env, rootsOf(options));
  } catch (error) {
    throw asStartupError(error);
  }
  const registryNamed = options.registryRoot !== undefined || isSet(context.env['SERVICE_REGISTRY_ROOT']);
  const runtimeNamed = options.runtimeRoot !== undefined || isSet(context.env['SERVICE_RUNTIME_ROOT']);
  return { registryRoot: roots.registryRoot, runtimeRoot: registryNamed && !runtimeNamed ? undefined : roots.runtimeRoot };
}

/** A diagnostic as JSON for editors and CI: the file relative to its root, never an absolute path. */
function diagnosticJson(diagnostic: RegistryDiagnostic): Record<string, string> {
  const { file, root, path, severity, code, message, suggestion } = diagnostic;
  return { file, root, path, severity, code, message: sanitizeMessage(message), ...(suggestion === undefined ? {} : { suggestion }) };
}

/**
 * `skills validate`: loads the registry and runtime roots the way the service would and prints
 * every diagnostic on stdout (lines, or one JSON document with `--format json`); any error fails
 * with exit 6, warnings alone pass.
 */
export async function validateRegistry(context: CommandContext, options: ValidateOptions): Promise<ExitCode> {
  const format = (options.format ?? 'text') as Format;
  if (!FORMATS.includes(format)) throw new CliError(EXIT.usage, `--format must be one of ${FORMATS.join(', ')}, got '${sanitizeMessage(options.format ?? '')}'`);
  const { registryRoot, runtimeRoot } = rootsToCheck(context, options);
  const registry = await loadRegistry({ registryRoot, ...(runtimeRoot === undefined ? {} : { runtimeRoot }) });
  const errors = registry.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = registry.diagnostics.length - errors;

  if (format === 'json') {
    printJson(context, {
      valid: errors === 0,
      runtime_checked: runtimeRoot !== undefined,
      counts: { skills: registry.skills.size, rejected_skills: registry.rejectedSkills.size, capabilities: registry.capabilities.size, errors, warnings },
      diagnostics: registry.diagnostics.map(diagnosticJson),
    });
  } else {
    for (const diagnostic of registry.diagnostics) context.output.out(`${diagnosticLine(diagnostic)}\n`);
  }
  const summary =
    `${counted(registry.skills.size, 'skill')}, ${counted(registry.capabilities.size, 'capability', 'capabilities')}, ${counted(warnings, 'warning')}` +
    (runtimeRoot === undefined ? ' (registry alone: no runtime root, bindings not checked)' : '');
  if (errors > 0) throw new CliError(EXIT.registryInvalid, `registry invalid: ${counted(errors, 'error')} (${summary} loaded)`);
  context.output.err(`registry valid: ${summary}\n`);
  return EXIT.ok;
}
