import { isServiceError, toErrorPayload } from '@skill-service/contracts';
import { SkillService, serviceConfigFromEnvironment, type ServiceConfig } from '@skill-service/service';
import { CliError } from './cli-error.js';
import type { RootOptions } from './cli-program.js';
import type { CommandContext } from './command-context.js';
import { EXIT } from './exit-codes.js';

/** A configuration refused at start (a bad SERVICE_* value or root) is a usage error, as for the server. */
export function asStartupError(error: unknown): unknown {
  if (isServiceError(error) && error.code === 'invalid_configuration') return new CliError(EXIT.usage, toErrorPayload(error, null).error.message);
  return error;
}

/** The roots given on the command line, as the shared settings take them. */
export function rootsOf(options: RootOptions): RootOptions {
  return {
    ...(options.registryRoot === undefined ? {} : { registryRoot: options.registryRoot }),
    ...(options.runtimeRoot === undefined ? {} : { runtimeRoot: options.runtimeRoot }),
  };
}

/** Provider logs (worker stderr, restarts, circuit breakers) on stderr, never stdout; debug and info are left out. */
function stderrLog(context: CommandContext): ServiceConfig['log'] {
  return (entry) => {
    if (entry.level === 'warn' || entry.level === 'error') context.output.err(`skills ${entry.level}: ${entry.message}\n`);
  };
}

/**
 * Opens the service exactly as the server and the bridge do (the shared SERVICE_* settings, the
 * flags' roots winning), runs `work` on it and closes it (Python workers, MCP servers) whatever happens.
 */
export async function withService<T>(context: CommandContext, options: RootOptions, work: (service: SkillService) => Promise<T>): Promise<T> {
  let service: SkillService;
  try {
    const config = serviceConfigFromEnvironment(context.env, { ...rootsOf(options), log: stderrLog(context) });
    service = await SkillService.open(config, { version: context.version });
  } catch (error) {
    throw asStartupError(error);
  }
  try {
    return await work(service);
  } finally {
    await service.close();
  }
}
