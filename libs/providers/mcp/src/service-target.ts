import { InvalidConfigurationError, type ServiceDescriptor } from '@skill-service/contracts';
import { outboundHeaders, resolveEnvPlaceholders, type PlaceholderEnv } from '@skill-service/bindings';
import type { McpServerLike, McpTransportKind } from './mcp-provider-options.js';

interface TargetBase {
  readonly kind: McpTransportKind;
  /**
   * Identifies the connection this target needs. When a service's descriptor (or a resolved
   * secret) changes between calls, the fingerprint changes and a fresh connection is opened.
   */
  readonly fingerprint: string;
}

export interface StdioTarget extends TargetBase {
  readonly kind: 'stdio';
  readonly command: string;
  readonly args: readonly string[];
  /** Read when spawning only, not on every call to a running server. */
  readonly env: () => Record<string, string>;
}

export interface HttpTarget extends TargetBase {
  readonly kind: 'streamable-http';
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
}

export interface InProcessTarget extends TargetBase {
  readonly kind: 'in-process';
  readonly name: string;
  readonly create: () => McpServerLike | Promise<McpServerLike>;
}

export type ServiceTarget = StdioTarget | HttpTarget | InProcessTarget;

/**
 * Decides how a service is reached, resolving `${ENV_VAR}` placeholders now (at call time):
 * `server` → in-process, `command` (+`args`) → stdio child, `base_url` → streamable HTTP.
 * Anything unusable is `invalid_configuration`.
 */
export function resolveServiceTarget(
  service: ServiceDescriptor,
  inProcessServers: Readonly<Record<string, () => McpServerLike | Promise<McpServerLike>>>,
  env: PlaceholderEnv,
): ServiceTarget {
  if (service.server !== undefined) {
    const create = Object.hasOwn(inProcessServers, service.server) ? inProcessServers[service.server] : undefined;
    if (create === undefined) {
      throw new InvalidConfigurationError(`MCP service '${service.id}' names in-process server '${service.server}', which is not registered.`);
    }
    return { kind: 'in-process', name: service.server, create, fingerprint: `in-process:${service.server}` };
  }
  if (service.command !== undefined) {
    return {
      kind: 'stdio',
      command: service.command,
      args: service.args,
      env: () => definedEntries(env),
      fingerprint: JSON.stringify(['stdio', service.command, service.args]),
    };
  }
  if (service.base_url !== undefined) {
    const text = resolveEnvPlaceholders(service.base_url, env);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new InvalidConfigurationError(`MCP service '${service.id}' has an invalid base_url.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new InvalidConfigurationError(`MCP service '${service.id}' needs an http(s) base_url.`);
    }
    const { headers } = outboundHeaders(service, {}, env);
    return { kind: 'streamable-http', url, headers, fingerprint: JSON.stringify(['streamable-http', url.href, headers]) };
  }
  throw new InvalidConfigurationError(
    `MCP service '${service.id}' names no server: set 'command' (stdio), 'base_url' (streamable HTTP) or 'server' (in-process).`,
  );
}

function definedEntries(env: PlaceholderEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) result[name] = value;
  return result;
}
