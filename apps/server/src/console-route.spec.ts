import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type Express } from 'express';
import request from 'supertest';
import type { AccessControl } from './access-control.js';
import { errorHandler } from './error-handler.js';
import { resolveTrace } from './request-trace.js';
import { consoleRoute } from './routes/console-route.js';
import { CONSOLE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS, securityHeaders } from './security-headers.js';
import { accessFrom, openAccess } from './testing/test-access.js';

let built: string;

/** The console route as the app mounts it: after the security headers, before the error handler. */
function appWith(access: AccessControl, dir: string): Express {
  const app = express();
  app.use(securityHeaders, resolveTrace);
  app.use('/console', consoleRoute(access, dir));
  app.use(errorHandler(1024, () => undefined));
  return app;
}

beforeAll(() => {
  built = mkdtempSync(join(tmpdir(), 'console-build-'));
  mkdirSync(join(built, 'assets'));
  writeFileSync(join(built, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(built, 'assets', 'index-abc.js'), 'export {};');
});

afterAll(() => rmSync(built, { recursive: true, force: true }));

describe('GET /console', () => {
  it('serves the page and its assets under the console CSP, the other security headers unchanged', async () => {
    const app = appWith(openAccess(), built);
    const page = await request(app).get('/console/').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<title>console</title>');
    expect(page.headers['content-security-policy']).toBe(CONSOLE_CONTENT_SECURITY_POLICY);
    expect(CONSOLE_CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'/);
    expect(CONSOLE_CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|\*|https?:/);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (name !== 'Content-Security-Policy') expect(page.headers[name.toLowerCase()]).toBe(value);
    const script = await request(app).get('/console/assets/index-abc.js').expect(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    await request(app).get('/console').expect(301).expect('location', '/console/');
  });

  it('answers the contract error for a missing file, another method, a path escape, and an unbuilt console', async () => {
    const app = appWith(openAccess(), built);
    const missing = await request(app).get('/console/assets/nope.js').expect(404);
    expect(missing.body.error).toEqual({ code: 'not_found', message: 'No such file in the console', type: 'NotFoundError' });
    const post = await request(app).post('/console/').expect(405);
    expect(post.headers['allow']).toBe('GET, HEAD');
    const escape = await request(app).get('/console/..%2f..%2fpackage.json');
    expect([400, 403, 404]).toContain(escape.status);
    expect(escape.text).not.toContain('"name"');
    const unbuilt = await request(appWith(openAccess(), join(built, 'missing'))).get('/console/').expect(404);
    expect(unbuilt.body.error.message).toBe('The console has not been built on this server (npm run build builds it)');
    expect(JSON.stringify(unbuilt.body)).not.toContain(built);
  });

  it('loads without a credential like the API description, and needs the reader role under --require-auth-all', async () => {
    const rbac = { SERVICE_RBAC: '1' };
    await request(appWith(await accessFrom({ argv: ['--api-key', 'admin-key'], env: rbac }), built)).get('/console/').expect(200);
    const locked = appWith(await accessFrom({ argv: ['--api-key', 'admin-key', '--require-auth-all'], env: rbac }), built);
    await request(locked).get('/console/').expect(401);
    await request(locked).get('/console/').set('x-api-key', 'admin-key').expect(200);
  });
});
