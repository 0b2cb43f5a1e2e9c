import { describe, expect, it } from '@jest/globals';
import { allowedCpusOf, choosePinning, describePinning, parseCpuList, pinnedCommand } from './cpu-pinning.js';

describe('parseCpuList and allowedCpusOf', () => {
  it('reads ranges and single CPUs, sorted and without repeats', () => {
    expect(parseCpuList('0-1')).toEqual([0, 1]);
    expect(parseCpuList('8,0-2,10-11,2\n')).toEqual([0, 1, 2, 8, 10, 11]);
    expect(() => parseCpuList('0-x')).toThrow('not a CPU list');
    expect(allowedCpusOf('Name:\tnode\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\nMems_allowed:\t1\n')).toEqual([0, 1]);
    expect(allowedCpusOf('Name:\tnode\n')).toBeUndefined();
  });
});

describe('choosePinning', () => {
  it('puts the servers on the second allowed CPU and the load on the first', () => {
    expect(choosePinning([0, 1], true)).toEqual({ pinned: true, serverCpu: 1, loadCpu: 0 });
    expect(choosePinning([4, 5, 6], true)).toEqual({ pinned: true, serverCpu: 5, loadCpu: 4 });
  });

  it('pins nothing with one CPU or without taskset, and says why', () => {
    expect(choosePinning([0], true)).toEqual({ pinned: false, reason: '1 CPU allowed' });
    expect(choosePinning([0, 1], false)).toEqual({ pinned: false, reason: 'taskset not found' });
    expect(describePinning(choosePinning([0], true))).toBe('unpinned (1 CPU allowed)');
    expect(describePinning(choosePinning([0, 1], true))).toBe('servers pinned to CPU 1, load generator to CPU 0 (taskset -c)');
  });

  it('prefixes a command with taskset for its role, or leaves it alone', () => {
    const pinned = choosePinning([0, 1], true);
    expect(pinnedCommand(pinned, 'server', ['node', 'main.js'])).toEqual(['taskset', '-c', '1', 'node', 'main.js']);
    expect(pinnedCommand(pinned, 'load', ['wrk'])).toEqual(['taskset', '-c', '0', 'wrk']);
    expect(pinnedCommand(choosePinning([0], true), 'server', ['node'])).toEqual(['node']);
  });
});
