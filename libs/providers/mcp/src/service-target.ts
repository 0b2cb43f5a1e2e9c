import { InvalidConfigurationError, type ServiceDescriptor } from '@skill-service/contracts';
import { outboundHeaders, resolveEnvPlaceholders, type PlaceholderEnv } from '@skill-service/bindings';
import type { InProcessTools, McpServerLike, McpTransportKind } from './mcp-provider-options.js';

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
  /** A server reached through a linked in-memory transport, or a tool set called directly. */
  readonly source:
    | { readonly type: 'server'; readonly create: () => McpServerLike | Promise<McpServerLike> }
    | { readonly type: 'tools'; readonly create: () => InProcessTools | Promise<InProcessTools> };
}

/** What this process serves itself, by the name a descriptor's `server` field uses. */
export interface InProcessRegistry {
  readonly servers: Readonly<Record<string, () => McpServerLike | Promise<McpServerLike>>>;
  readonly tools: Readonly<Record<string, () => InProcessTools | Promise<InProcessTools>>>;
}

export type ServiceTarget = StdioTarget | HttpTarget | InProcessTarget;

/**
 * Decides how a service is reached, resolving `${ENV_VAR}` placeholders now (at call time):
 * `server` → in-process, `command` (+`args`) → stdio child, `base_url` → streamable HTTP.
 * Anything unusable is `invalid_configuration`.
 */
export function resolveServiceTarget(service: ServiceDescriptor, inProcess: InProcessRegistry, env: PlaceholderEnv): ServiceTarget {
  if (service.server !== undefined) {
    const name = service.server;
    const tools = Object.hasOwn(inProcess.tools, name) ? inProcess.tools[name] : undefined;
    const server = Object.hasOwn(inProcess.servers, name) ? inProcess.servers[name] : undefined;
    const source = tools !== undefined ? ({ type: 'tools', create: tools } as const) : server !== undefined ? ({ type: 'server', create: server } as const) : undefined;
    if (source === undefined) {
      throw new InvalidConfigurationError(`MCP service '${service.id}' names in-process server '${name}', which is not registered.`);
    }
    return { kind: 'in-process', name, source, fingerprint: `in-process:${name}` };
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
