import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { basename } from 'node:path';
import { UpstreamFailureError, sanitizeMessage, type ServiceError } from '@skill-service/contracts';
import { LineSplitter, type SplitLine } from '@skill-service/util';
import type { PythonCallLogEntry } from './pythoncall-options.js';
import { parseReply, type WorkerReply } from './worker-protocol.js';

const STDERR_LINE_BYTES = 8192;
// After `exit`, pipes normally close at once; a grandchild holding stderr must not keep us waiting.
const CLOSE_GRACE_MS = 1000;

export interface WorkerLaunch {
  readonly executable: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly maxLineBytes: number;
  readonly log: (entry: PythonCallLogEntry) => void;
  /** Called once, when the worker becomes unusable (it has died or is being killed). */
  readonly onLost: (worker: PythonWorker, description: string) => void;
}

interface InFlight {
  readonly id: number;
  readonly resolve: (reply: WorkerReply) => void;
  readonly reject: (error: unknown) => void;
}

const reasonText = (reason: unknown): string =>
  reason instanceof Error ? sanitizeMessage(reason.message) : 'its call was aborted';

/**
 * One persistent python3 process running skill_worker.py, one call at a time. Anything that
 * leaves its protocol state uncertain (an abort, a malformed or oversized line, an exit) makes it
 * unusable for good: it is SIGKILLed and the pool starts a fresh one when needed.
 */
export class PythonWorker {
  /** Undefined when the process could not be started. */
  readonly pid: number | undefined;
  /** Settles once the process is gone and its pipes are closed. */
  readonly exited: Promise<void>;
  private readonly child: ChildProcessWithoutNullStreams;
  private lossError: ServiceError | undefined;
  private inFlight: InFlight | undefined;
  private lastModule: string | undefined;
  private closeTimer: NodeJS.Timeout | undefined;
  private markExited: () => void = () => undefined;

  /** Throws when the process cannot even be attempted (e.g. an invalid argument). */
  constructor(private readonly launch: WorkerLaunch) {
    this.exited = new Promise<void>((resolve) => {
      this.markExited = resolve;
    });
    // No shell: the executable and arguments are passed as they are.
    this.child = spawn(launch.executable, [...launch.args], { env: launch.env, stdio: 'pipe', windowsHide: true });
    this.pid = this.child.pid;

    const replies = new LineSplitter(launch.maxLineBytes);
    const diagnostics = new LineSplitter(STDERR_LINE_BYTES, { headBytes: STDERR_LINE_BYTES });
    const onDiagnostic = (line: SplitLine): void => this.log('info', line.kind === 'line' ? line.text : `${line.head} …[truncated]`);
    this.child.stdout.on('data', (chunk: Buffer) => {
      for (const line of replies.push(chunk)) {
        if (line.kind === 'line') this.onReplyLine(line.text);
        else this.discard(new UpstreamFailureError(`python worker sent a response line over ${launch.maxLineBytes} bytes; the worker was replaced`));
      }
    });
    this.child.stderr.on('data', (chunk: Buffer) => diagnostics.push(chunk).forEach(onDiagnostic));
    this.child.stderr.on('end', () => diagnostics.end().forEach(onDiagnostic));
    // EPIPE when the process is already gone: its exit is what gets reported.
    this.child.stdin.on('error', () => undefined);
    this.child.on('error', (error: NodeJS.ErrnoException) => this.onProcessError(error));
    this.child.on('exit', () => {
      this.closeTimer = setTimeout(() => {
        this.child.stdout.destroy();
        this.child.stderr.destroy();
      }, CLOSE_GRACE_MS);
    });
    this.child.on('close', (code: number | null, signal: NodeJS.Signals | null) => this.onClose(code, signal));
  }

  get usable(): boolean {
    return this.lossError === undefined;
  }

  /** Sends one call; settles with the worker's reply, or rejects (the abort reason, or a 502). */
  execute(id: number, line: string, module: string, signal: AbortSignal): Promise<WorkerReply> {
    if (this.lossError !== undefined) return Promise.reject(this.lossError);
    if (this.inFlight !== undefined) return Promise.reject(new Error('python worker already has a call in flight'));
    if (signal.aborted) return Promise.reject(signal.reason);
    this.lastModule = module;
    return new Promise<WorkerReply>((resolve, reject) => {
      const onAbort = (): void =>
        this.discard(new UpstreamFailureError(`python worker was killed: ${reasonText(signal.reason)}`), signal.reason);
      const detach = (): void => signal.removeEventListener('abort', onAbort);
      this.inFlight = {
        id,
        resolve: (reply) => {
          detach();
          resolve(reply);
        },
        reject: (error) => {
          detach();
          reject(error);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.child.stdin.write(line);
    });
  }

  /**
   * Makes the worker unusable and SIGKILLs it; an in-flight call rejects with `callError`.
   * Idempotent: only the first loss is reported to the pool.
   */
  discard(loss: ServiceError, callError: unknown = loss): void {
    const call = this.inFlight;
    this.inFlight = undefined;
    const first = this.lossError === undefined;
    if (first) this.lossError = loss;
    if (this.pid !== undefined && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
    }
    call?.reject(callError);
    if (first) this.launch.onLost(this, loss.message);
  }

  private onReplyLine(line: string): void {
    if (this.lossError !== undefined) return;
    const call = this.inFlight;
    if (call === undefined) {
      this.discard(new UpstreamFailureError('python worker wrote a response nobody asked for; the worker was replaced'));
      return;
    }
    const reply = parseReply(line, call.id);
    if ('malformed' in reply) {
      this.discard(
        new UpstreamFailureError(`python worker sent a malformed response (${reply.malformed}); the worker was replaced`),
      );
      return;
    }
    this.inFlight = undefined;
    call.resolve(reply);
  }

  private onProcessError(error: NodeJS.ErrnoException): void {
    if (this.pid === undefined) {
      // Only the executable's name: its path would reveal the host's layout.
      const executable = basename(this.launch.executable);
      this.discard(
        new UpstreamFailureError(`could not start the python worker (${executable}): ${error.code ?? error.message}`),
      );
      this.markExited();
      return;
    }
    this.log('error', `python worker process error: ${error.message}`);
  }

  private onClose(code: number | null, signal: NodeJS.Signals | null): void {
    clearTimeout(this.closeTimer);
    const description =
      code !== null ? `python worker exited with code ${code}` : `python worker was killed by ${signal ?? 'a signal'}`;
    this.discard(new UpstreamFailureError(description));
    this.markExited();
  }

  private log(level: PythonCallLogEntry['level'], message: string): void {
    const entry: PythonCallLogEntry =
      this.lastModule === undefined
        ? { level, message, workerPid: this.pid }
        : { level, message, workerPid: this.pid, module: this.lastModule };
    this.launch.log(entry);
  }
}
