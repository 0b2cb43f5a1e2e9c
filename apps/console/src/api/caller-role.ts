import { ApiError } from './api-error.js';
import { jwtClaims, type Credential } from './credentials.js';
import type { HttpClient } from './http-client.js';

/** The contract's roles, lowest first; each inherits the lower ones. */
export const ROLES = ['reader', 'executor', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface CallerRole {
  /** undefined: not known (the server refused the credential, or could not be asked). */
  readonly role: Role | undefined;
  /** How the page knows: the JWT's claim, or probing read-only routes of the API. */
  readonly source: 'jwt' | 'probe';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function atLeast(role: Role | undefined, needed: Role): boolean {
  return role !== undefined && ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** Why an action is disabled for this caller; undefined when it is allowed. */
export function deniedReason(caller: CallerRole, needed: Role, action: string): string | undefined {
  if (atLeast(caller.role, needed)) return undefined;
  const have = caller.role === undefined ? 'no accepted credential' : `the ${caller.role} role`;
  return `${action} needs the ${needed} role; you have ${have}.`;
}

/**
 * The caller's role. A JWT names it (`role`, `executor` when absent, as the server reads it). For
 * an API key, or no credential, two side-effect-free calls tell: the run list (operator) and a
 * binding explanation of an unknown capability (executor: 404 when allowed, 403 when not). A
 * server without authentication lets every call through: the caller acts as an operator there.
 */
export async function probeRole(client: HttpClient, credential: Credential | undefined): Promise<CallerRole> {
  if (credential?.kind === 'jwt') {
    const role = jwtClaims(credential.value)?.role ?? 'executor';
    return { role: isRole(role) ? role : undefined, source: 'jwt' };
  }
  const allowed = async (call: () => Promise<unknown>): Promise<boolean | undefined> => {
    try {
      await call();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 403) return false;
      if (error.status === 401 || error.status === 0 || error.status === 429) return undefined;
      return true;
    }
  };
  const operator = await allowed(() => client.get('/v1/runs?limit=1'));
  if (operator === undefined) return { role: undefined, source: 'probe' };
  if (operator) return { role: 'operator', source: 'probe' };
  const executor = await allowed(() => client.post('/v1/capabilities/console.role-probe/explain', {}));
  if (executor === undefined) return { role: undefined, source: 'probe' };
  return { role: executor ? 'executor' : 'reader', source: 'probe' };
}
