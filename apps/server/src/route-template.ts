import type { RequestHandler, Response } from 'express';

interface RouteLocals {
  routeTemplate?: string;
}

/** Marks the requests of one mounted path with its template (`/v1/runs/{run_id}`), never the raw path. */
export function markRouteTemplate(template: string): RequestHandler {
  return (_req, res, next) => {
    (res.locals as RouteLocals).routeTemplate = template;
    next();
  };
}

/** The matched route's template; undefined when no route matched (metrics and logs say `unmatched`). */
export function routeTemplateOf(res: Response): string | undefined {
  return (res.locals as RouteLocals).routeTemplate;
}
