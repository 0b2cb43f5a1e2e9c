import { CapabilityExplainRequest, DiscoverRequest, parseContract } from '@skill-service/contracts';
import { SkillListQuery } from '@skill-service/service';
import type { DiscoverOptions, ExplainOptions, ListOptions, RootOptions } from './cli-program.js';
import { printJson, type CommandContext } from './command-context.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { withService } from './open-service.js';

/** A whole number given as a flag becomes a number; anything else is left for the contract to refuse (exit 4). */
export function integerOrText(value: string | undefined): number | string | undefined {
  return value !== undefined && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
}

/** Drops the flags that were not given, so the contract's defaults apply. */
function given<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export async function listSkills(context: CommandContext, options: ListOptions): Promise<ExitCode> {
  // The same query parsing as GET /v1/skills/list (its parameters arrive as text there too).
  const { domain, role, status, invocation, offset, limit } = options;
  const query = parseContract(SkillListQuery, given({ domain, role, status, invocation, offset, limit }), 'list options');
  return withService(context, options, async (service) => {
    printJson(context, service.listSkills(query));
    return EXIT.ok;
  });
}

export async function describeSkill(context: CommandContext, skillId: string, options: RootOptions): Promise<ExitCode> {
  return withService(context, options, async (service) => {
    printJson(context, service.describeSkill(skillId));
    return EXIT.ok;
  });
}

export async function discoverSkills(context: CommandContext, intent: readonly string[], options: DiscoverOptions): Promise<ExitCode> {
  const { domain, role } = options;
  const request = parseContract(DiscoverRequest, given({ intent: intent.join(' '), domain, role, limit: integerOrText(options.limit) }), 'discover request');
  return withService(context, options, async (service) => {
    printJson(context, service.discoverSkills(request));
    return EXIT.ok;
  });
}

export async function explainCapability(context: CommandContext, capabilityId: string, options: ExplainOptions): Promise<ExitCode> {
  const request = parseContract(CapabilityExplainRequest, given({ required_conformance_profile: options.profile }), 'explain request');
  return withService(context, options, async (service) => {
    printJson(context, service.explainCapability(capabilityId, request));
    return EXIT.ok;
  });
}
