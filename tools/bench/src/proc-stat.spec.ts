import { describe, expect, it } from '@jest/globals';
import { coresBusy, cpuMicrosPerRequest, parseCpuTicks, parseMachineTicks } from './proc-stat.js';

// A real line's shape: pid, (comm), state, then fields 4…; utime 1234 and stime 56 are fields 14 and 15.
const stat = (comm: string): string => `4242 (${comm}) S 1 4242 4242 0 -1 4194560 9000 0 12 0 1234 56 0 0 20 0 11 0 2000 1300000000 30000 18446744073709551615 1 1 0 0 0 0 0 16781312 17922 0 0 0 17 1 0 0 0 0 0\n`;

describe('parseCpuTicks', () => {
  it('adds utime and stime, counting fields from the last parenthesis', () => {
    expect(parseCpuTicks(stat('node'))).toBe(1290);
    // A command name with spaces and parentheses of its own does not shift the fields.
    expect(parseCpuTicks(stat('my (odd) name 1 2'))).toBe(1290);
  });

  it('refuses text that is not a stat line', () => {
    expect(() => parseCpuTicks('')).toThrow('not a /proc/<pid>/stat line');
    expect(() => parseCpuTicks('4242 (node) S 1')).toThrow('not a /proc/<pid>/stat line');
  });
});

describe('cpuMicrosPerRequest', () => {
  it('converts ticks to µs per request', () => {
    // 150 ticks at 100 per second = 1.5 s of CPU over 5000 requests = 300 µs each.
    expect(cpuMicrosPerRequest(1000, 1150, 100, 5000)).toBeCloseTo(300);
    expect(cpuMicrosPerRequest(0, 10, 100, 0)).toBeNaN();
  });
});

describe('parseMachineTicks and coresBusy', () => {
  // user nice system idle iowait irq softirq steal guest guest_nice
  const procStat = (user: number, idle: number, guest = 0): string =>
    `cpu  ${user} 0 100 ${idle} 50 0 10 0 ${guest} 0\ncpu0 1 0 1 1 0 0 0 0 0 0\nintr 1 2 3\n`;

  it('counts idle and iowait as not busy, and guest time once (it is already in user)', () => {
    expect(parseMachineTicks(procStat(1000, 5000))).toEqual({ total: 6160, busy: 1110 });
    expect(parseMachineTicks(procStat(1000, 5000, 200))).toEqual({ total: 6160, busy: 1110 });
  });

  it('gives the cores kept busy between two readings', () => {
    // 300 of 400 ticks busy on 2 cores: 1.5 cores.
    expect(coresBusy({ total: 1000, busy: 500 }, { total: 1400, busy: 800 }, 2)).toBeCloseTo(1.5);
    expect(coresBusy({ total: 1000, busy: 500 }, { total: 1000, busy: 500 }, 2)).toBeNaN();
  });

  it('refuses text without the aggregate line', () => {
    expect(() => parseMachineTicks('cpu0 1 2 3 4\n')).toThrow('not a /proc/stat text');
    expect(() => parseMachineTicks('cpu  a b c d\n')).toThrow('not a /proc/stat text');
  });
});
