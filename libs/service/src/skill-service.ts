import {
  NotFoundError,
  roleAtLeast,
  type AttachRequest,
  type AttachResult,
  type CapabilityExecuteRequest,
  type CapabilityExecutionResult,
  type CapabilityExplainRequest,
  type DeadLetter,
  type DiagnosticsReport,
  type DiscoverRequest,
  type DiscoverResult,
  type ExecutionResult,
  type GovernanceListing,
  type GovernanceQuery,
  type Identity,
  type ResolutionPlan,
  type RunLaunch,
  type RunList,
  type RunRecord,
  type SkillAsyncRequest,
  type SkillDescription,
  type SkillExecuteRequest,
  type SkillList,
  type SkillListQuery,
  type SkillStreamRequest,
  type StreamEvent,
  type WebhookEventData,
  type WebhookEventName,
  type WebhookSubscription,
} from '@skill-service/contracts';
import { SkillCatalog } from '@skill-service/catalog';
import { validateSkillRequest, type DefinitionSource, type RunSkillOptions, type SkillRunStream } from '@skill-service/engine';
import { RunManager, cancelledOnRequest, type RunEvent, type RunJobData, type RunState } from '@skill-service/runs';
import { errorAnswer } from './error-answer.js';
import { WebhookDispatcher, WebhookRegistry, type WebhookState, type WebhookStats } from '@skill-service/webhooks';
import { catalogSource, runtimeFacts } from './catalog-port.js';
import type { ExecutionContext } from './execution-context.js';
import { ExecutionEvents } from './execution-events.js';
import { collectHealthChecks, type WebhookHealth } from './health-checks.js';
import { overallStatus, type HealthReport } from './health-report.js';
import { ObservedExecutions } from './observed-executions.js';
import { registryDefinitions } from './registry-definitions.js';
import type { RunListQuery } from './run-list-query.js';
import type { ServiceConfig } from './service-config.js';
import type { ServiceObserver } from './service-observer.js';
import { createServiceRuntime, type ServiceRuntime } from './service-runtime.js';
import { extractCarrier, injectCarrier, withTraceContext } from '@skill-service/util';

export interface SkillServiceOptions {
  /** Reported by health. */
  readonly version: string;
  /** Clock for uptime (injectable for tests). */
  readonly now?: () => number;
  /**
   * Webhook delivery tuning (tests shorten the 2 s, 4 s, 8 s retry delays): `retryDelaysMs` shapes
   * the default in-memory queue (a given `state.webhooks` queue has its own), `timeoutMs` every attempt.
   */
  readonly webhooks?: { readonly retryDelaysMs?: readonly number[]; readonly timeoutMs?: number };
  /**
   * Where shared state lives (default: this process's memory; a shared backend makes every process
   * one deployment). `runs`: the run store and queue (capped at `maxRuns`); `webhooks`:
   * subscriptions, the delivery queue and dead letters. The service owns what it is given: `close`
   * closes it.
   */
  readonly state?: { readonly runs?: RunState; readonly webhooks?: WebhookState };
  /** Told of executions, steps, fallbacks and circuits (metrics); reads runs and webhooks itself. */
  readonly observer?: ServiceObserver;
}

/** Bodies answered by subscribers are not used; a bound keeps a hostile one from costing memory. */
const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;

const DEFAULT_ASYNC_WORKERS = 4;
const DEFAULT_MAX_RUNS = 100;

/** The active trace context as a job field; none when there is nothing to carry (tracing off). */
function traceCarrierField(): { trace_carrier?: Record<string, string> } {
  const carrier = injectCarrier();
  return Object.keys(carrier).length === 0 ? {} : { trace_carrier: carrier };
}

/** The engine's options for a queued run, rebuilt from its job data in whichever process takes it. */
function jobRunOptions(job: RunJobData, signal: AbortSignal, onEvent?: (event: StreamEvent) => void): RunSkillOptions {
  const { execution } = job;
  return {
    ...(onEvent === undefined ? {} : { onEvent }),
    traceId: job.trace_id,
    channel: execution.channel,
    requiredConformanceProfile: execution.required_conformance_profile,
    auditMode: execution.audit_mode,
    confirmedCapabilities: execution.confirmed_capabilities,
    signal,
  };
}

