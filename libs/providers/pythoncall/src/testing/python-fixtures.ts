// Shared by the specs (excluded from the library build): calls as the binding executor makes
// them, the Python test modules' location, and polling for asynchronous process events.
import { fileURLToPath } from 'node:url';
import type { ProviderCall } from '@skill-service/bindings';
import type { ServiceDescriptor } from '@skill-service/contracts';

/** `services/python` at the repository root (this file is libs/providers/pythoncall/src/testing/). */
export const TEST_MODULES_DIR = fileURLToPath(new URL('../../../../../services/python/', import.meta.url));

export const TOOLS = 'local_services.test_tools';

export interface CallOverrides {
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly service?: ServiceDescriptor;
}

/** A call of `module.fn` with `payload` as keyword arguments, the binding naming the module. */
export function pythonCall(
  module: string,
  fn: string,
  payload: Record<string, unknown> = {},
  overrides: CallOverrides = {},
): ProviderCall {
  return {
    binding: {
      id: `test.${fn}`,
      capability: `test.${fn}`,
      service: overrides.service?.id ?? module,
      protocol: 'pythoncall',
      operation: fn,
      origin: 'local',
      conformance_profile: 'standard',
      metadata: {},
    },
    service: overrides.service,
    payload,
    signal: overrides.signal ?? new AbortController().signal,
    timeoutMs: overrides.timeoutMs ?? 20_000,
    traceId: '0af7651916cd43dd8448eb211c80319c',
  };
}

export function pythoncallService(id: string, module: string): ServiceDescriptor {
  return { id, protocol: 'pythoncall', module, headers: {}, args: [], metadata: {} };
}

/** Polls `condition` every 20 ms; throws with `what` when it stays false for `timeoutMs`. */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether a process with this pid still exists (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
