import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import type { RedisSettings } from '../redis-settings.js';

// Test support only: a TCP proxy in front of the test Redis, so a spec can take "Redis" away and
// bring it back (same port) without touching the real server other suites share.

export class RedisProxy {
  #server: Server | undefined;
  #port = 0;
  readonly #sockets = new Set<Socket>();

  constructor(private readonly target: RedisSettings) {}

  /** Starts (or restarts, on the same port) forwarding; resolves to settings that go through the proxy. */
  async start(): Promise<RedisSettings> {
    const upstream = new URL(this.target.url);
    const server = createServer((client) => {
      const redis = connect(Number(upstream.port || 6379), upstream.hostname);
      for (const socket of [client, redis]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(redis);
      redis.pipe(client);
      client.on('close', () => redis.destroy());
      redis.on('close', () => client.destroy());
    });
    server.listen(this.#port, '127.0.0.1');
    await once(server, 'listening');
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
    const through = new URL(this.target.url);
    through.hostname = '127.0.0.1';
    through.port = String(this.#port);
    return { url: through.href, prefix: this.target.prefix };
  }

  /** Refuses new connections and cuts the open ones: to its clients, Redis is down. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server === undefined) return;
    const closed = once(server, 'close');
    server.close();
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }
}
