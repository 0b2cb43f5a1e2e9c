// The README's shell snippets: every `sh` block parses (bash -n), and every block that talks to
// the server on localhost:8080 (and starts none itself) runs, as written, against a server
// started here on a free port.
// curl is made to fail on an HTTP error status, so a request the server refuses fails the test.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Lexer, type Tokens } from 'marked';
import { workspaceRoot } from '../index.js';

jest.setTimeout(180_000);

const run = promisify(execFile);
const README = readFileSync(join(workspaceRoot, 'README.md'), 'utf8');
const shellBlocks = new Lexer({ gfm: true })
  .lex(README)
  .filter((token): token is Tokens.Code => token.type === 'code' && token.lang === 'sh')
  .map((token) => token.text);
// Blocks that start a server of their own (npm start, a background job) are only parsed here.
const startsServer = (block: string): boolean => /\bnpm (?:ci|start)\b|&\s*$/m.test(block);
const serverBlocks = shellBlocks.filter((block) => block.includes('localhost:8080') && !startsServer(block));

let server: ChildProcess | undefined;
let port = '';

beforeAll(async () => {
  server = spawn(process.execPath, ['--conditions=@skill-service/source', '--import', 'tsx', join(workspaceRoot, 'apps/server/src/main.ts'), '--port', '0'], {
    cwd: workspaceRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  port = await new Promise<string>((resolve, reject) => {
    let text = '';
    server?.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    server?.once('exit', (code) => reject(new Error(`the server exited with ${String(code)}: ${text}`)));
  });
});

afterAll(() => {
  server?.kill('SIGTERM');
});

describe("the README's shell snippets", () => {
  it('parse as bash', async () => {
    expect(shellBlocks.length).toBeGreaterThan(5);
    for (const block of shellBlocks) await expect(run('bash', ['-n', '-c', block])).resolves.toBeDefined();
  });

  it.each(serverBlocks.map((block, index): [number, string] => [index, block]))('block %i runs against the server without an error status', async (_index, block) => {
    const script = `set -euo pipefail\ncurl() { command curl --fail-with-body --max-time 60 "$@"; }\n${block.replaceAll('localhost:8080', `127.0.0.1:${port}`)}`;
    const { stdout } = await run('bash', ['-c', script], { cwd: workspaceRoot, maxBuffer: 16 * 1024 * 1024 });
    expect(stdout).not.toBe('');
    expect(stdout).not.toMatch(/"error":\s*\{/);
  });

  it('include the first requests and the catalog routes', () => {
    expect(serverBlocks.join('\n')).toEqual(expect.stringContaining('/execute/async'));
    expect(serverBlocks.join('\n')).toEqual(expect.stringContaining('/v1/skills/discover'));
  });
});
