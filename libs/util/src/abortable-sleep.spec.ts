import { describe, expect, it } from '@jest/globals';
import { abortableSleep } from './abortable-sleep.js';

describe('abortableSleep', () => {
  it('waits, or rejects with the signal’s reason as soon as it aborts', async () => {
    await expect(abortableSleep(1, new AbortController().signal)).resolves.toBeUndefined();
    const controller = new AbortController();
    const sleeping = abortableSleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    await expect(abortableSleep(60_000, controller.signal)).rejects.toThrow('stop');
  });

  it('leaves no listener on the signal once it has waited', async () => {
    const controller = new AbortController();
    let added = 0;
    let removed = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => ((added += 1), add(...args))) as typeof add;
    controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => ((removed += 1), remove(...args))) as typeof remove;
    await abortableSleep(1, controller.signal);
    expect([added, removed]).toEqual([1, 1]);
  });
});
