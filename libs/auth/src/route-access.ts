import type { Role } from '@skill-service/contracts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One row of a route → role table; paths are templates with `{name}` for one path segment. */
export interface RouteRoleEntry {
  readonly method: HttpMethod;
  readonly path: string;
  readonly role: Role;
}

/**
 * The route → role table of the HTTP interface (docs/http-api.md), with the roles chosen where the
 * interface left them open: capability explain = executor, both metrics routes = operator.
 * `GET /v1/runs` covers the run records under it (runs management is operator).
 */
export const CONTRACT_ROUTE_ROLES: readonly RouteRoleEntry[] = [
  { method: 'GET', path: '/v1/health', role: 'reader' },
  { method: 'GET', path: '/openapi.json', role: 'reader' },
  { method: 'GET', path: '/v1/skills/list', role: 'reader' },
  { method: 'GET', path: '/v1/skills/governance', role: 'reader' },
  { method: 'GET', path: '/v1/skills/diagnostics', role: 'reader' },
  { method: 'GET', path: '/v1/skills/{skill_id}/describe', role: 'reader' },
  { method: 'POST', path: '/v1/skills/discover', role: 'reader' },
  { method: 'POST', path: '/v1/skills/{skill_id}/execute', role: 'executor' },
  { method: 'POST', path: '/v1/skills/{skill_id}/execute/stream', role: 'executor' },
  { method: 'POST', path: '/v1/skills/{skill_id}/execute/async', role: 'executor' },
  { method: 'POST', path: '/v1/skills/{skill_id}/attach', role: 'executor' },
  { method: 'POST', path: '/v1/capabilities/{capability_id}/execute', role: 'executor' },
  { method: 'POST', path: '/v1/capabilities/{capability_id}/explain', role: 'executor' },
  { method: 'GET', path: '/v1/runs', role: 'operator' },
  { method: 'GET', path: '/v1/runs/{run_id}', role: 'operator' },
  // The launching executor may cancel its own run; the service refuses it anyone else's (403).
  { method: 'POST', path: '/v1/runs/{run_id}/cancel', role: 'executor' },
  { method: 'POST', path: '/v1/webhooks', role: 'operator' },
  { method: 'GET', path: '/v1/webhooks', role: 'operator' },
  { method: 'DELETE', path: '/v1/webhooks/{webhook_id}', role: 'operator' },
  { method: 'GET', path: '/v1/metrics', role: 'operator' },
  { method: 'GET', path: '/v1/metrics/prometheus', role: 'operator' },
];

/** The role any route missing from the table needs (admin: a route added later is closed to everyone else until it is given a role). */
export const UNKNOWN_ROUTE_ROLE: Role = 'admin';

type Segment = { readonly literal: string } | { readonly param: true };

interface CompiledEntry {
  readonly entry: RouteRoleEntry;
  readonly segments: readonly Segment[];
  readonly literals: number;
  /** The template with parameter names erased: `/v1/runs/{}`. */
  readonly shape: string;
}

const PARAM = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;

function segmentsOf(path: string): string[] {
  return path.split('/').slice(1);
}

function normalizeMethod(method: string): string {
  const upper = method.toUpperCase();
  // HEAD is answered by the GET route and needs what GET needs.
  return upper === 'HEAD' ? 'GET' : upper;
}

function shapeOf(template: string): string {
  return template.replace(/\{[^}/]*\}/g, '{}');
}

function compile(entry: RouteRoleEntry): CompiledEntry {
  if (!entry.path.startsWith('/')) throw new Error(`Route template must start with '/': ${entry.path}`);
  const segments = segmentsOf(entry.path).map((part): Segment => (PARAM.test(part) ? { param: true } : { literal: part }));
  return { entry, segments, literals: segments.filter((s) => 'literal' in s).length, shape: shapeOf(entry.path) };
}

/**
 * Which role a request needs: method + path template → role, the most specific template winning
 * (more literal segments). A `{name}` matches exactly one non-empty segment; matching is exact
 * (case, trailing slash). Anything the table does not list needs `admin`.
 */
export class RouteAccessTable {
  readonly #entries: readonly CompiledEntry[];

  constructor(entries: readonly RouteRoleEntry[] = CONTRACT_ROUTE_ROLES) {
    const compiled = entries.map(compile);
    const seen = new Map<string, Role>();
    for (const { entry, shape } of compiled) {
      const key = `${entry.method} ${shape}`;
      const role = seen.get(key);
      if (role !== undefined && role !== entry.role) throw new Error(`Route ${key} is listed twice with different roles`);
      seen.set(key, entry.role);
    }
    this.#entries = compiled;
  }

  get entries(): readonly RouteRoleEntry[] {
    return this.#entries.map((compiled) => compiled.entry);
  }

  /** A table with more rows (routes the contract does not list); a row may not contradict an existing one. */
  with(entries: readonly RouteRoleEntry[]): RouteAccessTable {
    return new RouteAccessTable([...this.entries, ...entries]);
  }

  /** The role of a route template as the table lists it (parameter names do not matter), if it does. */
  roleOfTemplate(method: string, template: string): Role | undefined {
    const wanted = normalizeMethod(method);
    const shape = shapeOf(template);
    return this.#entries.find((c) => c.entry.method === wanted && c.shape === shape)?.entry.role;
  }

  /** The table row a concrete request path falls under, if any. */
  match(method: string, path: string): RouteRoleEntry | undefined {
    const wanted = normalizeMethod(method);
    const parts = segmentsOf(path);
    let best: CompiledEntry | undefined;
    for (const compiled of this.#entries) {
      if (compiled.entry.method !== wanted || compiled.segments.length !== parts.length) continue;
      const fits = compiled.segments.every((segment, i) => {
        const part = parts[i] ?? '';
        return 'literal' in segment ? segment.literal === part : part !== '';
      });
      if (fits && (best === undefined || compiled.literals > best.literals)) best = compiled;
    }
    return best?.entry;
  }

  /** The role a request needs: its row's, else `admin`. */
  requiredRole(method: string, path: string): Role {
    return this.match(method, path)?.role ?? UNKNOWN_ROUTE_ROLE;
  }
}
