import type { ProviderCall } from '@skill-service/bindings';
import { BindingDefinition, ServiceDescriptor } from '@skill-service/contracts';
import { fileURLToPath } from 'node:url';

/** The stdio test server script, run with this Node binary. */
export const STDIO_TEST_SERVER = fileURLToPath(new URL('./stdio-test-server.mjs', import.meta.url));

export function stdioService(id = 'stdio-test'): ServiceDescriptor {
  return ServiceDescriptor.parse({ id, protocol: 'mcp', command: process.execPath, args: [STDIO_TEST_SERVER] });
}

export function service(fields: Record<string, unknown>): ServiceDescriptor {
  return ServiceDescriptor.parse({ id: 'svc', protocol: 'mcp', ...fields });
}

/** A provider call as the binding executor makes it. */
export function toolCall(
  descriptor: ServiceDescriptor,
  operation: string,
  payload: Record<string, unknown> = {},
  overrides: Partial<Pick<ProviderCall, 'signal' | 'timeoutMs'>> = {},
): ProviderCall {
  const binding = BindingDefinition.parse({
    id: `${descriptor.id}.${operation}`,
    capability: `test.${operation}`,
    service: descriptor.id,
    protocol: 'mcp',
    operation,
  });
  return {
    binding,
    service: descriptor,
    payload,
    signal: overrides.signal ?? new AbortController().signal,
    timeoutMs: overrides.timeoutMs ?? 5_000,
    traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  };
}

/** Polls `condition` until it holds (events such as a child's exit arrive asynchronously). */
export async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
