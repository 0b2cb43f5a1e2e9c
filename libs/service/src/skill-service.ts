import {
  NotFoundError,
  type CapabilityExecuteRequest,
  type CapabilityExecutionResult,
  type CapabilityExplainRequest,
  type DeadLetter,
  type ExecutionResult,
  type ResolutionPlan,
  type RunLaunch,
  type RunList,
  type RunRecord,
  type SkillAsyncRequest,
  type SkillExecuteRequest,
  type SkillStreamRequest,
  type WebhookSubscription,
} from '@skill-service/contracts';
import { validateSkillRequest, type DefinitionSource, type RunSkillOptions, type SkillRunStream } from '@skill-service/engine';
import { RunManager } from '@skill-service/runs';
import { WebhookDispatcher, WebhookRegistry, type WebhookStats } from '@skill-service/webhooks';
import type { ExecutionContext } from './execution-context.js';
import { ExecutionEvents } from './execution-events.js';
import { collectHealthChecks } from './health-checks.js';
import { overallStatus, type HealthReport } from './health-report.js';
import { registryDefinitions } from './registry-definitions.js';
import type { RunListQuery } from './run-list-query.js';
import type { ServiceConfig } from './service-config.js';
import { createServiceRuntime, type ServiceRuntime } from './service-runtime.js';
import { describeSkill, type SkillDescription } from './skill-description.js';
import { listSkills, type SkillList, type SkillListQuery } from './skill-list.js';

export interface SkillServiceOptions {
  /** Reported by health. */
  readonly version: string;
  /** Clock for uptime (injectable for tests). */
  readonly now?: () => number;
  /** Webhook delivery tuning (tests shorten the 2 s, 4 s, 8 s retry delays). */
  readonly webhooks?: { readonly retryDelaysMs?: readonly number[]; readonly timeoutMs?: number };
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
    this.events = new ExecutionEvents((event, data, traceId) => this.webhookDispatcher.publish(event, data, traceId));
  }

  /** Loads the registry and starts the providers described by `config`. */
  static async open(config: ServiceConfig, options: SkillServiceOptions): Promise<SkillService> {
    return new SkillService(await createServiceRuntime(config), options);
  }

  /** Liveness; `deep` adds a check per subsystem (an unhealthy report is answered 503). */
  async health(deep = false): Promise<HealthReport> {
    const base = { version: this.options.version, uptime_seconds: Math.round(this.now() - this.startedAt) / 1000 };
    if (!deep) return { status: 'ok', ...base };
    const checks = await collectHealthChecks(this.runtime.registry, this.runtime.providers, this.runs.stats());
    return { status: overallStatus(checks), ...base, checks };
  }

  listSkills(query: SkillListQuery): SkillList {
    return listSkills(this.runtime.registry.skills.values(), query);
  }

  describeSkill(skillId: string): SkillDescription {
    const skill = this.runtime.registry.skills.get(skillId);
    if (skill === undefined) throw new NotFoundError(`Skill '${skillId}' not found`);
    return describeSkill(skill.definition);
  }

  /** Checked like `streamSkill` first, so a refused request fires no webhook event. */
  async executeSkill(skillId: string, request: SkillExecuteRequest, context: ExecutionContext): Promise<ExecutionResult> {
    const options = runOptions(request, context);
    validateSkillRequest(this.definitions, skillId, request.inputs, options);
    const settle = this.events.started(skillId, context.traceId);
    const result = this.runtime.engine.runSkill(skillId, request.inputs, options);
    settle(result);
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
    const stream = this.runtime.engine.streamSkill(skillId, request.inputs, options);
    settle(stream.result);
    return stream;
  }

  /** Validates like `streamSkill`, then queues the run; the caller's signal does not reach it. */
  launchRun(skillId: string, request: SkillAsyncRequest, context: ExecutionContext): RunLaunch {
    const options = runOptions(request, { traceId: context.traceId, channel: context.channel });
    validateSkillRequest(this.definitions, skillId, request.inputs, options);
    // Known once `launch` returns, always before the job settles (its events need it).
    let runId = '';
    const launch = this.runs.launch(skillId, context.traceId, (signal) => {
      const settle = this.events.started(skillId, context.traceId, () => runId);
      const result = this.runtime.engine.runSkill(skillId, request.inputs, { ...options, signal });
      settle(result);
      return result;
    });
    runId = launch.run_id;
    return launch;
  }

  getRun(runId: string): RunRecord {
    return this.runs.get(runId);
  }

  listRuns(query: RunListQuery): RunList {
    return { runs: this.runs.list(query.limit) };
  }

  executeCapability(
    capabilityId: string,
    request: CapabilityExecuteRequest,
    context: ExecutionContext,
  ): Promise<CapabilityExecutionResult> {
    return this.runtime.engine.executeCapability(capabilityId, request.inputs, {
      traceId: context.traceId,
      requiredConformanceProfile: request.required_conformance_profile,
      confirmedCapabilities: request.confirmed_capabilities,
      signal: context.signal,
    });
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
