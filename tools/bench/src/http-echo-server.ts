/*
 * A second baseline of the HTTP benchmark: a bare `node:http` server answering every JSON POST with
 * its body, doing the same JSON work as the Express echo (parse the body, stringify it back) with
 * no framework around it. Runs in its own process (spawned by main.ts) and prints
 * `listening on http://127.0.0.1:<port>` on stderr.
 *
 *   node --conditions=@skill-service/source --import tsx tools/bench/src/http-echo-server.ts [--port 0]
 */
import { createServer } from 'node:http';

const portIndex = process.argv.indexOf('--port');
const port = portIndex === -1 ? 0 : Number(process.argv[portIndex + 1] ?? 0);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let body: string;
    try {
      body = JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad json"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  process.stderr.write(`http echo listening on http://127.0.0.1:${bound}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