function runOptions(request: SkillExecuteRequest | SkillStreamRequest | SkillAsyncRequest, context: ExecutionContext): RunSkillOptions {
  return {
    traceId: context.traceId,
    channel: context.channel,
    requiredConformanceProfile: request.required_conformance_profile,
    auditMode: request.audit_mode,
    includeTrace: 'include_trace' in request ? request.include_trace : undefined,
    confirmedCapabilities: request.confirmed_capabilities,
    signal: context.signal,
  };
}

/**
 * The operations of the contract over one wired runtime, for every transport: the HTTP server and
 * the tool bridge parse their requests into the contract's shapes, call these methods and render
 * the answers or errors (`errorAnswer`). Nothing here knows HTTP.
 */
export class SkillService {
  private readonly runs: RunManager;
  private readonly definitions: DefinitionSource;
  private readonly now: () => number;
  private readonly startedAt: number;
  private readonly webhookRegistry: WebhookRegistry;
  private readonly webhookDispatcher: WebhookDispatcher;
  private readonly events: ExecutionEvents;
  private readonly catalog: SkillCatalog;
  private readonly observed: ObservedExecutions;

  constructor(
    readonly runtime: ServiceRuntime,
    private readonly options: SkillServiceOptions,
  ) {
    this.definitions = registryDefinitions(() => runtime.registry);
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    this.catalog = new SkillCatalog(catalogSource(runtime), { now: this.now, startedAt: this.startedAt });
    const webhookState = options.state?.webhooks;
    this.webhookRegistry = new WebhookRegistry({
      checkUrl: async (url) => {
        await runtime.guard.checkUrl(url, 'Webhook URL');
      },
      ...(webhookState === undefined ? {} : { store: webhookState.subscriptions }),
    });
    this.webhookDispatcher = new WebhookDispatcher({
      subscriptions: this.webhookRegistry,
      ...(webhookState === undefined ? {} : { queue: webhookState.deliveries, deadLetters: webhookState.deadLetters }),
      onError: (what, error) => runtime.config.log({ level: 'warn', message: `${what}: ${error instanceof Error ? error.message : String(error)}` }),
      // The guard checks the destination again at each attempt; a redirect is a failure, never followed.
      post: async (url, body, headers, { timeoutMs, signal }) => {
        const response = await runtime.http.request({
          url,
          method: 'POST',
          headers,
          body,
          timeoutMs,
          ...(signal === undefined ? {} : { signal }),
          followRedirects: false,
          maxResponseBytes: WEBHOOK_MAX_RESPONSE_BYTES,
          purpose: 'Webhook delivery',
        });
        return { status: response.status };
      },
      ...(options.webhooks?.retryDelaysMs === undefined ? {} : { retryDelaysMs: options.webhooks.retryDelaysMs }),
      ...(options.webhooks?.timeoutMs === undefined ? {} : { timeoutMs: options.webhooks.timeoutMs }),
    });
    this.events = new ExecutionEvents((event, data, traceId) => {
      this.recordSettled(event, data, traceId);
      void this.webhookDispatcher.publish(event, data, traceId);
    });
    this.observed = new ObservedExecutions(options.observer, (capabilityId) => this.primaryProtocol(capabilityId));
    // Last: a shared queue may hand this process a job as soon as its worker starts.
    this.runs = new RunManager({
      workers: runtime.config.asyncWorkers ?? DEFAULT_ASYNC_WORKERS,
      maxRuns: runtime.config.maxRuns ?? DEFAULT_MAX_RUNS,
      handler: (job, signal, onEvent) => this.executeRun(job, signal, onEvent),
      ...(options.state?.runs === undefined ? {} : { state: options.state.runs }),
      ...(runtime.config.maxRunResultBytes === undefined ? {} : { maxResultBytes: runtime.config.maxRunResultBytes }),
    });
    options.observer?.watch?.({
      runs: () => this.runs.stats(),
      webhooks: () => this.webhookDispatcher.stats(),
      knownSkill: (skillId) => runtime.registry.skills.has(skillId),
    });
  }

  /** Loads the registry and starts the providers described by `config`. */
  static async open(config: ServiceConfig, options: SkillServiceOptions): Promise<SkillService> {
    return new SkillService(await createServiceRuntime(config, options.observer), options);
  }

