import { z } from 'zod';

export const ProviderProtocol = z
  .enum(['pythoncall', 'openapi', 'mcp', 'openrpc'])
  .meta({ id: 'ProviderProtocol' });
export type ProviderProtocol = z.infer<typeof ProviderProtocol>;

export const OutboundAuth = z.object({
  type: z.enum(['bearer', 'api_key', 'basic']),
  /** A value or a `${ENV_VAR}` placeholder resolved at invocation time. For basic: `user:password`. */
  token: z.string().optional(),
  /** Header name for `api_key` (default `X-API-Key`). */
  header: z.string().min(1).optional(),
  username: z.string().optional(),
  password: z.string().optional(),
});
export type OutboundAuth = z.infer<typeof OutboundAuth>;

const HttpUrl = z.string().regex(/^https?:\/\/[^\s]+[^/\s]$/, 'an http(s) URL without a trailing slash');

/**
 * A provider service in its canonical spelling (`type|kind|protocol` → `protocol`,
 * `baseUrl` → `base_url`, `timeout` → `timeout_seconds`, `spec.path` → `spec_path`).
 */
export const ServiceDescriptor = z
  .object({
    id: z.string().min(1),
    protocol: ProviderProtocol,
    base_url: HttpUrl.optional(),
    auth: OutboundAuth.optional(),
    headers: z.record(z.string(), z.string()).default({}),
    timeout_seconds: z.number().positive().max(3600).optional(),
    spec_path: z.string().optional(),
    status: z.string().optional(),
    /** mcp over stdio: the server command and its arguments. */
    command: z.string().min(1).optional(),
    args: z.array(z.string()).default([]),
    /** mcp served inside this process (the built-in baselines). */
    server: z.string().min(1).optional(),
    /**
     * Variables handed to the provider's child process (a stdio MCP server, the Python workers of a
     * pythoncall service) on top of a minimal environment; values may use `${VAR}` placeholders.
     */
    env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name'), z.string()).optional(),
    /** pythoncall: the Python module implementing the operations. */
    module: z.string().min(1).optional(),
    metadata: z.record(z.string(), z.unknown()).default({}),
  })
  .meta({ id: 'ServiceDescriptor', description: 'A provider that bindings invoke.' });
export type ServiceDescriptor = z.infer<typeof ServiceDescriptor>;
