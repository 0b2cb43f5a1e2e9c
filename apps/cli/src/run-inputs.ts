import { readFile } from 'node:fs/promises';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';

/** Where `run` takes its inputs from: `--input '<JSON>'` or `--input-file <file>` (`-`: stdin). */
export interface InputSource {
  readonly input?: string;
  readonly inputFile?: string;
}

/** Parses a JSON text given on the command line; not JSON is a usage error (the shape is checked later, as a 400). */
export function parseJsonArgument(text: string, origin: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(EXIT.usage, `${origin} is not valid JSON: ${(error as Error).message}`);
  }
}

async function readText(file: string, readStdin: () => Promise<string>): Promise<string> {
  try {
    return file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError(EXIT.unreadableFile, `cannot read --input-file '${file}' (${reason})`);
  }
}

/** The skill's inputs: `{}` when neither option is given. */
export async function readRunInputs(source: InputSource, readStdin: () => Promise<string>): Promise<unknown> {
  if (source.input !== undefined && source.inputFile !== undefined) {
    throw new CliError(EXIT.usage, 'give either --input or --input-file, not both');
  }
  if (source.input !== undefined) return parseJsonArgument(source.input, '--input');
  if (source.inputFile !== undefined) return parseJsonArgument(await readText(source.inputFile, readStdin), `--input-file '${source.inputFile}'`);
  return {};
}

/** All of standard input as UTF-8 text. */
export async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