  /** Liveness; `deep` adds a check per subsystem (an unhealthy report is answered 503). */
  async health(deep = false): Promise<HealthReport> {
    const base = { version: this.options.version, uptime_seconds: Math.round(this.now() - this.startedAt) / 1000 };
    if (!deep) return { status: 'ok', ...base };
    const checks = await collectHealthChecks(this.runtime.registry, this.runtime.providers, await this.runs.stats(), await this.webhookHealth());
    return { status: overallStatus(checks), ...base, checks };
  }

  listSkills(query: SkillListQuery): SkillList {
    return this.catalog.list(query);
  }

  describeSkill(skillId: string): SkillDescription {
    return this.catalog.describe(skillId);
  }

  /** Ranked candidates for an intent (BM25 with metadata and this process's execution history). */
  discoverSkills(request: DiscoverRequest): DiscoverResult {
    return this.catalog.discover(request);
  }

  /** Lifecycle, deprecation, binding coverage, safety and quality flags per skill. */
  governance(query: GovernanceQuery): GovernanceListing {
    return this.catalog.governance(query);
  }

  /** Registry load, counts, unbound capabilities, provider health, breakers, operation counters, uptime. */
  async diagnostics(): Promise<DiagnosticsReport> {
    return this.catalog.diagnostics(await runtimeFacts(this.runtime, await this.runs.stats()));
  }

  /** Zeroes the catalog's operation counters and the observer's metrics; answers the diagnostics after the reset. */
  async resetMetrics(): Promise<{ reset: true; diagnostics: DiagnosticsReport }> {
    this.options.observer?.reset?.();
    return this.catalog.resetCounters(await runtimeFacts(this.runtime, await this.runs.stats()));
  }

  /**
   * Checks that the skill may be attached to the target and that the target is known to this
   * process (a run, an earlier execution's trace id, or `task:<id>`), then executes it exactly as
   * `executeSkill` does, on channel `attach:<target_type>`. A failed execution is thrown like execute's.
   */
  async attachSkill(skillId: string, request: AttachRequest, context: ExecutionContext): Promise<AttachResult> {
    const { target_type: targetType, target_ref: targetRef, ...execute } = request;
    // The run store may be shared (asynchronous): asked once, before the synchronous resolution,
    // and only for the target types a run id can name.
    const knownRun = targetType === 'run' || targetType === 'task' ? await this.runs.has(targetRef) : false;
    const attachContext = this.catalog.prepareAttach(skillId, targetType, targetRef, { hasRun: (runId) => runId === targetRef && knownRun });
    const execution = await this.executeSkill(skillId, execute, { ...context, channel: `attach:${targetType}` });
    return {
      skill_id: skillId,
      target_type: targetType,
      target_ref: targetRef,
      execution,
      attached_at: new Date(this.now()).toISOString(),
      attach_context: attachContext,
    };
  }

  /** Checked like `streamSkill` first, so a refused request fires no webhook event. */
  async executeSkill(skillId: string, request: SkillExecuteRequest, context: ExecutionContext): Promise<ExecutionResult> {
    const options = runOptions(request, context);
    validateSkillRequest(this.definitions, skillId, request.inputs, options);
    const settle = this.events.started(skillId, context.traceId);
    const observed = this.observed.skill(skillId, context.channel, options);
    const result = this.runtime.engine.runSkill(skillId, request.inputs, observed.options);
    settle(result);
    observed.settle(result);
    return result;
  }

  /**
   * Checks the request completely before returning the live run, so a bad skill id, option or
   * input is thrown here (a normal error answer), never reported inside an already started stream.
   */
  streamSkill(skillId: string, request: SkillStreamRequest, context: ExecutionContext, onEvent?: (event: StreamEvent) => void): SkillRunStream {
    const options = { ...runOptions(request, context), ...(onEvent === undefined ? {} : { onEvent }) };
    validateSkillRequest(this.definitions, skillId, request.inputs, options);
    const settle = this.events.started(skillId, context.traceId);
    const observed = this.observed.skill(skillId, context.channel, options);
    const stream = this.runtime.engine.streamSkill(skillId, request.inputs, observed.options);
    settle(stream.result);
    observed.settle(stream.result);
    return stream;
  }

