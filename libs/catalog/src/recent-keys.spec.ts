import { RecentKeys } from './recent-keys.js';

describe('RecentKeys', () => {
  it('remembers the keys of the last additions and forgets the oldest first', () => {
    const keys = new RecentKeys(3);
    for (const key of ['a', 'b', 'c', 'd']) keys.add(key);
    expect(['a', 'b', 'c', 'd'].map((key) => keys.has(key))).toEqual([false, true, true, true]);
    expect(keys.size).toBe(3);
  });

  it('keeps a key added again until its newest addition leaves the ring', () => {
    const keys = new RecentKeys(3);
    for (const key of ['a', 'b', 'a', 'c']) keys.add(key);
    // The first 'a' left the ring; the second is still in it.
    expect(keys.has('a')).toBe(true);
    keys.add('d');
    keys.add('e');
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => keys.has(key))).toEqual([false, false, true, true, true]);
  });

  it('agrees with a list of the last additions over a long random history', () => {
    const capacity = 50;
    const keys = new RecentKeys(capacity);
    const additions: string[] = [];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 5000; i++) {
      const key = `k${next() % 120}`;
      keys.add(key);
      additions.push(key);
      if (i % 97 === 0) {
        const window = new Set(additions.slice(-capacity));
        for (let k = 0; k < 120; k++) expect(keys.has(`k${k}`)).toBe(window.has(`k${k}`));
        expect(keys.size).toBe(window.size);
      }
    }
  });

  it('remembers nothing with a capacity below 1', () => {
    const keys = new RecentKeys(0);
    keys.add('a');
    expect(keys.has('a')).toBe(false);
    expect(keys.size).toBe(0);
  });
});
