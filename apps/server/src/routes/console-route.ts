import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError } from '@skill-service/contracts';
import express, { Router } from 'express';
import type { AccessControl } from '../access-control.js';
import { REPO_ROOT } from '../install-paths.js';
import type { RouteDefinition } from '../route-definition.js';
import { markRouteTemplate } from '../route-template.js';
import { CONSOLE_CONTENT_SECURITY_POLICY } from '../security-headers.js';
import { methodNotAllowed } from '../unmatched-routes.js';

/** Where `apps/console`'s build (`npm start` and `npm run build` make it) leaves the page and its assets. */
export const CONSOLE_BUILD_DIR = join(REPO_ROOT, 'apps', 'console', 'dist');

/**
 * The operator console's static files under /console. Access is that of the other public
 * documents (/openapi.json): a browser cannot attach a credential to a page load, and the files
 * hold no data — the page asks for the credential and every call it makes needs its own role.
 * Under `--require-auth-all` the files need the reader role like those documents. The page's
 * Content-Security-Policy lets it load its own scripts and styles and call this origin, nothing else.
 */
export function consoleRoute(access: AccessControl, buildDir: string = CONSOLE_BUILD_DIR): Router {
  const definition: RouteDefinition = {
    method: 'get',
    path: '/console',
    operationId: 'getConsole',
    summary: 'The operator console (static files)',
    access: 'public',
    responses: {},
    errors: [],
    handler: (_req, _res, next) => next(),
  };
  const router = Router();
  router.use(markRouteTemplate('/console'));
  router.get('/{*path}', access.forRoute(definition), (req, res, next) => {
    res.set('Content-Security-Policy', CONSOLE_CONTENT_SECURITY_POLICY);
    // `/console` → `/console/`: one address for the page.
    if (req.originalUrl === '/console' || req.originalUrl.startsWith('/console?')) res.redirect(301, `/console/${req.originalUrl.slice('/console'.length)}`);
    else if (!existsSync(buildDir)) next(new NotFoundError('The console has not been built on this server (npm run build builds it)'));
    else next();
  });
  router.get('/{*path}', express.static(buildDir, { index: 'index.html', dotfiles: 'ignore', redirect: false, fallthrough: true }));
  router.get('/{*path}', (_req, _res, next) => next(new NotFoundError('No such file in the console')));
  router.all('/{*path}', methodNotAllowed(['GET', 'HEAD']));
  return router;
}
