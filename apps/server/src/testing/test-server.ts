// Shared by the specs (excluded from the bundle: main.ts never imports it): the fixture registry,
// a service and app over it, a real listening server, and an SSE reader that splits the stream
// exactly as the TS SDK does.
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from '@jest/globals';
import { SkillService, type SkillServiceOptions } from '@skill-service/service';
import { createApp, type AppOptions, type ServerApp } from '../app.js';
import { createHttpServer, HTTP_TIMEOUTS, type HttpTimeouts } from '../http-server.js';
import { pythonWorkerScript } from '../install-paths.js';
import { openAccess } from './test-access.js';
import { parseServerCommand } from '../server-options.js';
import { serviceConfigOf } from '../service-config-of.js';

export const FIXTURES_DIR = fileURLToPath(new URL('../test-fixtures/', import.meta.url));
/** `services/python` at the repository root, where `local_services.*` test modules live. */
export const PYTHON_MODULES_DIR = fileURLToPath(new URL('../../../../services/python/', import.meta.url));

export const FIXTURE_FLAGS = ['--registry-root', join(FIXTURES_DIR, 'registry'), '--runtime-root', join(FIXTURES_DIR, 'runtime')];

/** The environment a server over the fixtures needs (Python test modules importable). */
export function fixtureEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return { ...process.env, PYTHONPATH: PYTHON_MODULES_DIR, SERVICE_PYTHON_WORKERS: '4', ...extra };
}

/** A service over the fixture registry, configured through the same flag and env parsing as main. */
export async function openTestService(env: Record<string, string> = {}, options: Partial<SkillServiceOptions> = {}): Promise<SkillService> {
  const command = parseServerCommand(FIXTURE_FLAGS, fixtureEnv(env), { registryRoot: '', runtimeRoot: '' });
  if (command.kind !== 'serve') throw new Error(`bad test options: ${JSON.stringify(command)}`);
  const config = serviceConfigOf(command.options, fixtureEnv(env), pythonWorkerScript(), () => undefined);
  return SkillService.open(config, { version: '9.9.9-test', ...options });
}

export function testApp(service: SkillService, options: Partial<AppOptions> = {}): ServerApp {
  return createApp(service, { version: '9.9.9-test', bodyLimitBytes: 1024 * 1024, heartbeatMs: 15_000, log: () => undefined, access: openAccess(), ...options });
}

export interface Listening {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** The app on an ephemeral port of 127.0.0.1, through the same HTTP server main.ts uses. */
export async function listen(app: ServerApp['app'], timeouts: HttpTimeouts = HTTP_TIMEOUTS): Promise<Listening> {
  const server = createHttpServer(app, timeouts);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SseEvent {
  readonly type: string;
  readonly data: unknown;
  readonly id: string | undefined;
}

/** Parses one block the way the TS SDK does: `event: `, `data: ` (last wins), plus `id: `. */
export function parseBlock(block: string): SseEvent | undefined {
  let type = 'message';
  let data: string | undefined;
  let id: string | undefined;
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) type = line.slice('event: '.length);
    else if (line.startsWith('data: ')) data = line.slice('data: '.length);
    else if (line.startsWith('id: ')) id = line.slice('id: '.length);
  }
  return data === undefined ? undefined : { type, data: JSON.parse(data) as unknown, id };
}

export interface SseResponse {
  readonly status: number;
  readonly headers: Headers;
  /** Every block between "\n\n" separators, heartbeats included. */
  readonly blocks: string[];
  readonly events: SseEvent[];
  /** What followed the last "\n\n" (the SDK drops it; it must be empty). */
  readonly rest: string;
}

/** POSTs and reads the answer to its end, splitting on exactly "\n\n". */
export async function readSse(url: string, body: unknown, init: { headers?: Record<string, string> } = {}): Promise<SseResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  return {
    status: response.status,
    headers: response.headers,
    blocks,
    events: blocks.flatMap((block) => parseBlock(block) ?? []),
    rest,
  };
}

const gateFolders: string[] = [];
// Registered when a spec file imports this module: its gate folders go when its tests are done.
afterAll(async () => {
  await Promise.all(gateFolders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A fresh folder for `hold` calls: `<name>.started` appears when a call runs, `<name>.release` ends it. */
export async function gateFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'server-gates-'));
  gateFolders.push(folder);
  return folder;
}

/**
 * Polls `condition` every 20 ms; throws with `what` when it stays false for `timeoutMs`, followed
 * by what `explain` says then (the state the wait was stuck on).
 */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000, explain?: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${explain === undefined ? '' : `: ${explain()}`}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
