import type { ProtocolProvider } from '@skill-service/bindings';
import type { OutboundGuard } from '@skill-service/outbound-guard';
import { McpProvider } from '@skill-service/provider-mcp';
import { DEFAULT_ALLOWED_MODULE_PREFIXES, PythonCallProvider } from '@skill-service/provider-pythoncall';
import type { ServiceConfig } from './service-config.js';

/** The env as child processes take it: defined values only. */
function definedEnv(env: ServiceConfig['env']): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** One provider per protocol, configured from the service config. */
export function createProviders(config: ServiceConfig, guard: OutboundGuard): ProtocolProvider[] {
  const env = definedEnv(config.env);
  return [
    new PythonCallProvider({
      pythonExecutable: config.python.executable,
      poolSize: config.python.poolSize,
      allowedModulePrefixes: [...DEFAULT_ALLOWED_MODULE_PREFIXES, ...config.python.extraModulePrefixes],
      pythonPath: [config.runtimeRoot],
      env,
      log: (entry) => config.log({ level: entry.level, message: entry.message, provider: 'pythoncall', pid: entry.workerPid, module: entry.module }),
    }),
    new McpProvider({
      env,
      log: (entry) => config.log({ ...entry, level: entry.level, message: entry.message, provider: 'mcp' }),
      allowHttp: async (url) => {
        await guard.checkUrl(url, 'MCP server URL');
      },
    }),
  ];
}
