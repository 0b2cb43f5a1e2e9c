import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HttpTestServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Every HTTP request received, authorised or not. */
  readonly requests: number;
  readonly rejected: number;
  close(): Promise<void>;
}

/**
 * A streamable-HTTP MCP server on 127.0.0.1 (ephemeral port) that demands `Authorization: Bearer
 * <token>`. Stateless: each POST gets a fresh `McpServer` + transport, as the SDK recommends for
 * servers without sessions (GET, the optional SSE stream, is answered 405 by the transport).
 */
export async function startHttpTestServer(token: string): Promise<HttpTestServer> {
  let requests = 0;
  let rejected = 0;
  const http = createServer((req, res) => {
    requests += 1;
    if (req.headers.authorization !== `Bearer ${token}`) {
      rejected += 1;
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorised"}');
      return;
    }
    const mcp = new McpServer({ name: 'http-test-server', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Names this server.' }, () => ({
      content: [{ type: 'text', text: 'http-test-server' }],
      structuredContent: { server: 'http-test-server' },
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void mcp.close());
    mcp
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => res.headersSent || res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    get requests() {
      return requests;
    },
    get rejected() {
      return rejected;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
