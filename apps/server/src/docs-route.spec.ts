// GET /docs: the interactive API reference, rendered by Redoc from /openapi.json with the renderer
// served by this server (nothing from a CDN), under a policy relaxed for these two routes only.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import { DOCS_CONTENT_SECURITY_POLICY, DOCS_SCRIPT_PATH } from './routes/docs-routes.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { accessFrom } from './testing/test-access.js';
import { openTestService, testApp } from './testing/test-server.js';

jest.setTimeout(60_000);

let service: SkillService;
beforeAll(async () => {
  service = await openTestService();
});
afterAll(() => service.close());

describe('GET /docs', () => {
  it('serves a page that renders /openapi.json with a same-origin script, and no inline script', async () => {
    const { app } = testApp(service);
    const page = await request(app).get('/docs').expect(200).expect('content-type', /^text\/html/);
    expect(page.text).toContain('<redoc spec-url="/openapi.json"');
    const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((match) => [match[1]?.trim(), match[2]])).toEqual([[`src="${DOCS_SCRIPT_PATH}"`, '']]);
    // Nothing is loaded from anywhere else.
    expect(page.text).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    expect(page.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('serves the renderer from node_modules byte for byte, under the same policy', async () => {
    const { app } = testApp(service);
    const script = await request(app).get(DOCS_SCRIPT_PATH).expect(200).expect('content-type', /^text\/javascript/);
    const installed = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
    expect(script.text.length).toBe(installed.length);
    expect(script.text === installed).toBe(true);
    expect(script.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
  });

  it('keeps the strict policy everywhere else', async () => {
    const { app } = testApp(service);
    for (const path of ['/openapi.json', '/v1/health', '/docs/nothing-here']) {
      const response = await request(app).get(path);
      expect(response.headers['content-security-policy']).toBe(SECURITY_HEADERS['Content-Security-Policy']);
    }
  });

  it('needs the reader role: open to an anonymous reader, closed when credentials are required', async () => {
    const anonymousReader = testApp(service, { access: await accessFrom({ env: { SERVICE_RBAC: '1' } }) }).app;
    await request(anonymousReader).get('/docs').expect(200);
    const keyed = testApp(service, { access: await accessFrom({ env: { SERVICE_RBAC: '1' }, argv: ['--api-key', 'docs-admin-key-0123'] }) }).app;
    await request(keyed).get('/docs').expect(401);
    await request(keyed).get(DOCS_SCRIPT_PATH).expect(401);
    await request(keyed).get('/docs').set('x-api-key', 'docs-admin-key-0123').expect(200);
  });

  it('is listed in /openapi.json', async () => {
    const { app } = testApp(service);
    const { body } = await request(app).get('/openapi.json').expect(200);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/docs', DOCS_SCRIPT_PATH]));
  });
});
