/*
 * The baseline of the HTTP benchmark: a bare Express 5 server answering every JSON POST with its
 * body. Runs in its own process (spawned by main.ts) and, like the service, prints
 * `listening on http://127.0.0.1:<port>` on stderr.
 *
 *   node --conditions=@skill-service/source --import tsx tools/bench/src/echo-server.ts [--port 0]
 */
import express from 'express';

const portIndex = process.argv.indexOf('--port');
const port = portIndex === -1 ? 0 : Number(process.argv[portIndex + 1] ?? 0);

const app = express();
app.use(express.json());
app.post('/echo', (req, res) => {
  res.json(req.body);
});

const server = app.listen(port, '127.0.0.1', () => {
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  process.stderr.write(`echo listening on http://127.0.0.1:${bound}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
