// Shared by the specs: access control built the way main.ts builds it (flags and environment
// through parseServerCommand, then accessControlOf), and the open one the other specs run behind.
import { join } from 'node:path';
import { Authenticator, ApiKeyStore, type RateLimitStore } from '@skill-service/auth';
import { AccessControl } from '../access-control.js';
import { accessControlOf } from '../access-control-of.js';
import { REPO_ROOT } from '../install-paths.js';
import { parseServerCommand } from '../server-options.js';

/** The checkout's node_modules, where the workspace's plugin package is linked. */
export const WORKSPACE_NODE_MODULES = join(REPO_ROOT, 'node_modules');

/** Legacy mode without a key (everything open) and a limit no spec reaches. */
export function openAccess(): AccessControl {
  return new AccessControl({
    authenticator: new Authenticator({ mode: 'legacy', apiKeys: new ApiKeyStore() }),
    rateLimit: { limit: 1_000_000, windowSeconds: 60 },
    publicRoutes: true,
  });
}

export interface AccessSetup {
  readonly argv?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly pluginDirs?: readonly string[];
  /** Wall-clock milliseconds for JWT checks. */
  readonly clock?: () => number;
  /** Where rate-limit windows are counted (default this process's memory). */
  readonly rateLimitStore?: RateLimitStore;
}

/** Access control from flags and environment, exactly as the server configures it. */
export async function accessFrom(setup: AccessSetup = {}): Promise<AccessControl> {
  const env = { ...setup.env };
  const command = parseServerCommand([...(setup.argv ?? [])], env, { registryRoot: REPO_ROOT, runtimeRoot: REPO_ROOT });
  if (command.kind !== 'serve') throw new Error(`bad access options: ${JSON.stringify(command)}`);
  return accessControlOf(command.options, {
    env,
    pluginDirs: setup.pluginDirs ?? [WORKSPACE_NODE_MODULES],
    ...(setup.clock === undefined ? {} : { clock: setup.clock }),
    ...(setup.rateLimitStore === undefined ? {} : { rateLimitStore: setup.rateLimitStore }),
  });
}
