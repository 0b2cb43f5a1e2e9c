import type { Socket } from 'node:net';

/** How long a connection closed after an early answer keeps being drained. */
export const LINGER_MS = 2_000;

/**
 * A lingering close, as web servers do after answering before the request body has arrived (413):
 * when the HTTP server closes this connection after the answer, it half-closes it and keeps reading,
 * and discarding, what the client is still sending, until the client closes its side or `lingerMs`
 * pass; only then is the socket destroyed. Closing at once while the client is still writing makes
 * the kernel reset the connection, and the reset can discard the answer before the client reads it.
 */
export function lingerOnClose(socket: Socket, lingerMs = LINGER_MS): void {
  // Node's HTTP server ends a `Connection: close` exchange with destroySoon(): replaced for this socket only.
  socket.destroySoon = function lingeringClose(this: Socket): void {
    this.end();
    if (this.readableEnded) {
      this.destroy();
      return;
    }
    const timer = setTimeout(() => this.destroy(), lingerMs);
    timer.unref();
    this.once('end', () => this.destroy());
    this.once('close', () => clearTimeout(timer));
    this.resume();
  };
}
