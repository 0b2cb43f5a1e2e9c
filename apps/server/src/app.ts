import type { Logger } from './logging/create-logger.js';
import { IdempotencyGuard, MemoryIdempotencyStore } from '@skill-service/idempotency';
import { ServiceMetrics } from '@skill-service/metrics';
import type { SkillService } from '@skill-service/service';
import express, { type Express } from 'express';
import type { AccessControl } from './access-control.js';
import { errorHandler, type ServerLog } from './error-handler.js';
import { handlerChain } from './handler-chain.js';
import { InflightRuns } from './inflight-runs.js';
import { answerJsonDirectly } from './json-response.js';
import { mountRoutes } from './mount-routes.js';
import { openApiDocument, type DocumentAccess } from './openapi-document.js';
import { observeRequests } from './request-observer.js';
import { traceRequests } from './request-span.js';
import { resolveTrace } from './request-trace.js';
import type { RouteDefinition } from './route-definition.js';
import { capabilityRoutes } from './routes/capability-routes.js';
import { catalogRoutes } from './routes/catalog-routes.js';
import { consoleRoute } from './routes/console-route.js';
import { docsRoutes } from './routes/docs-routes.js';
import { healthRoutes } from './routes/health-routes.js';
import { metricsRoutes } from './routes/metrics-routes.js';
import { openApiRoute } from './routes/openapi-route.js';
import { runRoutes } from './routes/run-routes.js';
import { skillRoutes } from './routes/skill-routes.js';
import { WEBHOOK_DELIVERY_DESCRIPTION, webhookRoutes } from './routes/webhook-routes.js';
import { securityHeaders } from './security-headers.js';
import { routeNotFound } from './unmatched-routes.js';

export interface AppOptions {
  readonly version: string;
  readonly bodyLimitBytes: number;
  /** SSE heartbeat interval (15 s in production; tests shorten it). */
  readonly heartbeatMs: number;
  readonly log: ServerLog;
  /** Authentication, roles and rate limits (built from the options by `accessControlOf`). */
  readonly access: AccessControl;
  /** The service's metrics (also its observer); a registry of its own when not given. */
  readonly metrics?: ServiceMetrics;
  /** Receives one line per request; none when not given. */
  readonly logger?: Logger;
  /** The base URL clients reach the service at (`SERVICE_PUBLIC_URL`), for /openapi.json's `servers`. */
  readonly publicUrl?: string;
  /** Idempotency keys (shared on Redis); this process's memory with the default TTL when not given. */
  readonly idempotency?: IdempotencyGuard;
}

/** What the API description says of authentication: the same guard the routes are mounted behind. */
function documentAccess(access: AccessControl): DocumentAccess {
  return { roleOf: (route) => access.roleOf(route), open: access.authenticator.open, anonymousReader: access.authenticator.anonymousAllowed };
}

export interface ServerApp {
  readonly app: Express;
  /** Runs executing for open requests; shutdown cancels what outlives the drain. */
  readonly inflight: InflightRuns;
}

/**
 * The Express adapter over the service façade: security headers and the trace id first, then the
 * route table, each route behind its access guard, then the guard of unmatched requests
 * (admin), the 404 and the one error handler. Every request is timed and logged (`observeRequests`) once answered.
 */
export function createApp(service: SkillService, options: AppOptions): ServerApp {
  const inflight = new InflightRuns();
  const metrics = options.metrics ?? new ServiceMetrics();
  const documents = new Map<boolean, Record<string, unknown>>();
  const document = (expand: boolean): Record<string, unknown> => {
    let built = documents.get(expand);
    if (built === undefined) {
      built = openApiDocument(routes, {
        version: options.version,
        access: documentAccess(options.access),
        webhooks: [WEBHOOK_DELIVERY_DESCRIPTION],
        ...(expand ? { skills: [...service.runtime.registry.skills.values()].map((skill) => skill.definition) } : {}),
      });
      documents.set(expand, built);
    }
    return built;
  };
  const routes: RouteDefinition[] = [
    ...healthRoutes(service),
    openApiRoute({ document, ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }) }),
    ...docsRoutes(),
    ...catalogRoutes(service, inflight),
    ...skillRoutes(service, { inflight, heartbeatMs: options.heartbeatMs }),
    ...capabilityRoutes(service, inflight),
    ...runRoutes(service, { heartbeatMs: options.heartbeatMs }),
    ...webhookRoutes(service),
    ...metricsRoutes(metrics),
  ];

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  answerJsonDirectly(app);
  app.use(handlerChain([traceRequests, observeRequests(metrics, options.logger), securityHeaders, resolveTrace]));
  app.use('/console', consoleRoute(options.access));
  // On the app's own router: a nested one would cost every request a second routing pass.
  const idempotency = options.idempotency ?? new IdempotencyGuard(new MemoryIdempotencyStore());
  mountRoutes(app, routes, { bodyLimitBytes: options.bodyLimitBytes, access: options.access, idempotency, log: options.log });
  app.use(options.access.unmatched, routeNotFound);
  app.use(errorHandler(options.bodyLimitBytes, options.log));
  return { app, inflight };
}
