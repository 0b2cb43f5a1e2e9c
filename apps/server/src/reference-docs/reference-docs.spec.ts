// docs/ keeps what the code says: its generated sections (routes from the served /openapi.json,
// error codes, configuration) equal what `npm run docs:update` writes now, and the option list they
// come from names every SERVICE_* and OTEL_* variable the code reads, each with the default the parser gives.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import { REPO_ROOT } from '../install-paths.js';
import { parseServerCommand, type ServerOptions } from '../server-options.js';
import { openTestService, testApp } from '../testing/test-server.js';
import { OPTION_DEFINITIONS, configurationTable } from './configuration-options.js';
import { readSection, replaceSection } from './generated-section.js';
import { generatedDocs } from './reference-docs.js';
import { routeTable } from './route-table.js';

jest.setTimeout(60_000);

let service: SkillService;
let openApi: Record<string, unknown>;
beforeAll(async () => {
  service = await openTestService();
  openApi = (await request(testApp(service).app).get('/openapi.json').expect(200)).body as Record<string, unknown>;
});
afterAll(() => service.close());

describe('the generated sections of docs/', () => {
  it('are up to date (run npm run docs:update after changing routes, error codes or options)', () => {
    for (const doc of generatedDocs(openApi)) {
      const committed = readSection(readFileSync(join(REPO_ROOT, doc.file), 'utf8'), doc.section);
      expect({ file: doc.file, section: doc.section, content: committed }).toEqual({ file: doc.file, section: doc.section, content: doc.content });
    }
  });

  it('list every served route with its role', () => {
    const table = routeTable(openApi);
    expect(table).toContain('| POST | `/v1/skills/{skill_id}/execute` | executor |');
    expect(table).toContain('| GET | `/v1/health` | public |');
    expect(table).toContain('| GET | `/docs` | reader |');
    const operations = Object.values(openApi['paths'] as Record<string, object>).flatMap((item) => Object.keys(item));
    expect(table.split('\n').length - 2).toBe(operations.length);
  });

  it('replace only what lies between their markers', () => {
    const text = 'before\n<!-- generated:x (npm run docs:update; do not edit by hand) -->\nold\n<!-- end generated:x -->\nafter\n';
    expect(replaceSection(text, 'x', 'new')).toBe('before\n<!-- generated:x (npm run docs:update; do not edit by hand) -->\n\nnew\n\n<!-- end generated:x -->\nafter\n');
    expect(() => replaceSection('no markers', 'x', 'new')).toThrow(/markers/);
  });
});

/** Non-spec TypeScript and JavaScript sources of apps/ and libs/. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'out-tsc', 'testing', 'test-fixtures'].includes(entry.name) ? [] : sources(path);
    return /\.(ts|mjs|js)$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

// Names of code constants, not settings.
const NOT_SETTINGS = new Set(['SERVICE_ENVIRONMENT_HELP']);

describe('the option definitions', () => {
  it('name every SERVICE_* and OTEL_* variable the code reads, and only those', () => {
    const read = new Map<string, string>();
    for (const file of [...sources(join(REPO_ROOT, 'apps')), ...sources(join(REPO_ROOT, 'libs'))]) {
      if (file.includes(join('reference-docs', ''))) continue;
      for (const [name] of readFileSync(file, 'utf8').matchAll(/\b(?:SERVICE|OTEL)_[A-Z][A-Z0-9_]*[A-Z0-9]\b/g)) {
        if (!NOT_SETTINGS.has(name)) read.set(name, relative(REPO_ROOT, file));
      }
    }
    const defined = OPTION_DEFINITIONS.map((option) => option.variable);
    expect([...read.keys()].filter((name) => !defined.includes(name)).map((name) => `${name} (read in ${read.get(name)})`)).toEqual([]);
    expect(defined.filter((name) => !read.has(name))).toEqual([]);
    expect(new Set(defined).size).toBe(defined.length);
  });

  it("give the server's defaults as its option parser does", () => {
    const command = parseServerCommand([], {}, { registryRoot: '/checkout/registry', runtimeRoot: '/checkout' });
    if (command.kind !== 'serve') throw new Error(JSON.stringify(command));
    const parsed: ServerOptions = command.options;
    // Listening beyond loopback (or with credentials) gives the shared default.
    const public_ = parseServerCommand(['--host', '0.0.0.0'], {}, { registryRoot: '/checkout/registry', runtimeRoot: '/checkout' });
    if (public_.kind !== 'serve') throw new Error(JSON.stringify(public_));
    const shared: ServerOptions = public_.options;
    const list = (values: readonly string[] | undefined): string => (values === undefined || values.length === 0 ? 'none' : values.join(','));
    const actual: Record<string, string> = {
      SERVICE_HOST: parsed.host,
      SERVICE_PORT: String(parsed.port),
      SERVICE_API_KEY: parsed.apiKey ?? 'none',
      SERVICE_RATE_LIMIT_REQUESTS: `\`${shared.rateLimit.requests}\`; \`${parsed.rateLimit.requests}\` when open (no credentials) on loopback`,
      SERVICE_RATE_LIMIT_WINDOW_SECONDS: String(parsed.rateLimit.windowSeconds),
      SERVICE_RATE_LIMIT_MAX_CLIENTS: String(parsed.rateLimit.maxClients),
      SERVICE_TRUST_PROXY: list(parsed.trustProxy),
      SERVICE_AUTH_PLUGINS: list(parsed.auth.plugins),
      SERVICE_REQUIRE_AUTH_ALL: parsed.auth.publicProbes ? 'off' : 'on',
      SERVICE_REGISTRY_ROOT: parsed.registryRoot === '/checkout/registry' ? '`<checkout>/registry`' : parsed.registryRoot,
      SERVICE_RUNTIME_ROOT: parsed.runtimeRoot === '/checkout' ? '`<checkout>`' : parsed.runtimeRoot,
      SERVICE_BODY_LIMIT: parsed.bodyLimitBytes === 1024 ** 2 ? '1mb' : String(parsed.bodyLimitBytes),
      SERVICE_ASYNC_WORKERS: String(parsed.asyncWorkers),
      SERVICE_MAX_WORKERS: String(parsed.maxWorkers),
      SERVICE_MAX_RUNS: String(parsed.maxRuns),
      SERVICE_OUTBOUND_ALLOW: list(parsed.outboundAllow),
      SERVICE_AUDIT_PATH: parsed.auditPath ?? 'none',
      SERVICE_AUDIT_MODE: parsed.auditMode,
      SERVICE_TRUST_LEVEL: parsed.trustLevel,
      SERVICE_STEP_TIMEOUT_SECONDS: String(parsed.stepTimeoutSeconds),
      SERVICE_PYTHON: parsed.python.executable,
      SERVICE_PYTHON_WORKERS: String(parsed.python.poolSize),
      SERVICE_PYTHON_MODULES: list(parsed.python.extraModulePrefixes),
      SERVICE_SSE_HEARTBEAT_SECONDS: String(parsed.heartbeatMs / 1000),
      SERVICE_DRAIN_SECONDS: String(parsed.drainMs / 1000),
    };
    const documented = Object.fromEntries(OPTION_DEFINITIONS.filter((option) => option.variable in actual).map((option) => [option.variable, option.default]));
    expect(documented).toEqual(actual);
  });

  it('render one table row per option', () => {
    expect(configurationTable().split('\n')).toHaveLength(OPTION_DEFINITIONS.length + 2);
    expect(configurationTable()).toContain('| `--port` | `SERVICE_PORT` | `8080` | server |');
  });
});
