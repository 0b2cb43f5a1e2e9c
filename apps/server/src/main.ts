import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { isServiceError } from '@skill-service/contracts';
import { createLogger } from './logging/create-logger.js';
import { ServiceMetrics } from '@skill-service/metrics';
import { SkillService } from '@skill-service/service';
import { startTracing, type TracingHandle } from '@skill-service/tracing-sdk';
import type { AccessControl } from './access-control.js';
import { accessControlOf } from './access-control-of.js';
import { createApp } from './app.js';
import { drainServer } from './graceful-shutdown.js';
import { createHttpServer } from './http-server.js';
import { BUILTIN_REGISTRY_ROOT, REPO_ROOT, pythonWorkerScript, serverVersion } from './install-paths.js';
import { parseServerCommand } from './server-options.js';
import { serviceConfigOf } from './service-config-of.js';

// Entry point: `node apps/server/dist/main.js [--port 9000] …` (see --help). Development:
// `node --conditions=@skill-service/source --import tsx apps/server/src/main.ts --port 0`.

const NAME = 'skill-server';

const command = parseServerCommand(process.argv.slice(2), process.env, { registryRoot: BUILTIN_REGISTRY_ROOT, runtimeRoot: REPO_ROOT });
if (command.kind === 'usage_error') {
  // An answer to the command line, not a log line: plain text, like --help.
  process.stderr.write(`${NAME}: ${command.message} (see --help)\n`);
  process.exit(2);
}
if (command.kind === 'help') {
  process.stdout.write(`${command.text}\n`);
  process.exit(0);
}
const { options } = command;
const version = serverVersion();
// JSON lines on stderr; the configured credentials are redacted wherever they would appear.
const logger = createLogger({ name: NAME, secrets: [options.apiKey, options.auth.jwt?.secret, ...(options.auth.jwt?.previousSecrets ?? [])] });
const metrics = new ServiceMetrics();

let service: SkillService;
let access: AccessControl;
let tracing: TracingHandle;
try {
  // OTEL_* decide; off (the default) loads none of the OpenTelemetry SDK.
  tracing = await startTracing(process.env, { serviceName: NAME, serviceVersion: version, onDropped: (reason, count) => metrics.spansDropped(reason, count) });
  // Before the service starts: an unknown or broken auth plugin is a usage problem (exit 2).
  access = await accessControlOf(options, { env: process.env, pluginDirs: [join(REPO_ROOT, 'node_modules')], observer: metrics, logger });
  const config = serviceConfigOf(options, process.env, pythonWorkerScript(), ({ level, message, ...fields }) => logger.log(level, message, fields));
  service = await SkillService.open(config, { version, observer: metrics });
} catch (error) {
  // A configuration the providers refuse is a usage problem (2); anything else a failed start (1).
  logger.error(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(isServiceError(error) && error.code === 'invalid_configuration' ? 2 : 1);
}

const { app, inflight } = createApp(service, {
  version,
  bodyLimitBytes: options.bodyLimitBytes,
  heartbeatMs: options.heartbeatMs,
  log: (line) => logger.error(line),
  access,
  metrics,
  logger,
  ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
});
// Bounded request timeouts: a client trickling its request in cannot hold a connection for minutes.
const server = createHttpServer(app);
server.on('error', (error: NodeJS.ErrnoException) => {
  logger.error(`cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`);
  void service.close().finally(() => process.exit(1));
});
server.listen(options.port, options.host, () => {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  logger.info(`${NAME} ${version} listening on http://${host}:${address.port} (${service.runtime.registry.skills.size} skills)`);
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await drainServer(server, inflight, options.drainMs);
  await service.close();
  await tracing.shutdown();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
