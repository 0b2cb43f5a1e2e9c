// The lingering close after an early 413: a client that keeps writing its oversized body and reads
// only afterwards must still find the 413. Closed at once, the server's socket would answer the
// client's further writes with a reset, and the reset discards the unread answer ("not an HTTP
// answer" in built-server.spec under load).
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SkillService } from '@skill-service/service';
import { listen, openTestService, testApp, type Listening } from './testing/test-server.js';

const MB = 1024 * 1024;

/** Sends the head and `bodyBytes` without reading, then reads whatever the server left for it. */
function writeThenRead(port: number, head: string, bodyBytes: number): Promise<{ received: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    let received = '';
    let error: string | undefined;
    const chunk = Buffer.alloc(64 * 1024, ' ');
    let sent = 0;
    const readAll = (): void => {
      socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
      socket.resume();
    };
    socket.on('error', (failure: NodeJS.ErrnoException) => (error ??= failure.code ?? failure.message));
    socket.on('close', () => resolve({ received, ...(error === undefined ? {} : { error }) }));
    socket.setTimeout(15_000, () => socket.destroy());
    const pump = (): void => {
      while (sent < bodyBytes && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      // Everything written (or the socket failed): now read, as a client finishing its upload would.
      setTimeout(readAll, 100);
    };
    socket.once('connect', () => {
      socket.write(head);
      pump();
    });
  });
}

describe('a 413 answered before the body has arrived', () => {
  let service: SkillService;
  let server: Listening;
  let port: number;

  beforeAll(async () => {
    service = await openTestService();
    server = await listen(testApp(service).app);
    port = Number(new URL(server.url).port);
  });

  afterAll(async () => {
    await server.close();
    await service.close();
  });

  it.each([
    ['announced by Content-Length', `Content-Length: ${4 * MB}`],
    ['counted on a chunked body', 'Transfer-Encoding: chunked'],
  ])('is still read by a client that writes on and reads last (%s)', async (_how, framing) => {
    const head = `POST /v1/skills/text.shout/execute HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;
    // A chunked body is one huge chunk here: its size line announces 4 MB, then spaces follow.
    const prefix = framing.startsWith('Transfer') ? `${(4 * MB).toString(16)}\r\n` : '';
    const { received } = await writeThenRead(port, head + prefix, 4 * MB);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toContain('"code":"payload_too_large"');
    // And the server is still serving.
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
  });
});
