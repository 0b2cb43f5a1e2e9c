/*
 * The benchmarks' own HTTP calls (besides autocannon's load): JSON requests over a keep-alive agent,
 * waiting for health, and one SSE stream read to its end with the time to its first event and to `done`.
 */
import { Agent, request } from 'node:http';
import { SseFrameReader } from './report.js';

export const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export interface Answer {
  readonly status: number;
  readonly body: string;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

/** One request; a JSON body is sent as application/json. Rejects on a transport error or after `timeoutMs`. */
export function call(url: string, method: 'GET' | 'POST' | 'DELETE', body?: string, timeoutMs = 30_000): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json' };
    const req = request(url, { method, agent, headers, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The parsed JSON of an answer's body, or undefined when it is not JSON. */
export function jsonOf(answer: Answer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(answer.body);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function waitHealthy(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const answer = await call(`${url}/v1/health`, 'GET').catch(() => undefined);
    if (answer?.status === 200) return;
    await sleep(2);
  }
  throw new Error(`${url}/v1/health not 200 within ${timeoutMs} ms`);
}

export interface StreamOutcome {
  readonly firstMs: number;
  readonly doneMs: number;
  /** Event names in arrival order. */
  readonly events: readonly string[];
}

/** One SSE stream read to its end: ms from sending the request to the first event and to `done`. */
export function oneStream(url: string, body: string, timeoutMs = 30_000): Promise<StreamOutcome> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    let firstMs = Number.NaN;
    let doneMs = Number.NaN;
    const events: string[] = [];
    const reader = new SseFrameReader();
    const headers = { 'content-type': 'application/json', accept: 'text/event-stream' };
    const req = request(url, { method: 'POST', agent, headers, timeout: timeoutMs }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream answered ${String(res.statusCode)}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const arrived = reader.push(chunk);
        const now = performance.now() - started;
        events.push(...arrived);
        if (arrived.length > 0 && Number.isNaN(firstMs)) firstMs = now;
        if (arrived.includes('done') && Number.isNaN(doneMs)) doneMs = now;
      });
      res.on('end', () => (Number.isNaN(doneMs) ? reject(new Error(`stream ended without done (${events.join(', ')})`)) : resolvePromise({ firstMs, doneMs, events })));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`stream ${url}: not done within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}
