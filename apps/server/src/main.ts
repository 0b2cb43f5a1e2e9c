import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { isServiceError } from '@skill-service/contracts';
import { IdempotencyGuard, MemoryIdempotencyStore } from '@skill-service/idempotency';
import { createLogger } from './logging/create-logger.js';
import { ServiceMetrics } from '@skill-service/metrics';
import { SkillService } from '@skill-service/service';
import { startTracing, type TracingHandle } from '@skill-service/tracing-sdk';
import type { AccessControl } from './access-control.js';
import { accessControlOf } from './access-control-of.js';
import { createApp } from './app.js';
import { runClusterPrimary } from './cluster-primary.js';
import type { SharedState } from './shared-state.js';
import type { RedisSettings } from '@skill-service/redis-state';
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
const logger = createLogger({ name: NAME, secrets: [options.apiKey, options.auth.jwt?.secret, ...(options.auth.jwt?.previousSecrets ?? []), options.redis?.url] });

let shared: RedisSettings | undefined;
if (options.redis !== undefined) {
  // Loaded only when configured: the embedded default never loads the Redis client.
  const { checkSharedState, sharedStateSettings } = await import('./shared-state.js');
  try {
    shared = sharedStateSettings(options.redis.url, options.redis.prefix);
  } catch (error) {
    process.stderr.write(`${NAME}: ${error instanceof Error ? error.message : String(error)} (see --help)\n`);
    process.exit(2);
  }
  // A deployment pointed at the wrong Redis fails here, once, rather than at its first request.
  if (cluster.isPrimary) {
    try {
      await checkSharedState(shared);
    } catch (error) {
      process.stderr.write(`${NAME}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(2);
    }
  }
}

if (options.workers > 1 && cluster.isPrimary) {
  runClusterPrimary({ workers: options.workers, drainMs: options.drainMs, log: (level, message) => logger.log(level, message) });
} else {
  await serve();
}

async function serve(): Promise<void> {
  const metrics = new ServiceMetrics();
  let service: SkillService;
  let access: AccessControl;
  let state: SharedState | undefined;
  let tracing: TracingHandle;
  try {
    // OTEL_* decide; off (the default) loads none of the OpenTelemetry SDK.
    tracing = await startTracing(process.env, { serviceName: NAME, serviceVersion: version, onDropped: (reason, count) => metrics.spansDropped(reason, count) });
    if (shared !== undefined) {
      const { openSharedState, throttledErrors } = await import('./shared-state.js');
      state = await openSharedState(shared, {
        rateLimit: { limit: options.rateLimit.requests, windowSeconds: options.rateLimit.windowSeconds },
        runs: { maxRuns: options.maxRuns, attempts: options.runAttempts, lockSeconds: options.runLockSeconds },
        onError: throttledErrors((message) => logger.warn(message)),
        log: (level, message) => logger.log(level, message),
      });
    }
    // Before the service starts: an unknown or broken auth plugin is a usage problem (exit 2).
    access = await accessControlOf(options, {
      env: process.env,
      pluginDirs: [join(REPO_ROOT, 'node_modules')],
      observer: metrics,
      logger,
      ...(state === undefined ? {} : { rateLimitStore: state.rateLimitStore }),
    });
    const config = serviceConfigOf(options, process.env, pythonWorkerScript(), ({ level, message, ...fields }) => logger.log(level, message, fields));
    service = await SkillService.open(config, { version, observer: metrics, ...(state === undefined ? {} : { state: state.service }) });
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
    idempotency: new IdempotencyGuard(state?.idempotencyStore ?? new MemoryIdempotencyStore(), { ttlSeconds: options.idempotencyTtlSeconds }),
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
    await state?.close();
    await tracing.shutdown();
    process.exit(0);
  }
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
