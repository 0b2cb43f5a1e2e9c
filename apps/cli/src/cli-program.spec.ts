import { describe, expect, it } from '@jest/globals';
import { runCli, type CliCommands } from './cli-program.js';
import { EXIT } from './exit-codes.js';

/** Commands that only record how they were called, so the parsing is checked without a service. */
function recording(): { commands: CliCommands; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return EXIT.ok;
    };
  const commands: CliCommands = {
    serve: record('serve'),
    bridge: record('bridge'),
    validationProvider: record('validation-provider'),
    run: record('run'),
    list: record('list'),
    describe: record('describe'),
    discover: record('discover'),
    explain: record('explain'),
    validate: record('validate'),
  };
  return { commands, calls };
}

async function cli(argv: string[], commands: CliCommands = recording().commands): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, commands, { out: (text) => (out += text), err: (text) => (err += text) }, '1.2.3');
  return { code, out, err };
}

describe('argument parsing', () => {
  it('hands run its skill, inputs, repeated confirmations, profile and roots', async () => {
    const { commands, calls } = recording();
    const argv = ['run', 'text.x', '--input', '{"a":1}', '--confirm', 'c.one', '--confirm', 'c.two', '--profile', 'strict', '--registry-root', 'r', '--runtime-root', 'rt'];
    expect((await cli(argv, commands)).code).toBe(0);
    expect(calls).toEqual([
      ['run', 'text.x', { input: '{"a":1}', confirm: ['c.one', 'c.two'], profile: 'strict', registryRoot: 'r', runtimeRoot: 'rt' }],
    ]);
  });

  it('hands the catalog commands their arguments and filters', async () => {
    const { commands, calls } = recording();
    await cli(['list', '--domain', 'text', '--limit', '5', '--offset', '10'], commands);
    await cli(['describe', 'text.x'], commands);
    await cli(['discover', 'extract', 'the', 'keywords', '--limit', '3', '--role', 'utility'], commands);
    await cli(['explain', 'text.keyword.extract', '--profile', 'standard'], commands);
    await cli(['validate', '--registry-root', '/tmp/r'], commands);
    expect(calls).toEqual([
      ['list', { domain: 'text', limit: '5', offset: '10' }],
      ['describe', 'text.x', {}],
      ['discover', ['extract', 'the', 'keywords'], { limit: '3', role: 'utility' }],
      ['explain', 'text.keyword.extract', { profile: 'standard' }],
      ['validate', { registryRoot: '/tmp/r' }],
    ]);
  });

  it('forwards everything after serve, bridge and validation-provider unparsed, --help included', async () => {
    const { commands, calls } = recording();
    await cli(['serve', '--port', '0', '--host', '127.0.0.1', '--help'], commands);
    await cli(['bridge', '--whatever', 'x'], commands);
    await cli(['validation-provider', '--mock', '--port', 'abc'], commands);
    expect(calls).toEqual([
      ['serve', ['--port', '0', '--host', '127.0.0.1', '--help']],
      ['bridge', ['--whatever', 'x']],
      ['validation-provider', ['--mock', '--port', 'abc']],
    ]);
  });

  it('answers the exit code the command answered', async () => {
    const { commands } = recording();
    const failing: CliCommands = { ...commands, validate: async () => EXIT.registryInvalid };
    expect((await cli(['validate'], failing)).code).toBe(EXIT.registryInvalid);
  });
});

describe('help and version', () => {
  it.each(['run', 'list', 'describe', 'discover', 'explain', 'validate'])('prints the help of %s on stdout and exits 0', async (name) => {
    const { commands, calls } = recording();
    const { code, out, err } = await cli([name, '--help'], commands);
    expect(code).toBe(0);
    expect(out).toContain(`Usage: skills ${name}`);
    expect(out).toContain('--registry-root <dir>');
    expect(err).toBe('');
    expect(calls).toEqual([]);
  });

  it('documents every command and every exit code in the root help', async () => {
    const { code, out } = await cli(['--help']);
    expect(code).toBe(0);
    for (const name of ['serve', 'bridge', 'run', 'list', 'describe', 'discover', 'explain', 'validate']) expect(out).toMatch(new RegExp(`^  ${name} `, 'm'));
    for (const exit of Object.values(EXIT)) expect(out).toMatch(new RegExp(`^  ${exit}  \\S`, 'm'));
  });

  it('prints the version', async () => {
    expect(await cli(['--version'])).toEqual({ code: 0, out: '1.2.3\n', err: '' });
  });

  it('shows the help of a command with `help <command>`', async () => {
    const { code, out } = await cli(['help', 'discover']);
    expect(code).toBe(0);
    expect(out).toContain('Usage: skills discover [options] <intent...>');
  });

  it('prints the help on stderr and exits 2 without a command', async () => {
    const { code, out, err } = await cli([]);
    expect(code).toBe(EXIT.usage);
    expect(out).toBe('');
    expect(err).toContain('Usage: skills');
  });
});

describe('usage errors', () => {
  it.each([
    [['run', 'x', '--inptu', '{}'], "skills: unknown option '--inptu' (Did you mean --input?) (see skills --help)\n"],
    [['run'], "skills: missing required argument 'skill' (see skills --help)\n"],
    [['run', 'x', '--input'], "skills: option '--input <json>' argument missing (see skills --help)\n"],
    [['describe', 'a', 'b'], "skills: too many arguments for 'describe'. Expected 1 argument but got 2. (see skills --help)\n"],
    [['lsit'], "skills: unknown command 'lsit' (Did you mean list?) (see skills --help)\n"],
  ])('%j: one line on stderr, exit 2, nothing run', async (argv, line) => {
    const { commands, calls } = recording();
    expect(await cli(argv, commands)).toEqual({ code: EXIT.usage, out: '', err: line });
    expect(calls).toEqual([]);
  });
});
