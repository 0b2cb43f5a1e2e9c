import { RouteAccessTable, type AuthSettings } from '@skill-service/auth';
import type { Identity } from '@skill-service/contracts';
import type { SkillService } from '@skill-service/service';
import { BRIDGE_TOOLS } from './bridge-tools.js';
import { LineHandler } from './line-handler.js';
import { ToolDispatcher } from './tool-dispatcher.js';

export const BRIDGE_NAME = 'skill-bridge';

/**
 * The route → role table plus the rows of tools whose operation has no HTTP route of the contract
 * (resetting metrics changes what operators read on the metrics routes: operator).
 */
export const BRIDGE_ROUTES = new RouteAccessTable().with([{ method: 'POST', path: '/v1/metrics/reset', role: 'operator' }]);

export interface BridgeOptions {
  readonly identity: Identity;
  readonly auth: AuthSettings;
  readonly version: string;
  readonly log: (line: string) => void;
}

/** The bridge over an open service: every tool, both protocols. */
export function createBridge(service: SkillService, options: BridgeOptions): LineHandler {
  const dispatcher = new ToolDispatcher({
    service,
    tools: BRIDGE_TOOLS,
    identity: options.identity,
    auth: options.auth,
    routes: BRIDGE_ROUTES,
    log: options.log,
  });
  return new LineHandler(dispatcher, { name: BRIDGE_NAME, version: options.version });
}
