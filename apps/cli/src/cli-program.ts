import { Command, CommanderError } from 'commander';
import { EXIT, EXIT_CODES_HELP, failureOf, type ExitCode } from './exit-codes.js';

/** Where the in-process commands find the registry; unset: SERVICE_REGISTRY_ROOT/SERVICE_RUNTIME_ROOT, else the checkout's. */
export interface RootOptions {
  readonly registryRoot?: string;
  readonly runtimeRoot?: string;
}

export interface RunOptions extends RootOptions {
  readonly input?: string;
  readonly inputFile?: string;
  readonly confirm?: readonly string[];
  readonly profile?: string;
}

export interface ListOptions extends RootOptions {
  readonly domain?: string;
  readonly role?: string;
  readonly status?: string;
  readonly invocation?: string;
  readonly offset?: string;
  readonly limit?: string;
}

export interface DiscoverOptions extends RootOptions {
  readonly limit?: string;
  readonly domain?: string;
  readonly role?: string;
}

export interface ExplainOptions extends RootOptions {
  readonly profile?: string;
}

export interface ValidateOptions extends RootOptions {
  readonly format?: string;
}

/** What each command does once its command line is parsed; each answers its exit code. */
export interface CliCommands {
  serve(args: readonly string[]): Promise<ExitCode>;
  bridge(args: readonly string[]): Promise<ExitCode>;
  validationProvider(args: readonly string[]): Promise<ExitCode>;
  run(skillId: string, options: RunOptions): Promise<ExitCode>;
  list(options: ListOptions): Promise<ExitCode>;
  describe(skillId: string, options: RootOptions): Promise<ExitCode>;
  discover(intent: readonly string[], options: DiscoverOptions): Promise<ExitCode>;
  explain(capabilityId: string, options: ExplainOptions): Promise<ExitCode>;
  validate(options: ValidateOptions): Promise<ExitCode>;
}

/** The two streams of the command: results on `out`, help too; progress, logs and errors on `err`. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

const NAME = 'skills';

const ROOT_HELP = `
Results are JSON on stdout; progress, logs and errors go to stderr (errors as one line: "skills: <message>").
The in-process commands (run, list, describe, discover, explain, validate) read the same SERVICE_*
environment as the server (see "skills serve --help").

${EXIT_CODES_HELP}`;

function withRoots(command: Command): Command {
  return command
    .option('--registry-root <dir>', 'skills and capabilities (default: SERVICE_REGISTRY_ROOT, else the built-in registry)')
    .option('--runtime-root <dir>', 'services, bindings, policies, Python modules (default: SERVICE_RUNTIME_ROOT, else the checkout)');
}

const collect = (value: string, previous: readonly string[] = []): string[] => [...previous, value];

/** A command whose arguments all go, unparsed and `--help` included, to the app it starts. */
function passThrough(program: Command, name: string, description: string, action: (args: readonly string[]) => Promise<void>): void {
  program
    .command(name)
    .description(description)
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[options...]', 'forwarded unchanged (try --help)')
    .action((args: string[]) => action(args));
}

