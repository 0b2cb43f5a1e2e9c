import { describe, expect, it } from '@jest/globals';
import { eventually } from './eventually.js';

describe('eventually', () => {
  it('resolves once the condition holds, sync or async', async () => {
    let calls = 0;
    await eventually('the third call', () => ++calls >= 3, 2_000);
    expect(calls).toBe(3);
    await eventually('an async yes', async () => true, 100);
  });

  it('fails naming what it waited for once the time is up', async () => {
    await expect(eventually('a miracle', () => false, 100)).rejects.toThrow('timed out waiting for a miracle');
  });
});
