// Shared by the in-process specs: a real service over the repository's built-in registry, configured
// through the same environment parsing the bridge uses, and a bridge over it.
import { OPEN_ACCESS, type AuthSettings } from '@skill-service/auth';
import type { Identity } from '@skill-service/contracts';
import { SkillService, authSettingsFromEnvironment, authSettingsOf, serviceConfigFromEnvironment, type SkillServiceOptions } from '@skill-service/service';
import { createBridge } from '../create-bridge.js';
import type { LineHandler } from '../line-handler.js';

/** A small, quiet environment: no audit file, one Python worker, PATH for the providers' children. */
export function testEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env['PATH'] ?? '', SERVICE_AUDIT_MODE: 'off', SERVICE_PYTHON_WORKERS: '1', ...extra };
}

export async function openBuiltinService(env: Record<string, string> = {}, options: Partial<SkillServiceOptions> = {}): Promise<SkillService> {
  const config = serviceConfigFromEnvironment(testEnvironment(env), { log: () => undefined });
  return SkillService.open(config, { version: '9.9.9-test', ...options });
}

/** The legacy mode without a key: every call allowed, as a bridge without credentials runs. */
export const OPEN_AUTH: AuthSettings = authSettingsOf(authSettingsFromEnvironment({}), undefined);

export interface TestBridge {
  readonly handler: LineHandler;
  /** Lines written to the bridge's log (internal errors). */
  readonly logs: string[];
  /** One request line in, its answer out (the object, as it would be written). */
  send(message: unknown): Promise<Record<string, unknown> | undefined>;
}

export function testBridge(service: SkillService, identity: Identity = OPEN_ACCESS, auth: AuthSettings = OPEN_AUTH): TestBridge {
  const logs: string[] = [];
  const handler = createBridge(service, { identity, auth, version: '9.9.9-test', log: (line) => logs.push(line) });
  return {
    handler,
    logs,
    send: async (message) => (await handler.answer(typeof message === 'string' ? message : JSON.stringify(message))) as Record<string, unknown> | undefined,
  };
}

/** An MCP request line. */
export function rpc(id: string | number, method: string, params?: Record<string, unknown>): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
}

/** A request line of the contract's shape. */
export function toolCall(id: string, name: string, args: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, method: 'tools/call', params: { name, arguments: args } };
}

export const ENGLISH_TEXT =
  'Solar panels convert sunlight into electricity. Rooftop solar panels can cover most household electricity needs in sunny regions, and battery storage keeps the lights on after sunset.';
