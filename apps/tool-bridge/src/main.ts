import { Console } from 'node:console';
import { isServiceError } from '@skill-service/contracts';
import { SkillService, packageVersion, serviceConfigOf, type ServiceConfig } from '@skill-service/service';
import { startTracing, type TracingHandle } from '@skill-service/tracing-sdk';
import { BRIDGE_USAGE, bridgeConfigFromEnvironment, bridgeIdentity, type BridgeConfig } from './bridge-config.js';
import { BRIDGE_NAME, createBridge } from './create-bridge.js';
import { serveLines } from './stdio-exchange.js';

// Entry point: `node apps/tool-bridge/dist/main.js` (the `skill-bridge` bin). Development:
// `node --conditions=@skill-service/source --import tsx apps/tool-bridge/src/main.ts`.
// stdout carries protocol lines only: anything that would log through `console` goes to stderr.
globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });

const stderr = (line: string): void => {
  process.stderr.write(`${line}\n`);
};
/** A closed stdout (the client went away) must not crash the bridge; input still decides when it ends. */
process.stdout.on('error', () => undefined);

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
  process.stdout.write(`${BRIDGE_USAGE}\n`);
  process.exit(0);
}
if (args.length > 0) {
  stderr(`${BRIDGE_NAME}: unexpected argument '${args[0] ?? ''}' (the bridge is configured through its environment; see --help)`);
  process.exit(2);
}

let config: BridgeConfig;
let identity: ReturnType<typeof bridgeIdentity>;
try {
  config = bridgeConfigFromEnvironment(process.env);
  // A bad or missing credential stops the start (exit 2): a bridge is one client, and answering
  // every call `unauthorized` would hide a deployment error behind working-looking output.
  identity = bridgeIdentity(config);
} catch (error) {
  stderr(`${BRIDGE_NAME}: ${isServiceError(error) ? error.message : String(error)}`);
  process.exit(2);
}

const version = packageVersion(new URL('../package.json', import.meta.url));
const log: ServiceConfig['log'] = (entry) => {
  if (entry.level !== 'debug') stderr(`${BRIDGE_NAME} ${entry.level}: ${entry.message}`);
};

let service: SkillService;
let tracing: TracingHandle;
try {
  // OTEL_* decide; off (the default) loads none of the OpenTelemetry SDK. Drops are not counted: the bridge serves no metrics.
  tracing = await startTracing(process.env, { serviceName: BRIDGE_NAME, serviceVersion: version });
  service = await SkillService.open(serviceConfigOf(config.service, process.env, log), { version });
} catch (error) {
  stderr(`${BRIDGE_NAME}: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(isServiceError(error) && error.code === 'invalid_configuration' ? 2 : 1);
}

const handler = createBridge(service, { identity, auth: config.auth, version, log: (line) => stderr(`${BRIDGE_NAME}: ${line}`) });
// SIGTERM/SIGINT end the input: calls in flight are answered, then the bridge exits 0 as at EOF.
const endInput = (): void => {
  process.stdin.destroy();
};
process.on('SIGTERM', endInput);
process.on('SIGINT', endInput);

stderr(`${BRIDGE_NAME} ${version} ready on stdio (${service.runtime.registry.skills.size} skills, role ${identity.role})`);
await serveLines(process.stdin, (line) => process.stdout.write(`${line}\n`), handler, { maxLineBytes: config.maxLineBytes, maxInflight: 64 });
await service.close();
await tracing.shutdown();
// Every answer is flushed before exit (stdout may be a pipe the client reads slowly).
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
process.exit(0);
