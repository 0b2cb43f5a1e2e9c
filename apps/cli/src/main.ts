import { Console } from 'node:console';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import type { CliCommands, CliOutput } from './cli-program.js';
import { runCli } from './cli-program.js';
import type { CommandContext } from './command-context.js';
import { readStandardInput } from './run-inputs.js';

// Entry point of `skills` (bin/skills.mjs runs dist/main.js, else these sources through tsx).
// Only commander and the parser load up front: the service loads when a command needs it.
// stdout carries results only: anything logging through `console` goes to stderr.
globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });

// A reader that went away (`skills list | head -1`) is not a failure of the command.
process.stdout.on('error', () => undefined);

/** Each stream's last write, so the process exits only once everything reached stdout and stderr. */
const pending: Promise<void>[] = [];
const write = (stream: NodeJS.WriteStream) => (text: string) => {
  pending.push(new Promise((resolve) => stream.write(text, () => resolve())));
};
const output: CliOutput = { out: write(process.stdout), err: write(process.stderr) };

// Ctrl-C (or SIGTERM) cancels a running skill; the process then ends as interrupted (128 + signal).
const interruption = new AbortController();
let interruptedBy: NodeJS.Signals | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interruptedBy ??= signal;
    interruption.abort();
  });
}

const context: CommandContext = {
  env: process.env,
  output,
  version: (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version,
  readStdin: readStandardInput,
  signal: interruption.signal,
};

const catalog = () => import('./catalog-commands.js');
const commands: CliCommands = {
  serve: async (args) => (await import('./app-commands.js')).startApp('serve', args, context.env),
  bridge: async (args) => (await import('./app-commands.js')).startApp('bridge', args, context.env),
  validationProvider: async (args) => (await import('./app-commands.js')).startApp('validation-provider', args, context.env),
  run: async (skillId, options) => (await import('./run-command.js')).runSkill(context, skillId, options),
  list: async (options) => (await catalog()).listSkills(context, options),
  describe: async (skillId, options) => (await catalog()).describeSkill(context, skillId, options),
  discover: async (intent, options) => (await catalog()).discoverSkills(context, intent, options),
  explain: async (capabilityId, options) => (await catalog()).explainCapability(context, capabilityId, options),
  validate: async (options) => (await import('./validate-command.js')).validateRegistry(context, options),
};

const code = await runCli(process.argv.slice(2), commands, output, context.version);
await Promise.all(pending);
process.exit(interruptedBy === undefined ? code : 128 + constants.signals[interruptedBy]);
