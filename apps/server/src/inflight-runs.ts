import { ServiceError } from '@skill-service/contracts';
import type { Response } from 'express';

/**
 * The runs executing for open HTTP requests (sync executes and streams). Each gets a signal that
 * aborts when its client disconnects, or when shutdown stops waiting for it: the engine then
 * cancels the remaining steps and the invoked capabilities see their signal aborted.
 */
export class InflightRuns {
  private readonly controllers = new Set<AbortController>();
  private readonly detachedRuns = new Set<Promise<void>>();

  get size(): number {
    return this.controllers.size;
  }

  signalFor(res: Response): AbortSignal {
    const controller = new AbortController();
    this.controllers.add(controller);
    res.once('close', () => {
      this.controllers.delete(controller);
      if (!res.writableFinished) controller.abort(new ServiceError('service_unavailable', 'The client disconnected'));
    });
    return controller.signal;
  }

  /**
   * A signal for a run that outlives its client (`on_disconnect: continue`): aborted only by
   * shutdown past its drain time; `release` once the run has settled.
   */
  detached(): { signal: AbortSignal; release: () => void } {
    const controller = new AbortController();
    this.controllers.add(controller);
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    this.detachedRuns.add(settled);
    return {
      signal: controller.signal,
      release: () => {
        this.controllers.delete(controller);
        this.detachedRuns.delete(settled);
        settle();
      },
    };
  }

  /** Resolves once every run that outlives its client has settled (shutdown waits for them). */
  async detachedSettled(): Promise<void> {
    await Promise.all([...this.detachedRuns]);
  }

  cancelAll(): void {
    for (const controller of this.controllers) controller.abort(new ServiceError('service_unavailable', 'The service is shutting down'));
  }
}
