import { createHash } from 'node:crypto';
import { InvalidConfigurationError, type ServiceDescriptor } from '@skill-service/contracts';
import { childEnvironment, outboundHeaders, resolveEnvPlaceholders, type PlaceholderEnv, type PlaceholderRules } from '@skill-service/bindings';
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
  /** The child's whole environment: the allow-listed basics plus the descriptor's `env:`. */
  readonly env: Readonly<Record<string, string>>;
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
 * Decides how a service is reached, resolving `${ENV_VAR}` placeholders now (at call time, under
 * `rules`; a refused or unset one fails before any process starts or request is sent):
 * `server` → in-process, `command` (+`args`) → stdio child, `base_url` → streamable HTTP.
 * Anything unusable is `invalid_configuration`.
 */
export function resolveServiceTarget(service: ServiceDescriptor, inProcess: InProcessRegistry, env: PlaceholderEnv, rules: PlaceholderRules): ServiceTarget {
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
    const childEnv = childEnvironment(env, service.env, rules);
    // A changed declared value (a rotated secret) means a fresh server; the hash keeps it out of the key.
    const envDigest = createHash('sha256').update(JSON.stringify(childEnv)).digest('base64url');
    return { kind: 'stdio', command: service.command, args: service.args, env: childEnv, fingerprint: JSON.stringify(['stdio', service.command, service.args, envDigest]) };
  }
  if (service.base_url !== undefined) {
    const text = resolveEnvPlaceholders(service.base_url, env, rules);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new InvalidConfigurationError(`MCP service '${service.id}' has an invalid base_url.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new InvalidConfigurationError(`MCP service '${service.id}' needs an http(s) base_url.`);
    }
    const { headers } = outboundHeaders(service, {}, env, rules);
    return { kind: 'streamable-http', url, headers, fingerprint: JSON.stringify(['streamable-http', url.href, headers]) };
  }
  throw new InvalidConfigurationError(
    `MCP service '${service.id}' names no server: set 'command' (stdio), 'base_url' (streamable HTTP) or 'server' (in-process).`,
  );
}
