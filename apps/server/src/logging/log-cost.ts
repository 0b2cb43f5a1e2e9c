/*
 * What one request's log line costs the server: `node --conditions=@skill-service/source --import tsx
 * apps/server/src/logging/log-cost.ts [--lines 50000]` logs request-shaped lines to the real stderr
 * (as the server does; pipe it somewhere), 20 per turn of the event loop like concurrent requests,
 * waits until every batch is written, and prints the CPU time per line (formatting, redaction and
 * the batched writes together) as JSON on stdout. `npm run bench` runs it and reports the figure.
 */
import { parseArgs } from 'node:util';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createLogger } from './create-logger.js';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '50000' } } });
const lines = Number(values.lines);
const PER_TURN = 20;

const logger = createLogger({ name: 'skill-server', secrets: ['bench-api-key-0123456789'] });
const fields = (i: number) => ({
  trace_id: `4bf92f3577b34da6a3ce929d0e0e${String(i).padStart(4, '0')}`,
  method: 'POST',
  route: '/v1/skills/{skill_id}/execute',
  status: 200,
  duration_ms: 3.25,
  subject: 'anonymous',
});

// Warm-up: the first lines pay for JIT compilation, not for logging.
for (let i = 0; i < 2000; i += 1) logger.info('request', fields(i));
await nextTurn();
logger.flush();

const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
for (let i = 0; i < lines; i += 1) {
  logger.info('request', fields(i));
  if (i % PER_TURN === PER_TURN - 1) await nextTurn();
}
logger.flush();
const cpu = process.cpuUsage(cpuBefore);
const wallMs = performance.now() - wallBefore;
process.stdout.write(
  `${JSON.stringify({ lines, cpu_us_per_line: (cpu.user + cpu.system) / lines, wall_us_per_line: (wallMs * 1000) / lines })}\n`,
);
