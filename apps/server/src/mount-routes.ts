import type { Router } from 'express';
import type { IdempotencyGuard } from '@skill-service/idempotency';
import type { AccessControl } from './access-control.js';
import { discardRequestBody } from './discard-request-body.js';
import { handlerChain } from './handler-chain.js';
import { idempotentRequests } from './idempotent-requests.js';
import { inputsWrapperHint, requiresInputs } from './inputs-wrapper-hint.js';
import { jsonBody } from './json-body.js';
import { rejectUnknownQuery } from './query-values.js';
import { inRequestSpan } from './request-span.js';
import type { RouteDefinition } from './route-definition.js';
import { markRouteTemplate } from './route-template.js';
import { methodNotAllowed } from './unmatched-routes.js';

/** What routes are mounted on: the app itself or a router. */
type RouteHost = Pick<Router, 'route'>;

/** `/v1/runs/{run_id}` → `/v1/runs/:run_id`. */
export function expressPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

/**
 * Mounts the route table: per path, each method's handler behind its access guard
 * (authentication, rate limit, role — before any body is read), the refusal of undeclared query
 * parameters and, for POST, the JSON body parser (and the hint for a body missing its `inputs`
 * wrapper, and the `Idempotency-Key` of routes that honour one); then a 405 with `Allow` for any other method, before any authentication.
 */
export function mountRoutes(
  router: RouteHost,
  routes: readonly RouteDefinition[],
  options: { readonly bodyLimitBytes: number; readonly access: AccessControl; readonly idempotency: IdempotencyGuard; readonly log: (message: string) => void },
): void {
  const { bodyLimitBytes, access } = options;
  const byPath = new Map<string, RouteDefinition[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  for (const [path, group] of byPath) {
    const mounted = router.route(expressPath(path));
    // First on the path: metrics, logs and the rate limiter name the request by its template.
    const template = markRouteTemplate(path);
    const allowed = new Set<string>();
    for (const route of group) {
      const guard = access.forRoute(route);
      const query = rejectUnknownQuery(Object.keys(route.query?.shape ?? {}));
      // Each method's handlers as one chain: one routing layer per route, not one per handler.
      if (route.method === 'post') {
        const wrapper = requiresInputs(route.body) ? [inputsWrapperHint(route.body)] : [];
        const idempotent = route.idempotency === undefined ? [] : [idempotentRequests(options.idempotency, route.idempotency, options.log)];
        mounted.post(handlerChain([template, guard, query, jsonBody(bodyLimitBytes), ...wrapper, ...idempotent, inRequestSpan(route.handler)]));
      } else mounted[route.method](handlerChain([template, guard, query, discardRequestBody, inRequestSpan(route.handler)]));
      allowed.add(route.method.toUpperCase());
      // Express answers HEAD with the GET handler.
      if (route.method === 'get') allowed.add('HEAD');
    }
    mounted.all(handlerChain([template, methodNotAllowed([...allowed])]));
  }
}
