import type { HttpMethod } from '@skill-service/auth';
import {
  AttachRequest,
  CapabilityExecuteRequest,
  CapabilityExplainRequest,
  DiscoverRequest,
  GovernanceQuery,
  SkillExecuteRequest,
  SkillListQuery,
  parseContract,
} from '@skill-service/contracts';
import type { ExecutionContext, SkillService } from '@skill-service/service';
import { z } from 'zod';

/** MCP tool annotations: hints for a host deciding whether to ask its user first. */
export interface ToolAnnotations {
  readonly title: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * One tool of the contract. `route` is the HTTP route it mirrors: the call needs that route's role
 * and answers what the route answers. `arguments` is the whole argument object (path parameters and
 * body or query together), for `tools/list`; `run` parses the arguments with the route's own
 * contract (same messages as HTTP) and calls the same `SkillService` method.
 */
export interface BridgeTool {
  readonly name: string;
  readonly description: string;
  readonly route: { readonly method: HttpMethod; readonly path: string };
  readonly arguments: z.ZodObject;
  readonly annotations: ToolAnnotations;
  run(service: SkillService, args: Readonly<Record<string, unknown>>, context: ExecutionContext): unknown;
}

const SkillIdArgument = z.object({ skill_id: z.string().min(1).max(256).describe('The skill id, e.g. `text.summarize-basic`') });
const CapabilityIdArgument = z.object({ capability_id: z.string().min(1).max(256).describe('The capability id, e.g. `text.upper`') });
const HealthArguments = z.object({ deep: z.boolean().optional().describe('Add a check per subsystem') });
const NoArguments = z.object({});

/** The arguments without the path parameter, which the route's body or query contract does not know. */
function withoutKey(args: Readonly<Record<string, unknown>>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([name]) => name !== key));
}

const skillIdOf = (args: Readonly<Record<string, unknown>>): string => parseContract(SkillIdArgument, args, 'arguments').skill_id;
const capabilityIdOf = (args: Readonly<Record<string, unknown>>): string => parseContract(CapabilityIdArgument, args, 'arguments').capability_id;

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
/** A skill or capability may call providers with side effects: hosts should treat a run as consequential. */
const EXECUTES = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } as const;

export const BRIDGE_TOOLS: readonly BridgeTool[] = [
  {
    name: 'runtime.health',
    description: 'Service health: status, version and uptime; `deep: true` adds a check per subsystem.',
    route: { method: 'GET', path: '/v1/health' },
    arguments: HealthArguments,
    annotations: { title: 'Service health', ...READ_ONLY },
    run: (service, args) => service.health(parseContract(HealthArguments, args, 'arguments').deep === true),
  },
  {
    name: 'skill.describe',
    description: 'Describe a skill: inputs, outputs, steps, classification, deprecation and replacement.',
    route: { method: 'GET', path: '/v1/skills/{skill_id}/describe' },
    arguments: SkillIdArgument,
    annotations: { title: 'Describe a skill', ...READ_ONLY },
    run: (service, args) => service.describeSkill(skillIdOf(args)),
  },
  {
    name: 'skill.list',
    description: 'List skills with exact-match filters (domain, role, status, invocation) and offset pagination.',
    route: { method: 'GET', path: '/v1/skills/list' },
    arguments: SkillListQuery,
    annotations: { title: 'List skills', ...READ_ONLY },
    run: (service, args) => service.listSkills(parseContract(SkillListQuery, args, 'query')),
  },
  {
    name: 'skill.discover',
    description: 'Rank skills for an intent in words (text match, metadata and execution history); each candidate says why.',
    route: { method: 'POST', path: '/v1/skills/discover' },
    arguments: DiscoverRequest,
    annotations: { title: 'Discover skills', ...READ_ONLY },
    run: (service, args) => service.discoverSkills(parseContract(DiscoverRequest, args, 'discover request')),
  },
  {
    name: 'skill.diagnostics',
    description: 'Registry load diagnostics, counts, unbound capabilities, provider health, circuit breakers, operation counters, uptime.',
    route: { method: 'GET', path: '/v1/skills/diagnostics' },
    arguments: NoArguments,
    annotations: { title: 'Diagnostics', ...READ_ONLY },
    run: (service) => service.diagnostics(),
  },
  {
    name: 'skill.metrics.reset',
    description: 'Zero the operation counters and metrics of this process; answers the diagnostics after the reset.',
    route: { method: 'POST', path: '/v1/metrics/reset' },
    arguments: NoArguments,
    annotations: { title: 'Reset metrics', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run: (service) => service.resetMetrics(),
  },
  {
    name: 'skill.attach',
    description: 'Execute an attachable skill against a run, output, transcript, artifact or task of this process.',
    route: { method: 'POST', path: '/v1/skills/{skill_id}/attach' },
    arguments: AttachRequest.extend(SkillIdArgument.shape),
    annotations: { title: 'Attach a skill', ...EXECUTES },
    run: (service, args, context) => service.attachSkill(skillIdOf(args), parseContract(AttachRequest, withoutKey(args, 'skill_id'), 'attach request'), context),
  },
  {
    name: 'skill.execute',
    description: 'Execute a skill with its inputs and answer the result (skill_id, status, outputs, trace_id).',
    route: { method: 'POST', path: '/v1/skills/{skill_id}/execute' },
    arguments: SkillExecuteRequest.extend(SkillIdArgument.shape),
    annotations: { title: 'Execute a skill', ...EXECUTES },
    run: (service, args, context) => service.executeSkill(skillIdOf(args), parseContract(SkillExecuteRequest, withoutKey(args, 'skill_id'), 'execute request'), context),
  },
  {
    name: 'capability.execute',
    description: 'Execute one capability directly through its bindings.',
    route: { method: 'POST', path: '/v1/capabilities/{capability_id}/execute' },
    arguments: CapabilityExecuteRequest.extend(CapabilityIdArgument.shape),
    annotations: { title: 'Execute a capability', ...EXECUTES },
    run: (service, args, context) =>
      service.executeCapability(capabilityIdOf(args), parseContract(CapabilityExecuteRequest, withoutKey(args, 'capability_id'), 'capability execute request'), context),
  },
  {
    name: 'capability.explain',
    description: 'How a capability resolves to a binding (the resolution plan); nothing is invoked.',
    route: { method: 'POST', path: '/v1/capabilities/{capability_id}/explain' },
    arguments: CapabilityExplainRequest.extend(CapabilityIdArgument.shape),
    annotations: { title: 'Explain a capability', ...READ_ONLY },
    run: (service, args) => service.explainCapability(capabilityIdOf(args), parseContract(CapabilityExplainRequest, withoutKey(args, 'capability_id'), 'explain request')),
  },
  {
    name: 'skill.governance.list',
    description: 'Per skill: lifecycle state, deprecation and replacement, binding coverage per conformance profile, safety summary, quality flags.',
    route: { method: 'GET', path: '/v1/skills/governance' },
    arguments: GovernanceQuery,
    annotations: { title: 'Skill governance', ...READ_ONLY },
    run: (service, args) => service.governance(parseContract(GovernanceQuery, args, 'query')),
  },
];
