import { InvalidRequestError } from '@skill-service/contracts';
import { evaluateExpression } from '@skill-service/skill-language';
import type { CompiledStep } from '../plan/compiled-skill.js';
import type { StepHost } from './step-host.js';

export interface Route {
  readonly capabilityId: string;
  /** `router_matched` (the case key, or `default`) for step_completed data; empty without a router. */
  readonly data: Record<string, unknown>;
}

/**
 * Case keys are compared with the JS spelling of the value: booleans are "true"/"false" (the
 * original's Python gave "True"/"False"), numbers as JS prints them, null as "null", lists and
 * objects as their JSON.
 */
function caseKeyOf(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** The capability a step invokes: `uses`, or the router's choice by its `on` expression. */
export function routeCapability(host: StepHost, step: CompiledStep): Route {
  const router = step.router;
  if (router === undefined) return { capabilityId: step.definition.uses, data: {} };
  const key = caseKeyOf(evaluateExpression(router.on, host.state.scope));
  const chosen = Object.hasOwn(router.cases, key) ? router.cases[key] : undefined;
  if (chosen !== undefined) return { capabilityId: chosen, data: { router_matched: key } };
  if (router.default !== undefined) return { capabilityId: router.default, data: { router_matched: 'default' } };
  throw new InvalidRequestError(`Router of step '${step.id}' has no case for '${key}' and no default`);
}
