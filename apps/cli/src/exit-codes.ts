import { httpStatusOf, isServiceError, sanitizeMessage, toErrorPayload } from '@skill-service/contracts';
import { CliError } from './cli-error.js';

/** The distinct exit codes of `skills`, documented in the root `--help`. */
export const EXIT = {
  ok: 0,
  /** The skill, capability or service failed (a provider, a step, a timeout, a refused run…). */
  failed: 1,
  /** Bad command line: unknown command or flag, missing argument, input that is not JSON, bad SERVICE_* value. */
  usage: 2,
  /** Unknown skill or capability. */
  notFound: 3,
  /** The request was refused as invalid (wrong or missing inputs, bad options): a 400 over HTTP. */
  invalidInput: 4,
  /** A file named on the command line cannot be read. */
  unreadableFile: 5,
  /** `validate` found errors in the registry. */
  registryInvalid: 6,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODES_HELP = `Exit codes:
  0  success
  1  execution failed (a step, a provider or the service failed)
  2  usage error (unknown command or flag, missing argument, input that is not JSON, bad SERVICE_* value)
  3  not found (unknown skill or capability)
  4  invalid input (the request was refused: wrong or missing inputs, bad options)
  5  unreadable file (--input-file)
  6  registry invalid (validate found errors)
  128+N  interrupted by signal N (130 for Ctrl-C)`;

/** The one line for stderr (without the `skills: ` prefix) and the exit code of anything a command threw. */
export function failureOf(error: unknown): { readonly code: ExitCode; readonly message: string } {
  if (error instanceof CliError) return { code: error.exitCode, message: error.message };
  if (!isServiceError(error)) {
    // A local tool may say what went wrong, but still no stack and no absolute path.
    return { code: EXIT.failed, message: `unexpected error: ${sanitizeMessage(error instanceof Error ? error.message : String(error))}` };
  }
  // The service's errors go through the one mapper, as over HTTP and the bridge.
  const { code, message } = toErrorPayload(error, null).error;
  const status = httpStatusOf(error);
  return { code: status === 404 ? EXIT.notFound : status === 400 ? EXIT.invalidInput : EXIT.failed, message: `${message} [${code}]` };
}
