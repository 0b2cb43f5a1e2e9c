import { performance } from 'node:perf_hooks';
import type { Logger } from './logging/create-logger.js';
import { UNMATCHED_ROUTE, type ServiceMetrics } from '@skill-service/metrics';
import type { RequestHandler } from 'express';
import { identityOf } from './access-control.js';
import { traceIdOrNull } from './request-trace.js';
import { routeTemplateOf } from './route-template.js';

/**
 * Observes every request once its response is over (sent, or the connection gone): its duration
 * in the metrics by method, route template and status, and one log line with the trace id, the
 * route template, the status, the duration and the authenticated subject. Nothing of the request
 * itself (path, query, headers, body) is logged, so no credential can be.
 */
export function observeRequests(metrics: ServiceMetrics, logger: Logger | undefined): RequestHandler {
  return (req, res, next) => {
    const startedAt = performance.now();
    res.once('close', () => {
      const durationMs = performance.now() - startedAt;
      const route = routeTemplateOf(res);
      metrics.observeHttpRequest({ method: req.method, route, status: res.statusCode, durationSeconds: durationMs / 1000 });
      if (logger === undefined) return;
      const identity = identityOf(res);
      logger.log(res.statusCode >= 500 ? 'error' : 'info', 'request', {
        trace_id: traceIdOrNull(res),
        method: req.method,
        route: route ?? UNMATCHED_ROUTE,
        status: res.statusCode,
        duration_ms: Math.round(durationMs * 1000) / 1000,
        ...(identity === undefined ? {} : { subject: identity.subject, role: identity.role }),
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    next();
  };
}