  /**
   * Validates like `streamSkill`, then stores the run and queues its job (plain data); answered
   * once both are stored. The caller's signal does not reach the run. 503 when the run state is
   * unreachable.
   */
  async launchRun(skillId: string, request: SkillAsyncRequest, context: ExecutionContext): Promise<RunLaunch> {
    const options = runOptions(request, { traceId: context.traceId, channel: context.channel });
    validateSkillRequest(this.definitions, skillId, request.inputs, options);
    return this.runs.launch({
      skill_id: skillId,
      trace_id: context.traceId,
      inputs: request.inputs,
      execution: {
        channel: context.channel,
        ...(request.required_conformance_profile === undefined ? {} : { required_conformance_profile: request.required_conformance_profile }),
        ...(request.audit_mode === undefined ? {} : { audit_mode: request.audit_mode }),
        ...(request.confirmed_capabilities === undefined ? {} : { confirmed_capabilities: request.confirmed_capabilities }),
      },
      // The launching request's trace context travels with the job: the run's spans are its
      // children in whichever process a worker picks it up (empty when tracing is off).
      ...traceCarrierField(),
      ...(context.subject === undefined ? {} : { launched_by: context.subject }),
    });
  }

  /** A queued run, in whichever process's worker took it, in the trace of the request that launched it. */
  private executeRun(job: RunJobData, signal: AbortSignal, onEvent?: (event: StreamEvent) => void): Promise<ExecutionResult> {
    return withTraceContext(extractCarrier(job.trace_carrier), () => this.executeRunInContext(job, signal, onEvent));
  }

  private executeRunInContext(job: RunJobData, signal: AbortSignal, onEvent?: (event: StreamEvent) => void): Promise<ExecutionResult> {
    const options = jobRunOptions(job, signal, onEvent);
    // A run cancelled on request has its run.failed fired by the cancel, once.
    const settle = this.events.started(job.skill_id, job.trace_id, () => (cancelledOnRequest(signal) ? undefined : job.run_id));
    const observed = this.observed.skill(job.skill_id, job.execution.channel, options);
    const result = this.runtime.engine.runSkill(job.skill_id, { ...job.inputs }, observed.options);
    settle(result);
    observed.settle(result);
    return result;
  }

  getRun(runId: string): Promise<RunRecord> {
    return this.runs.get(runId);
  }

  /**
   * `streamSkill` recorded as a run: checked completely first (no record for a refused request),
   * then a `running` record and an event log are stored (503 when the run state is unreachable)
   * and the execution starts in this process, each event recorded as it happens; its outcome and
   * `done` (exactly the stream's) are stored when it settles, whether or not a client still reads.
   */
  async streamSkillRun(skillId: string, request: SkillStreamRequest, context: ExecutionContext): Promise<{ runId: string; stream: SkillRunStream }> {
    validateSkillRequest(this.definitions, skillId, request.inputs, runOptions(request, context));
    const tracked = await this.runs.track({ skill_id: skillId, trace_id: context.traceId });
    // A cancel of the run stops it as the client's disconnect does.
    const signal = context.signal === undefined ? tracked.signal : AbortSignal.any([context.signal, tracked.signal]);
    const stream = this.streamSkill(skillId, request, { ...context, signal }, tracked.record);
    void tracked.settle(stream.result, (error) => errorAnswer(error, context.traceId).body).catch(() => undefined);
    return { runId: tracked.run_id, stream };
  }

  /**
   * A run's events after `afterId` (0: from the first), then live until `done`; 404 for an unknown
   * run, 400 for an id beyond the last event of a finished run. Served by any process sharing the
   * run state.
   */
  followRunEvents(runId: string, afterId: number, signal?: AbortSignal): Promise<AsyncIterable<RunEvent>> {
    return this.runs.followEvents(runId, afterId, signal);
  }

  /** Every settled execution, whatever its channel, feeds the catalog's history (discover, attach targets). */
  private recordSettled(event: WebhookEventName, data: WebhookEventData, traceId: string): void {
    if (event !== 'skill.completed' && event !== 'skill.failed') return;
    this.catalog.recordExecution({ skillId: data.skill_id, traceId, ok: event === 'skill.completed', durationMs: data.duration_ms });
  }

  async listRuns(query: RunListQuery): Promise<RunList> {
    return { runs: await this.runs.list(query.limit) };
  }

