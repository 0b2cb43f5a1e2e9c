import { SPAN_ATTRIBUTES, traced, type TracedSpan } from '@skill-service/util';
import { createHash } from 'node:crypto';
import { InvalidRequestError, UpstreamTimeoutError, type ServiceDescriptor } from '@skill-service/contracts';
import type { ProtocolProvider, ProviderCall, ProviderHealth } from '@skill-service/bindings';
import { errorFromAbort } from './abort-error.js';
import { resolveCallTarget } from './call-target.js';
import { BLOCKED_MODULES } from './module-policy.js';
import {
  resolvePythonCallOptions,
  workerEnvironment,
  type PythonCallOptions,
  type ResolvedPythonCallOptions,
} from './pythoncall-options.js';
import { errorFromReply } from './reply-error.js';
import { WorkerPool, type WorkerPoolHealth } from './worker-pool.js';
import { encodeRequest } from './worker-protocol.js';

// setTimeout's ceiling; a longer budget is left to the caller's signal.
const MAX_TIMER_MS = 2_147_483_647;

/** The workers of a service that declares an `env:` of its own, under the environment they were started with. */
interface ServicePool {
  readonly digest: string;
  readonly pool: WorkerPool;
}

/**
 * The `pythoncall` protocol: a binding's operation is a function of an allow-listed Python module,
 * called with the rendered request as keyword arguments in a pool of persistent python3 workers.
 * Workers see a minimal environment (see `workerEnvironment`); a service that declares `env:` gets
 * workers of its own, so its variables never reach another service's modules.
 */
export class PythonCallProvider implements ProtocolProvider {
  readonly protocol = 'pythoncall' as const;
  private readonly options: ResolvedPythonCallOptions;
  private readonly pool: WorkerPool;
  private readonly servicePools = new Map<string, ServicePool>();
  private readonly retired = new Set<Promise<void>>();
  private nextId = 1;

  constructor(options: PythonCallOptions = {}) {
    this.options = resolvePythonCallOptions(options);
    this.pool = this.createPool(this.options.workerEnv);
  }

  private createPool(env: NodeJS.ProcessEnv): WorkerPool {
    const { pythonExecutable, workerScript, allowedModulePrefixes, maxLineBytes, log } = this.options;
    // The worker re-checks the allow-list and blocklist it is given here (defence in depth).
    const config = JSON.stringify({ allowed_prefixes: allowedModulePrefixes, blocked: BLOCKED_MODULES });
    return new WorkerPool({
      size: this.options.poolSize,
      maxQueue: this.options.maxQueue,
      // -u: unbuffered protocol pipes; -B: no __pycache__ written into the runtime root.
      launch: { executable: pythonExecutable, args: ['-u', '-B', workerScript, config], env, maxLineBytes, log },
      log,
    });
  }

  /**
   * The pool a call runs in: the shared one, or the service's own when it declares `env:` (its
   * placeholders resolved now: a refused or unset one fails the call before any worker starts).
   * When the resolved values change (a rotated secret), fresh workers take over and the old ones
   * are closed once their calls are done.
   */
  private poolFor(service: ServiceDescriptor | undefined): WorkerPool {
    if (service?.env === undefined || Object.keys(service.env).length === 0) return this.pool;
    const { serverEnv, pythonPath, placeholderRules } = this.options;
    const env = workerEnvironment(serverEnv, pythonPath, service.env, placeholderRules);
    const digest = createHash('sha256').update(JSON.stringify(env)).digest('base64url');
    const current = this.servicePools.get(service.id);
    if (current?.digest === digest) return current.pool;
    if (current !== undefined) this.retire(current.pool);
    const pool = this.createPool(env);
    this.servicePools.set(service.id, { digest, pool });
    return pool;
  }

  private retire(pool: WorkerPool): void {
    const closing = pool.closeWhenIdle().finally(() => this.retired.delete(closing));
    this.retired.add(closing);
  }

  /**
   * Resolves with the function's JSON result. Rejects with: 409 for a refused or unloadable
   * module; 400 when the function rejects the keyword arguments; 502 when it raises, returns
   * non-JSON or its worker dies; 504 past `timeoutMs` (the worker is killed and replaced);
   * for an aborted `signal` see `errorFromAbort`; 503 when closed or the queue is full.
   */
  call(call: ProviderCall): Promise<unknown> {
    const attributes = { [SPAN_ATTRIBUTES.serviceId]: call.binding.service, [SPAN_ATTRIBUTES.operation]: call.binding.operation };
    return traced('pythoncall', { kind: 'client', attributes }, (span) => this.callFunction(call, span));
  }

  private async callFunction(call: ProviderCall, span: TracedSpan): Promise<unknown> {
    const target = resolveCallTarget(call, this.options.allowedModulePrefixes);
    span.updateName(`pythoncall ${target.module}.${target.function}`);
    const label = `python function ${target.module}.${target.function}`;
    const id = this.nextId++;
    let line: string;
    try {
      line = encodeRequest({ id, module: target.module, function: target.function, kwargs: call.payload });
    } catch (error) {
      throw new InvalidRequestError(`the request for ${label} is not JSON-serialisable`, { cause: error });
    }
    if (call.signal.aborted) throw errorFromAbort(call.signal.reason, label);
    const pool = this.poolFor(call.service);

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
      const reply = await pool.run(id, line, target.module, deadline.signal);
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
    const pool: PythonCallHealthDetails = combinedHealth([this.pool, ...[...this.servicePools.values()].map((entry) => entry.pool)].map((each) => each.health()));
    return { protocol: this.protocol, healthy: !pool.closed && !pool.lastSpawnFailed, details: { ...pool } };
  }

  /** Kills every worker and rejects queued and running calls; resolves once all have exited. */
  async close(): Promise<void> {
    const pools = [this.pool, ...[...this.servicePools.values()].map((entry) => entry.pool)];
    this.servicePools.clear();
    await Promise.all([...pools.map((pool) => pool.close()), ...this.retired]);
  }
}

/** What `health().details` holds for this provider. */
export type PythonCallHealthDetails = WorkerPoolHealth;

/** The shared pool and the services' own pools as one: counts added up, the latest error. */
function combinedHealth(pools: readonly WorkerPoolHealth[]): WorkerPoolHealth {
  const [shared, ...own] = pools as [WorkerPoolHealth, ...WorkerPoolHealth[]];
  return own.reduce<WorkerPoolHealth>(
    (total, pool) => ({
      ...total,
      liveWorkers: total.liveWorkers + pool.liveWorkers,
      busy: total.busy + pool.busy,
      queued: total.queued + pool.queued,
      restarts: total.restarts + pool.restarts,
      spawnFailures: total.spawnFailures + pool.spawnFailures,
      lastError: pool.lastError !== undefined && (total.lastError === undefined || pool.lastError.at > total.lastError.at) ? pool.lastError : total.lastError,
      lastSpawnFailed: total.lastSpawnFailed || pool.lastSpawnFailed,
      workerPids: [...total.workerPids, ...pool.workerPids],
    }),
    shared,
  );
}
