import { ServiceError } from '@skill-service/contracts';
import type { Response } from 'express';

/**
 * The runs executing for open HTTP requests (sync executes and streams). Each gets a signal that
 * aborts when its client disconnects, or when shutdown stops waiting for it: the engine then
 * cancels the remaining steps and the invoked capabilities see their signal aborted.
 */
export class InflightRuns {
  private readonly controllers = new Set<AbortController>();

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

  cancelAll(): void {
    for (const controller of this.controllers) controller.abort(new ServiceError('service_unavailable', 'The service is shutting down'));
  }
}
