// Shared by the specs: the built bridge (apps/tool-bridge/dist/main.js, built before the tests by the
// `test` target's dependency on `build`) as a child process, driven over its real stdin and stdout.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testEnvironment } from './bridge-fixture.js';

export const BUILT_BRIDGE = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

const running = new Set<ChildProcess>();

/** Polls `ready` every 10 ms until it holds; throws naming `what` after `timeoutMs`. */
export async function waitFor(what: string, ready: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A running bridge: what it wrote to stdout (line by line, parsed) and stderr, and how it exited. */
export class BridgeProcess {
  readonly child: ChildProcess;
  /** Every stdout line, raw: the specs check each is a protocol line. */
  readonly stdoutLines: string[] = [];
  readonly stderrLines: string[] = [];
  readonly exit: Promise<number | null>;

  constructor(env: Record<string, string> = {}, args: readonly string[] = []) {
    // From another working directory with a minimal environment: the bridge finds its data itself.
    this.child = spawn(process.execPath, [BUILT_BRIDGE, ...args], { cwd: '/', env: testEnvironment(env), stdio: ['pipe', 'pipe', 'pipe'] });
    running.add(this.child);
    collectLines(this.child.stdout, this.stdoutLines);
    collectLines(this.child.stderr, this.stderrLines);
    this.exit = new Promise((resolve) =>
      this.child.on('close', (code) => {
        running.delete(this.child);
        resolve(code);
      }),
    );
  }

  /** The answers written so far, parsed. */
  get answers(): Record<string, unknown>[] {
    return this.stdoutLines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Writes raw text (no newline added). */
  write(text: string | Buffer): void {
    this.child.stdin?.write(text);
  }

  /** Writes one request line. */
  send(message: unknown): void {
    this.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  }

  /** Sends a request and waits for the answer carrying its id. */
  async request(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.send(message);
    return this.answerFor(message['id'] as string | number);
  }

  async answerFor(id: string | number | null): Promise<Record<string, unknown>> {
    const find = (): Record<string, unknown> | undefined => this.answers.find((answer) => answer['id'] === id);
    await waitFor(`the answer to ${JSON.stringify(id)} (stderr: ${this.stderrLines.join(' | ')})`, () => find() !== undefined || this.child.exitCode !== null);
    const answer = find();
    if (answer === undefined) throw new Error(`the bridge exited before answering ${JSON.stringify(id)}: ${this.stderrLines.join('\n')}`);
    return answer;
  }

  /** Closes stdin (EOF) and waits for the exit code. */
  async finish(): Promise<number | null> {
    this.child.stdin?.end();
    return this.exit;
  }
}

function collectLines(stream: NodeJS.ReadableStream | null, into: string[]): void {
  let partial = '';
  stream?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    into.push(...lines);
  });
  stream?.on('end', () => {
    if (partial !== '') into.push(partial);
  });
}

/** For afterEach: kills whatever a failed test left running. */
export function killBridges(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}
