import { randomUUID } from 'node:crypto';
import { SkillStreamRequest, parseContract } from '@skill-service/contracts';
import type { RunOptions } from './cli-program.js';
import { printJson, type CommandContext } from './command-context.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { ProgressLines } from './progress-lines.js';
import { readRunInputs } from './run-inputs.js';

/** The request `run` sends, checked by the contract like an HTTP body (a bad one is a 400: exit 4). */
export function runRequestOf(inputs: unknown, options: RunOptions): SkillStreamRequest {
  const request = {
    inputs,
    ...(options.confirm === undefined ? {} : { confirmed_capabilities: options.confirm }),
    ...(options.profile === undefined ? {} : { required_conformance_profile: options.profile }),
  };
  return parseContract(SkillStreamRequest, request, 'run request');
}

/**
 * `skills run`: streams the run, one progress line per event on stderr as it happens, then the
 * result JSON on stdout. A failed run throws its error (the caller prints one line and exits non-zero).
 */
export async function runSkill(context: CommandContext, skillId: string, options: RunOptions): Promise<ExitCode> {
  // The cheap checks first: a bad input fails before the service is even loaded.
  const request = runRequestOf(await readRunInputs(options, context.readStdin), options);
  const { withService } = await import('./open-service.js');
  return withService(context, options, async (service) => {
    const run = service.streamSkill(skillId, request, { traceId: randomUUID(), channel: 'cli', signal: context.signal });
    const progress = new ProgressLines();
    for await (const event of run) context.output.err(`${progress.lineOf(event)}\n`);
    printJson(context, await run.result);
    return EXIT.ok;
  });
}
