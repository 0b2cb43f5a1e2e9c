import type { ExitCode } from './exit-codes.js';

/** A failure of the command line itself (usage, unreadable file, invalid registry), with its exit code. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
