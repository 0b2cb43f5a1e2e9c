import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { RouteDefinition } from '../route-definition.js';

/** Where the page loads the renderer from: this server, never a CDN. */
export const DOCS_SCRIPT_PATH = '/docs/redoc.standalone.js';

/**
 * The interactive reference: Redoc renders `/openapi.json` in the browser. `<redoc spec-url>` is
 * picked up by the bundle itself, so the page needs no inline script.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Skill Execution Service API</title>
</head>
<body>
<redoc spec-url="/openapi.json" hide-download-button></redoc>
<script src="${DOCS_SCRIPT_PATH}"></script>
</body>
</html>
`;

/**
 * The only relaxation of the server's `default-src 'none'`, and only on these two routes: the
 * bundle (same origin) runs, its CSS-in-JS adds style elements, its fonts and icons are data:
 * URLs, it fetches /openapi.json, and its search index runs in a worker it builds from a blob.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Redoc's self-contained browser bundle, from node_modules, read once on first use. */
function rendererBundle(): () => Buffer {
  let bundle: Buffer | undefined;
  return () => (bundle ??= readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js')));
}

const withDocsPolicy =
  (send: RequestHandler): RequestHandler =>
  (req, res, next) => {
    res.set('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
    return send(req, res, next);
  };

/** GET /docs (the page) and the renderer it loads; reader role, like the API description. */
export function docsRoutes(): RouteDefinition[] {
  const bundle = rendererBundle();
  return [
    {
      method: 'get',
      path: '/docs',
      operationId: 'getApiReference',
      summary: 'Interactive API reference (this document, rendered by Redoc)',
      access: 'reader',
      responses: { 200: { description: 'An HTML page', schema: z.string(), contentType: 'text/html' } },
      errors: [],
      handler: withDocsPolicy((_req, res) => {
        res.type('html').send(PAGE);
      }),
    },
    {
      method: 'get',
      path: DOCS_SCRIPT_PATH,
      operationId: 'getApiReferenceRenderer',
      summary: 'The renderer of the API reference page (Redoc, served from this server)',
      access: 'reader',
      responses: { 200: { description: 'JavaScript', schema: z.string(), contentType: 'text/javascript' } },
      errors: [],
      handler: withDocsPolicy((_req, res) => {
        res.type('text/javascript').send(bundle());
      }),
    },
  ];
}
