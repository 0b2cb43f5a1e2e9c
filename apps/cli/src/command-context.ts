import type { Environment } from '@skill-service/service';
import type { CliOutput } from './cli-program.js';

/** What the commands get from the process (main.ts) instead of reaching for globals. */
export interface CommandContext {
  readonly env: Environment;
  readonly output: CliOutput;
  readonly version: string;
  /** All of standard input (for `--input-file -`). */
  readonly readStdin: () => Promise<string>;
  /** Aborted on SIGINT/SIGTERM: a running skill is cancelled. */
  readonly signal: AbortSignal;
}

/** Results are pretty JSON documents on stdout. */
export function printJson(context: CommandContext, value: unknown): void {
  context.output.out(`${JSON.stringify(value, null, 2)}\n`);
}
