import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createValidationApp } from './app.js';
import { parseCli } from './cli-options.js';

// Entry point: `validation-provider [--host h] [--port p] [--mock] [--timeout s]`. Development:
// `node --conditions=@skill-service/source --import tsx apps/validation-provider/src/main.ts --port 0`.

const NAME = 'validation-provider';
// In-flight validations get this long to finish after SIGTERM/SIGINT; then connections are cut.
const SHUTDOWN_GRACE_MS = 5000;

const command = parseCli(process.argv.slice(2));
if (command.kind === 'usage_error') {
  process.stderr.write(`${NAME}: ${command.message} (see --help)\n`);
  process.exit(2);
}
if (command.kind === 'help') {
  process.stdout.write(`${command.text}\n`);
  process.exit(0);
}

const { host, port, mock, timeoutMs } = command.options;
const app = createValidationApp({ mock, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
const server = createServer(app);

server.on('error', (error: NodeJS.ErrnoException) => {
  process.stderr.write(`${NAME}: cannot listen on ${host}:${port}: ${error.code ?? error.message}\n`);
  process.exit(1);
});
server.listen(port, host, () => {
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  process.stderr.write(`${NAME}${mock ? ' (mock)' : ''} listening on http://${shownHost}:${address.port}\n`);
});

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  force.unref();
  server.close(() => {
    void app.close().finally(() => process.exit(0));
  });
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