/** The `skills` command line. `commands` does the work; parsing problems throw `CommanderError`. */
export function buildProgram(commands: CliCommands, output: CliOutput, version: string, done: (code: ExitCode) => void): Command {
  const program = new Command(NAME)
    .description('Run and inspect skills of the Skill Execution Service; start its HTTP server or its stdio tool bridge.')
    .version(version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand('help [command]', 'show help for a command')
    .addHelpText('after', ROOT_HELP)
    .exitOverride()
    .showSuggestionAfterError()
    // Errors are printed once, as one line, by runCli; help and version go where they belong.
    .configureOutput({ writeOut: (text) => output.out(text), writeErr: (text) => output.err(text), outputError: () => undefined });

  passThrough(program, 'serve', 'start the HTTP server (its flags and --help are forwarded: skills serve --port 9000)', async (args) => done(await commands.serve(args)));
  passThrough(program, 'bridge', 'start the stdio tool bridge (line protocol and MCP on stdin/stdout; arguments forwarded)', async (args) =>
    done(await commands.bridge(args)),
  );
  passThrough(
    program,
    'validation-provider',
    'start the example HTTP validation provider (POST /validate; [--mock] [--host H] [--port P] [--timeout S], --help forwarded)',
    async (args) => done(await commands.validationProvider(args)),
  );

  withRoots(
    program
      .command('run')
      .description('run a skill: live progress on stderr, the result JSON on stdout')
      .argument('<skill>', 'skill id, e.g. text.language-keywords')
      .option('--input <json>', 'the inputs as a JSON object, e.g. \'{"text": "hello"}\'')
      .option('--input-file <file>', 'read the inputs (a JSON object) from a file; - reads stdin')
      .option('--confirm <capability>', 'confirm a capability that requires confirmation (repeatable)', collect)
      .option('--profile <profile>', 'required conformance profile: experimental, standard or strict'),
  ).action(async (skillId: string, options: RunOptions) => done(await commands.run(skillId, options)));

  withRoots(
    program
      .command('list')
      .description('list skills (sorted by id, one page)')
      .option('--domain <domain>', 'only this domain')
      .option('--role <role>', 'only this role')
      .option('--status <status>', 'only this status (e.g. stable, experimental, deprecated)')
      .option('--invocation <invocation>', 'only this invocation')
      .option('--offset <n>', 'skip this many (default 0)')
      .option('--limit <n>', 'page size, 1 to 100 (default 20)'),
  ).action(async (options: ListOptions) => done(await commands.list(options)));

  withRoots(program.command('describe').description('describe a skill: inputs, outputs, steps').argument('<skill>', 'skill id')).action(
    async (skillId: string, options: RootOptions) => done(await commands.describe(skillId, options)),
  );

  withRoots(
    program
      .command('discover')
      .description('rank the skills that fit an intent')
      .argument('<intent...>', 'what you want to do, in words')
      .option('--limit <n>', 'at most this many results')
      .option('--domain <domain>', 'only this domain')
      .option('--role <role>', 'only this role'),
  ).action(async (intent: string[], options: DiscoverOptions) => done(await commands.discover(intent, options)));

  withRoots(
    program
      .command('explain')
      .description('show how a capability resolves to a binding (nothing is invoked)')
      .argument('<capability>', 'capability id, e.g. text.keyword.extract')
      .option('--profile <profile>', 'required conformance profile: experimental, standard or strict'),
  ).action(async (capabilityId: string, options: ExplainOptions) => done(await commands.explain(capabilityId, options)));

  withRoots(
    program
      .command('validate')
      .description(
        `lint the registry: one line per problem ("file:field: severity code message"); exit ${EXIT.registryInvalid} on any error. ` +
          '--registry-root without --runtime-root checks that registry alone',
      )
      .option('--format <format>', 'text (default) or json (one document: counts and every diagnostic)'),
  ).action(async (options: ValidateOptions) => done(await commands.validate(options)));

  return program;
}

/** Commander's message as one line, without its own `error: ` prefix. */
export function usageMessage(error: CommanderError): string {
  return error.message
    .replace(/^error: /, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
}

/**
 * Parses `argv` (the arguments after `skills`), runs the command and answers the exit code: every
 * failure is one line on stderr with its own code, never a stack.
 */
export async function runCli(argv: readonly string[], commands: CliCommands, output: CliOutput, version: string): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = buildProgram(commands, output, version, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help, --version and `help` exit 0; a bare `skills` printed the help on stderr: a usage error.
      if (error.exitCode === 0) return EXIT.ok;
      if (error.code === 'commander.help') return EXIT.usage;
      output.err(`${NAME}: ${usageMessage(error)} (see ${NAME} --help)\n`);
      return EXIT.usage;
    }
    const failure = failureOf(error);
    output.err(`${NAME}: ${failure.message}\n`);
    return failure.code;
  }
}