  executeCapability(
    capabilityId: string,
    request: CapabilityExecuteRequest,
    context: ExecutionContext,
  ): Promise<CapabilityExecutionResult> {
    const result = this.runtime.engine.executeCapability(capabilityId, request.inputs, {
      traceId: context.traceId,
      requiredConformanceProfile: request.required_conformance_profile,
      confirmedCapabilities: request.confirmed_capabilities,
      signal: context.signal,
    });
    this.observed.capability(capabilityId, result);
    return result;
  }

  /** The binding resolution plan, nothing invoked. */
  explainCapability(capabilityId: string, request: CapabilityExplainRequest): ResolutionPlan {
    const capability = this.runtime.registry.capabilities.get(capabilityId);
    if (capability === undefined) throw new NotFoundError(`Capability '${capabilityId}' not found`);
    return this.runtime.bindings.explain(capability.definition, request.required_conformance_profile);
  }

  /**
   * Validates (guard included) and stores a subscription: 400 for a bad one, 409 past the limit,
   * 503 when the shared store is unreachable (likewise for the other webhook operations).
   */
  createWebhook(request: unknown): Promise<WebhookSubscription> {
    return this.webhookRegistry.create(request);
  }

  async listWebhooks(): Promise<{ subscriptions: WebhookSubscription[] }> {
    return { subscriptions: await this.webhookRegistry.list() };
  }

  deleteWebhook(webhookId: string): Promise<{ deleted: string }> {
    return this.webhookRegistry.delete(webhookId);
  }

  async listDeadLetters(): Promise<{ dead_letters: DeadLetter[] }> {
    return { dead_letters: await this.webhookDispatcher.listDeadLetters() };
  }

  replayDeadLetter(deadLetterId: string): Promise<{ replayed: string }> {
    return this.webhookDispatcher.replay(deadLetterId);
  }

  /** Deep health's webhook figures; an unreachable store is reported, not thrown. */
  private async webhookHealth(): Promise<WebhookHealth> {
    try {
      const [subscriptions, stats] = await Promise.all([this.webhookRegistry.count(), this.webhookDispatcher.currentStats()]);
      return { subscriptions, stats };
    } catch (error) {
      return { subscriptions: 0, stats: this.webhookDispatcher.stats(), unavailable: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The protocol of a capability's primary binding (metrics label a failed step with it). */
  private primaryProtocol(capabilityId: string): string {
    const capability = this.runtime.registry.capabilities.get(capabilityId);
    if (capability === undefined) return 'none';
    try {
      return this.runtime.bindings.explain(capability.definition).chain[0]?.protocol ?? 'none';
    } catch {
      return 'none';
    }
  }

  /** Delivery counters (delivered, failed attempts, dead-lettered…) for health and metrics. */
  webhookStats(): WebhookStats {
    return this.webhookDispatcher.stats();
  }

  /**
   * Refuses new runs and gives executing ones `drainMs` (default the configured run drain time) to
   * finish — then a local run is cancelled and failed, a shared one goes back to the queue for
   * another process; waits (bounded) for webhook attempts in flight, then stops providers (workers,
   * MCP servers, sockets).
   */
  async close(drainMs: number = this.runtime.config.runDrainMs ?? 0): Promise<void> {
    await this.runs.close(drainMs);
    await this.webhookDispatcher.close();
    await this.options.state?.webhooks?.close?.();
    await this.runtime.close();
  }

  /**
   * Cancels a running async run wherever it is (waiting or executing, in any process): no further
   * step starts, in-flight provider calls are aborted, and the record fails with `Run cancelled`;
   * `run.failed` fires and the cancel is counted, once. `caller` (the authenticated identity, if
   * any): an operator cancels any run, anyone else only the runs launched under its subject (403).
   * 404 unknown, 409 `run_finished` once finished (a second cancel included).
   */
  async cancelRun(runId: string, caller?: Identity): Promise<RunRecord> {
    const record = await this.runs.cancel(
      runId,
      (launchedBy) => caller === undefined || roleAtLeast(caller.role, 'operator') || launchedBy === caller.subject,
    );
    const durationMs = Math.max(0, Date.parse(record.finished_at ?? '') - Date.parse(record.created_at));
    this.events.runCancelled(record, Number.isFinite(durationMs) ? durationMs : 0);
    this.options.observer?.runCancelled?.(record.skill_id);
    return record;
  }
}
