import {
  NotFoundError,
  type CapabilityExecuteRequest,
  type CapabilityExecutionResult,
  type CapabilityExplainRequest,
  type ExecutionResult,
  type ResolutionPlan,
  type RunLaunch,
  type RunList,
  type RunRecord,
  type SkillAsyncRequest,
  type SkillExecuteRequest,
  type SkillStreamRequest,
} from '@skill-service/contracts';
import { validateSkillRequest, type DefinitionSource, type RunSkillOptions, type SkillRunStream } from '@skill-service/engine';
import { RunManager } from '@skill-service/runs';
import type { ExecutionContext } from './execution-context.js';
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
}

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

  executeSkill(skillId: string, request: SkillExecuteRequest, context: ExecutionContext): Promise<ExecutionResult> {
    return this.runtime.engine.runSkill(skillId, request.inputs, runOptions(request, context));
  }

  /**
   * Checks the request completely before returning the live run, so a bad skill id, option or
   * input is thrown here (a normal error answer), never reported inside an already started stream.
   */
  streamSkill(skillId: string, request: SkillStreamRequest, context: ExecutionContext): SkillRunStream {
    const options = runOptions(request, context);
    validateSkillRequest(this.definitions, skillId, request.inputs, options);
    return this.runtime.engine.streamSkill(skillId, request.inputs, options);
  }

  /** Validates like `streamSkill`, then queues the run; the caller's signal does not reach it. */
  launchRun(skillId: string, request: SkillAsyncRequest, context: ExecutionContext): RunLaunch {
    const options = runOptions(request, { traceId: context.traceId, channel: context.channel });
    validateSkillRequest(this.definitions, skillId, request.inputs, options);
    return this.runs.launch(skillId, context.traceId, (signal) =>
      this.runtime.engine.runSkill(skillId, request.inputs, { ...options, signal }),
    );
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

  /** Cancels unfinished async runs, then stops providers (workers, MCP servers, sockets). */
  async close(): Promise<void> {
    await this.runs.close();
    await this.runtime.close();
  }
}
