import {
  NotFoundError,
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
  type WebhookEventData,
  type WebhookEventName,
  type WebhookSubscription,
} from '@skill-service/contracts';
import { SkillCatalog } from '@skill-service/catalog';
import { validateSkillRequest, type DefinitionSource, type RunSkillOptions, type SkillRunStream } from '@skill-service/engine';
import { RunManager } from '@skill-service/runs';
import { WebhookDispatcher, WebhookRegistry, type WebhookStats } from '@skill-service/webhooks';
import { catalogSource, runtimeFacts } from './catalog-port.js';
import type { ExecutionContext } from './execution-context.js';
import { ExecutionEvents } from './execution-events.js';
import { collectHealthChecks } from './health-checks.js';
import { overallStatus, type HealthReport } from './health-report.js';
import { ObservedExecutions } from './observed-executions.js';
import { registryDefinitions } from './registry-definitions.js';
import type { RunListQuery } from './run-list-query.js';
import type { ServiceConfig } from './service-config.js';
import type { ServiceObserver } from './service-observer.js';
import { createServiceRuntime, type ServiceRuntime } from './service-runtime.js';
import { bindTraceContext } from '@skill-service/util';

export interface SkillServiceOptions {
  /** Reported by health. */
  readonly version: string;
  /** Clock for uptime (injectable for tests). */
  readonly now?: () => number;
  /** Webhook delivery tuning (tests shorten the 2 s, 4 s, 8 s retry delays). */
  readonly webhooks?: { readonly retryDelaysMs?: readonly number[]; readonly timeoutMs?: number };
  /** Told of executions, steps, fallbacks and circuits (metrics); reads runs and webhooks itself. */
  readonly observer?: ServiceObserver;
}

/** Bodies answered by subscribers are not used; a bound keeps a hostile one from costing memory. */
const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;

const DEFAULT_ASYNC_WORKERS = 4;
const DEFAULT_MAX_RUNS = 100;

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
    this.runs = new RunManager({
      workers: runtime.config.asyncWorkers ?? DEFAULT_ASYNC_WORKERS,
      maxRuns: runtime.config.maxRuns ?? DEFAULT_MAX_RUNS,
    });
    this.definitions = registryDefinitions(() => runtime.registry);
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    this.catalog = new SkillCatalog(catalogSource(runtime), { now: this.now, startedAt: this.startedAt });
    this.webhookRegistry = new WebhookRegistry({
      checkUrl: async (url) => {
        await runtime.guard.checkUrl(url, 'Webhook URL');
      },
    });
    this.webhookDispatcher = new WebhookDispatcher({
      subscriptions: this.webhookRegistry,
      // The guard checks the destination again at each attempt; a redirect is a failure, never followed.
      post: async (url, body, headers, { timeoutMs }) => {
        const response = await runtime.http.request({
          url,
          method: 'POST',
          headers,
          body,
          timeoutMs,
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
      this.webhookDispatcher.publish(event, data, traceId);
    });
    this.observed = new ObservedExecutions(options.observer, (capabilityId) => this.primaryProtocol(capabilityId));
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
    const webhooks = { subscriptions: this.webhookRegistry.list().length, stats: this.webhookDispatcher.stats() };
    const checks = await collectHealthChecks(this.runtime.registry, this.runtime.providers, this.runs.stats(), webhooks);
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
    return this.catalog.diagnostics(await runtimeFacts(this.runtime, this.runs.stats()));
  }

  /** Zeroes the catalog's operation counters and the observer's metrics; answers the diagnostics after the reset. */
  async resetMetrics(): Promise<{ reset: true; diagnostics: DiagnosticsReport }> {
    this.options.observer?.reset?.();
    return this.catalog.resetCounters(await runtimeFacts(this.runtime, this.runs.stats()));
  }

  /**
   * Checks that the skill may be attached to the target and that the target is known to this
   * process (a run, an earlier execution's trace id, or `task:<id>`), then executes it exactly as
   * `executeSkill` does, on channel `attach:<target_type>`. A failed execution is thrown like execute's.
   */
  async attachSkill(skillId: string, request: AttachRequest, context: ExecutionContext): Promise<AttachResult> {
    const { target_type: targetType, target_ref: targetRef, ...execute } = request;
    const attachContext = this.catalog.prepareAttach(skillId, targetType, targetRef, { hasRun: (runId) => this.hasRun(runId) });
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
  streamSkill(skillId: string, request: SkillStreamRequest, context: ExecutionContext): SkillRunStream {
    const options = runOptions(request, context);
    validateSkillRequest(this.definitions, skillId, request.inputs, options);
    const settle = this.events.started(skillId, context.traceId);
    const observed = this.observed.skill(skillId, context.channel, options);
    const stream = this.runtime.engine.streamSkill(skillId, request.inputs, observed.options);
    settle(stream.result);
    observed.settle(stream.result);
    return stream;
  }

  /** Validates like `streamSkill`, then queues the run; the caller's signal does not reach it. */
  launchRun(skillId: string, request: SkillAsyncRequest, context: ExecutionContext): RunLaunch {
    const options = runOptions(request, { traceId: context.traceId, channel: context.channel });
    validateSkillRequest(this.definitions, skillId, request.inputs, options);
    // Known once `launch` returns, always before the job settles (its events need it).
    let runId = '';
    // Bound to the launching request's trace: the run's spans are its children whenever a worker picks it up.
    const launch = this.runs.launch(skillId, context.traceId, bindTraceContext((signal: AbortSignal) => {
      const settle = this.events.started(skillId, context.traceId, () => runId);
      const observed = this.observed.skill(skillId, context.channel, { ...options, signal });
      const result = this.runtime.engine.runSkill(skillId, request.inputs, observed.options);
      settle(result);
      observed.settle(result);
      return result;
    }));
    runId = launch.run_id;
    return launch;
  }

  getRun(runId: string): RunRecord {
    return this.runs.get(runId);
  }

  private hasRun(runId: string): boolean {
    try {
      this.runs.get(runId);
      return true;
    } catch {
      return false;
    }
  }

  /** Every settled execution, whatever its channel, feeds the catalog's history (discover, attach targets). */
  private recordSettled(event: WebhookEventName, data: WebhookEventData, traceId: string): void {
    if (event !== 'skill.completed' && event !== 'skill.failed') return;
    this.catalog.recordExecution({ skillId: data.skill_id, traceId, ok: event === 'skill.completed', durationMs: data.duration_ms });
  }

  listRuns(query: RunListQuery): RunList {
    return { runs: this.runs.list(query.limit) };
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

  /** Validates (guard included) and stores a subscription: 400 for a bad one, 409 past the limit. */
  createWebhook(request: unknown): Promise<WebhookSubscription> {
    return this.webhookRegistry.create(request);
  }

  listWebhooks(): { subscriptions: WebhookSubscription[] } {
    return { subscriptions: this.webhookRegistry.list() };
  }

  deleteWebhook(webhookId: string): { deleted: string } {
    return this.webhookRegistry.delete(webhookId);
  }

  listDeadLetters(): { dead_letters: DeadLetter[] } {
    return { dead_letters: this.webhookDispatcher.listDeadLetters() };
  }

  replayDeadLetter(deadLetterId: string): { replayed: string } {
    return this.webhookDispatcher.replay(deadLetterId);
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
   * Cancels unfinished async runs, waits (bounded) for webhook attempts in flight, then stops
   * providers (workers, MCP servers, sockets).
   */
  async close(): Promise<void> {
    await this.runs.close();
    await this.webhookDispatcher.close();
    await this.runtime.close();
  }
}
