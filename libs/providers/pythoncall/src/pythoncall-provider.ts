import { InvalidRequestError, UpstreamTimeoutError } from '@skill-service/contracts';
import type { ProtocolProvider, ProviderCall, ProviderHealth } from '@skill-service/bindings';
import { errorFromAbort } from './abort-error.js';
import { resolveCallTarget } from './call-target.js';
import { BLOCKED_MODULES } from './module-policy.js';
import {
  resolvePythonCallOptions,
  type PythonCallOptions,
  type ResolvedPythonCallOptions,
} from './pythoncall-options.js';
import { errorFromReply } from './reply-error.js';
import { WorkerPool, type WorkerPoolHealth } from './worker-pool.js';
import { encodeRequest } from './worker-protocol.js';

// setTimeout's ceiling; a longer budget is left to the caller's signal.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The `pythoncall` protocol: a binding's operation is a function of an allow-listed Python module,
 * called with the rendered request as keyword arguments in a pool of persistent python3 workers.
 */
export class PythonCallProvider implements ProtocolProvider {
  readonly protocol = 'pythoncall' as const;
  private readonly options: ResolvedPythonCallOptions;
  private readonly pool: WorkerPool;
  private nextId = 1;

  constructor(options: PythonCallOptions = {}) {
    this.options = resolvePythonCallOptions(options);
    const { pythonExecutable, workerScript, allowedModulePrefixes, workerEnv, maxLineBytes, log } = this.options;
    // The worker re-checks the allow-list and blocklist it is given here (defence in depth).
    const config = JSON.stringify({ allowed_prefixes: allowedModulePrefixes, blocked: BLOCKED_MODULES });
    this.pool = new WorkerPool({
      size: this.options.poolSize,
      maxQueue: this.options.maxQueue,
      // -u: unbuffered protocol pipes; -B: no __pycache__ written into the runtime root.
      launch: { executable: pythonExecutable, args: ['-u', '-B', workerScript, config], env: workerEnv, maxLineBytes, log },
      log,
    });
  }

  /**
   * Resolves with the function's JSON result. Rejects with: 409 for a refused or unloadable
   * module; 400 when the function rejects the keyword arguments; 502 when it raises, returns
   * non-JSON or its worker dies; 504 past `timeoutMs` (the worker is killed and replaced);
   * for an aborted `signal` see `errorFromAbort`; 503 when closed or the queue is full.
   */
  async call(call: ProviderCall): Promise<unknown> {
    const target = resolveCallTarget(call, this.options.allowedModulePrefixes);
    const label = `python function ${target.module}.${target.function}`;
    const id = this.nextId++;
    let line: string;
    try {
      line = encodeRequest({ id, module: target.module, function: target.function, kwargs: call.payload });
    } catch (error) {
      throw new InvalidRequestError(`the request for ${label} is not JSON-serialisable`, { cause: error });
    }
    if (call.signal.aborted) throw errorFromAbort(call.signal.reason, label);

    // One signal for both ends of the call: the caller's abort and this provider's own timeout.
    const deadline = new AbortController();
    const forwardAbort = (): void => deadline.abort(call.signal.reason);
    call.signal.addEventListener('abort', forwardAbort, { once: true });
    const timer =
      Number.isFinite(call.timeoutMs) && call.timeoutMs > 0
        ? setTimeout(
            () => deadline.abort(new UpstreamTimeoutError(`${label} did not finish within ${call.timeoutMs} ms`)),
            Math.min(call.timeoutMs, MAX_TIMER_MS),
          )
        : undefined;
    try {
      const reply = await this.pool.run(id, line, target.module, deadline.signal);
      if (reply.ok) return reply.result;
      throw errorFromReply(reply.error, target);
    } catch (error) {
      if (deadline.signal.aborted && error === deadline.signal.reason) throw errorFromAbort(error, label);
      throw error;
    } finally {
      clearTimeout(timer);
      call.signal.removeEventListener('abort', forwardAbort);
    }
  }

  async health(): Promise<ProviderHealth> {
    const pool: PythonCallHealthDetails = this.pool.health();
    return { protocol: this.protocol, healthy: !pool.closed && !pool.lastSpawnFailed, details: { ...pool } };
  }

  /** Kills every worker and rejects queued and running calls; resolves once all have exited. */
  async close(): Promise<void> {
    await this.pool.close();
  }
}

/** What `health().details` holds for this provider. */
export type PythonCallHealthDetails = WorkerPoolHealth;
