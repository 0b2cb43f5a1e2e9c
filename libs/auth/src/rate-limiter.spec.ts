import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { SlidingWindowRateLimiter, rateLimitHeaders } from './rate-limiter.js';

describe('SlidingWindowRateLimiter', () => {
  it('admits the limit, refuses the next with retry-after, and admits again as the window slides', () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 3, windowSeconds: 2 });
    const t0 = 1_000_000;
    expect(limiter.check('c', t0)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 2, retryAfterSeconds: 0 });
    expect(limiter.check('c', t0 + 500).remaining).toBe(1);
    expect(limiter.check('c', t0 + 900).remaining).toBe(0);
    expect(limiter.check('c', t0 + 1000)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 1, retryAfterSeconds: 1 });
    // The first admission leaves the window at t0 + 2000: one slot frees, not three.
    expect(limiter.check('c', t0 + 2000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.check('c', t0 + 2100).allowed).toBe(false);
    // Another client is not affected.
    expect(limiter.check('other', t0 + 2100).allowed).toBe(true);
  });

  it('refusals are not logged: a client that waits a window is admitted in full again', () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 2, windowSeconds: 1 });
    for (let i = 0; i < 100; i += 1) limiter.check('c', 10 * i);
    expect(limiter.check('c', 2000)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('never admits more than the limit in any window (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.constantFrom('a', 'b', 'c')), { maxLength: 200 }),
        (limit, windowSeconds, steps) => {
          const limiter = new SlidingWindowRateLimiter({ limit, windowSeconds, maxClients: 10 });
          const windowMs = windowSeconds * 1000;
          const admitted = new Map<string, number[]>();
          let now = 0;
          for (const [delta, client] of steps) {
            now += delta;
            const decision = limiter.check(client, now);
            expect(decision.remaining).toBeGreaterThanOrEqual(0);
            if (!decision.allowed) {
              expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1);
              continue;
            }
            const times = admitted.get(client) ?? [];
            times.push(now);
            admitted.set(client, times);
            // Admissions in (now - window, now], this one included.
            expect(times.filter((t) => t > now - windowMs).length).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });

  it('admits exactly the limit when requests come faster than the window (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 200 }), (limit, requests) => {
        const limiter = new SlidingWindowRateLimiter({ limit, windowSeconds: 60 });
        let allowed = 0;
        for (let i = 0; i < requests; i += 1) if (limiter.check('c', i).allowed) allowed += 1;
        expect(allowed).toBe(Math.min(limit, requests));
      }),
    );
  });

  it('tracks at most maxClients, forgetting the least recently seen', () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 1, windowSeconds: 60, maxClients: 100 });
    limiter.check('keep', 0);
    for (let i = 0; i < 10_000; i += 1) {
      limiter.check(`flood-${i}`, 1 + i / 1000);
      // Touching 'keep' keeps it recent: it is never the one evicted.
      if (i % 50 === 0) expect(limiter.check('keep', 1 + i / 1000).allowed).toBe(false);
    }
    expect(limiter.trackedClients).toBe(100);
    expect(limiter.check('keep', 20).allowed).toBe(false);
  });

  it('forgets and purges exactly as a plain least-recently-seen list would (property)', () => {
    // The model: each client's admission times, and the clients in last-seen order in an array.
    const model = (limit: number, windowMs: number, maxClients: number) => {
      const times = new Map<string, number[]>();
      const lastSeen = new Map<string, number>();
      let order: string[] = [];
      let lastPurge = Number.NEGATIVE_INFINITY;
      return (client: string, now: number): { allowed: boolean; remaining: number; tracked: number } => {
        if (now - lastPurge >= windowMs / 10) {
          lastPurge = now;
          while (order.length > 0 && (lastSeen.get(order[0] as string) as number) <= now - windowMs) {
            const gone = order.shift() as string;
            times.delete(gone);
            lastSeen.delete(gone);
          }
        }
        if (!times.has(client) && times.size >= maxClients) {
          const gone = order.shift() as string;
          times.delete(gone);
          lastSeen.delete(gone);
        }
        order = [...order.filter((key) => key !== client), client];
        lastSeen.set(client, now);
        const kept = (times.get(client) ?? []).filter((time) => time > now - windowMs);
        const allowed = kept.length < limit;
        if (allowed) kept.push(now);
        times.set(client, kept);
        return { allowed, remaining: limit - kept.length, tracked: times.size };
      };
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 400 })), { minLength: 1, maxLength: 200 }),
        (limit, maxClients, steps) => {
          const limiter = new SlidingWindowRateLimiter({ limit, windowSeconds: 1, maxClients });
          const expected = model(limit, 1000, maxClients);
          let now = 0;
          for (const [client, gap] of steps) {
            now += gap;
            const decision = limiter.check(`c${client}`, now);
            const wanted = expected(`c${client}`, now);
            expect({ allowed: decision.allowed, remaining: decision.remaining, tracked: limiter.trackedClients }).toEqual(wanted);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('purges clients whose window has passed', () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 5, windowSeconds: 1 });
    for (let i = 0; i < 1000; i += 1) limiter.check(`c${i}`, i);
    expect(limiter.trackedClients).toBeLessThanOrEqual(1000);
    limiter.check('late', 10_000);
    expect(limiter.trackedClients).toBe(1);
  });

  it('refuses a nonsensical configuration', () => {
    expect(() => new SlidingWindowRateLimiter({ limit: 0, windowSeconds: 1 })).toThrow();
    expect(() => new SlidingWindowRateLimiter({ limit: 1, windowSeconds: 0 })).toThrow();
    expect(() => new SlidingWindowRateLimiter({ limit: 1, windowSeconds: 1, maxClients: 0 })).toThrow();
  });
});

describe('rateLimitHeaders', () => {
  it('renders the IETF draft headers, with Retry-After only on a refusal', () => {
    const policy = { limit: 60, windowSeconds: 60 };
    expect(rateLimitHeaders({ allowed: true, limit: 60, remaining: 59, resetSeconds: 60, retryAfterSeconds: 0 }, policy)).toEqual({
      'RateLimit-Policy': '60;w=60',
      RateLimit: 'limit=60, remaining=59, reset=60',
    });
    expect(rateLimitHeaders({ allowed: false, limit: 60, remaining: 0, resetSeconds: 12, retryAfterSeconds: 12 }, policy)).toEqual({
      'RateLimit-Policy': '60;w=60',
      RateLimit: 'limit=60, remaining=0, reset=12',
      'Retry-After': '12',
    });
  });
});
