import { parseArgs } from 'node:util';

export interface CliOptions {
  readonly host: string;
  readonly port: number;
  readonly mock: boolean;
  /** Undefined: the variant's default (10 s real, 5 s mock). */
  readonly timeoutMs: number | undefined;
}

export type CliCommand =
  | { readonly kind: 'serve'; readonly options: CliOptions }
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'usage_error'; readonly message: string };

export const USAGE = `Usage: validation-provider [--host <address>] [--port <port>] [--mock] [--timeout <seconds>]
  --host     address to listen on (default 127.0.0.1)
  --port     port to listen on; 0 picks a free one (default 8780, or 8765 with --mock)
  --mock     the mock variant: only checks that data and schema are objects and the schema type is object
  --timeout  validation time budget in seconds (default 10, or 5 with --mock)`;

/** Reads the command line; never throws, never exits (main decides what a usage error does). */
export function parseCli(argv: readonly string[]): CliCommand {
  let values: { host?: string; port?: string; mock?: boolean; timeout?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        mock: { type: 'boolean' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // node's messages go on with advice about `--`; the first sentence is the useful part. Duck-typed:
    // under Jest's VM realm node's errors are not `instanceof Error`.
    const text = typeof (error as { message?: unknown }).message === 'string' ? (error as { message: string }).message : String(error);
    const message = text.split(/\.\s/)[0] ?? text;
    return { kind: 'usage_error', message: message.replace(/\.$/, '') };
  }
  if (values.help === true) return { kind: 'help', text: USAGE };
  const mock = values.mock === true;
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') return { kind: 'usage_error', message: '--host must not be empty' };
  const port = values.port === undefined ? (mock ? 8765 : 8780) : Number(values.port);
  if (values.port !== undefined && (!/^\d+$/.test(values.port) || port > 65535)) {
    return { kind: 'usage_error', message: `--port must be an integer from 0 to 65535, got '${values.port}'` };
  }
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout);
    if (values.timeout.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
      return { kind: 'usage_error', message: `--timeout must be a number of seconds above 0 and at most 3600, got '${values.timeout}'` };
    }
    timeoutMs = Math.round(seconds * 1000);
  }
  return { kind: 'serve', options: { host, port, mock, timeoutMs } };
}
