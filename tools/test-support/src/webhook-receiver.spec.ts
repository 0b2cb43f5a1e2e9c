import { afterEach, describe, expect, it } from '@jest/globals';
import { WebhookReceiver } from './webhook-receiver.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

function receiver(): WebhookReceiver {
  const created = new WebhookReceiver();
  cleanup.push(() => created.close());
  return created;
}

const deliver = (url: string, body: unknown, id = 'msg_1'): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': id }, body: JSON.stringify(body) });

describe('WebhookReceiver', () => {
  it('records each delivery as sent and answers 200 ok by default', async () => {
    const hooks = receiver();
    const url = await hooks.start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hook$/);
    const before = Date.now();
    const response = await deliver(url, { event: 'skill.completed', trace_id: 't1' });
    expect([response.status, await response.text()]).toEqual([200, 'ok']);
    expect(hooks.received).toEqual([
      expect.objectContaining({ method: 'POST', path: '/hook', body: '{"event":"skill.completed","trace_id":"t1"}', headers: expect.objectContaining({ 'webhook-id': 'msg_1' }) }),
    ]);
    expect(hooks.received[0]?.at).toBeGreaterThanOrEqual(before);
    expect(hooks.answeredAt).toHaveLength(1);
    expect(hooks.ids()).toEqual(['msg_1']);
    expect(hooks.payloads()).toEqual([{ event: 'skill.completed', trace_id: 't1' }]);
  });

  it('answers as the test says, including later, and holds an answer until told', async () => {
    const hooks = receiver();
    const url = await hooks.start();
    hooks.answer = (_received, response) => response.writeHead(500).end('down');
    expect((await deliver(url, {})).status).toBe(500);

    hooks.answer = (_received, response) => hooks.later(50, () => response.writeHead(204).end());
    const held = deliver(url, {}, 'msg_2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hooks.received).toHaveLength(2);
    expect(hooks.answeredAt).toHaveLength(1);
    expect((await held).status).toBe(204);
    expect(hooks.answeredAt).toHaveLength(2);
  });

  it('can reset the connection instead of answering', async () => {
    const hooks = receiver();
    const url = await hooks.start();
    hooks.answer = (_received, _response, request) => request.socket.destroy();
    await expect(deliver(url, {})).rejects.toThrow();
    expect(hooks.received).toHaveLength(1);
  });

  it('is shared while listening, cuts held answers on close, and comes back on the same port', async () => {
    const hooks = receiver();
    const url = await hooks.start();
    expect(await hooks.start()).toBe(url);
    const port = Number(new URL(url).port);

    hooks.answer = () => undefined;
    const cut = deliver(url, {}, 'held');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await hooks.close();
    await expect(cut).rejects.toThrow();
    await expect(deliver(url, {})).rejects.toThrow();
    await hooks.close();

    hooks.answer = (_received, response) => response.writeHead(204).end();
    expect(await hooks.start(port)).toBe(url);
    expect((await deliver(url, {}, 'back')).status).toBe(204);
    expect(hooks.ids()).toEqual(['held', 'back']);
  });

  it('refuses a port other than the one it listens on, and a port already taken', async () => {
    const hooks = receiver();
    const url = await hooks.start();
    const port = Number(new URL(url).port);
    await expect(hooks.start(port === 1 ? 2 : 1)).rejects.toThrow(/already listens/);
    await expect(receiver().start(port)).rejects.toThrow(/EADDRINUSE/);
  });

  it('drops a timer set by later() when closed first', async () => {
    const hooks = receiver();
    await hooks.start();
    let ran = false;
    hooks.later(30, () => (ran = true));
    await hooks.close();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(ran).toBe(false);
  });
});
