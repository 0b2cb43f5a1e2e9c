import type { PageFetcher } from '@skill-service/baselines';
import { PlaceholderRules, type ProtocolProvider } from '@skill-service/bindings';
import type { GuardedHttpClient, OutboundGuard } from '@skill-service/outbound-guard';
import { createBuiltinTools } from '@skill-service/provider-builtin';
import { McpProvider } from '@skill-service/provider-mcp';
import { OpenApiProvider } from '@skill-service/provider-openapi';
import { OpenRpcProvider } from '@skill-service/provider-openrpc';
import { DEFAULT_ALLOWED_MODULE_PREFIXES, PythonCallProvider } from '@skill-service/provider-pythoncall';
import type { ServiceConfig } from './service-config.js';

/**
 * `web.page.fetch` of the built-in server: a GET through the guarded client, so pages are fetched
 * under the same outbound rules as every other call (no private or metadata addresses unless the
 * operator allows them, redirects re-checked, the body capped).
 */
function guardedPageFetcher(http: GuardedHttpClient): PageFetcher {
  return async (url, { signal, timeoutMs, maxBytes }) => {
    const response = await http.request({
      url,
      method: 'GET',
      headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5' },
      timeoutMs,
      signal,
      maxResponseBytes: maxBytes,
      purpose: 'Page fetch',
    });
    const contentType = response.headers['content-type'];
    return { status: response.status, url: response.url, contentType: (Array.isArray(contentType) ? contentType[0] : contentType) ?? '', body: response.text() };
  };
}

/** One provider per protocol, configured from the service config. */
export function createProviders(config: ServiceConfig, guard: OutboundGuard, http: GuardedHttpClient): ProtocolProvider[] {
  const fetchPage = guardedPageFetcher(http);
  const env = config.env;
  // Data, not environment reads: the rules come from SERVICE_SECRET_ENV_ALLOW as parsed by the app.
  const placeholderRules = new PlaceholderRules(config.secretEnvAllow);
  return [
    new PythonCallProvider({
      pythonExecutable: config.python.executable,
      poolSize: config.python.poolSize,
      allowedModulePrefixes: [...DEFAULT_ALLOWED_MODULE_PREFIXES, ...config.python.extraModulePrefixes],
      pythonPath: [config.runtimeRoot],
      // The bundled server names its worker script: the provider's own default is found from a module URL a bundle rewrites.
      ...(config.python.workerScript === undefined ? {} : { workerScript: config.python.workerScript }),
      env,
      placeholderRules,
      log: (entry) => config.log({ level: entry.level, message: entry.message, provider: 'pythoncall', pid: entry.workerPid, module: entry.module }),
    }),
    new McpProvider({
      env,
      placeholderRules,
      // The built-in capabilities, called in-process by services that name `server: builtin`: the
      // same tools and results as their MCP server, without a JSON-RPC round trip per step.
      inProcessTools: { builtin: () => createBuiltinTools({ fetchPage, log: (message) => config.log({ level: 'error', message, provider: 'mcp', service: 'builtin' }) }) },
      log: (entry) => config.log({ ...entry, level: entry.level, message: entry.message, provider: 'mcp' }),
      allowHttp: async (url) => {
        await guard.checkUrl(url, 'MCP server URL');
      },
    }),
    new OpenApiProvider({ client: http, env, placeholderRules }),
    new OpenRpcProvider({ client: http, env, placeholderRules }),
  ];
}
