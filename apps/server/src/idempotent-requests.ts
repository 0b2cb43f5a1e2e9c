import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isServiceError } from '@skill-service/contracts';
import { IN_PROGRESS_RETRY_AFTER_SECONDS, type IdempotencyGuard, type StoredResponse } from '@skill-service/idempotency';
import { identityOf } from './access-control.js';

/**
 * What a duplicate does while the first request with its key is still being answered: `wait` for
 * that answer (a launch answers within moments, and the duplicate must get the same run), or be
 * refused with 409 and Retry-After (an execution may take minutes).
 */
export type IdempotencyMode = 'wait' | 'conflict';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a duplicate launch waits for the first one's answer before it is refused with 409. */
const WAIT_FOR_FIRST_MS = 5_000;

/**
 * The `Idempotency-Key` of a route: without the header the request passes untouched. With it, the
 * first request runs and the answer it gets (its status and JSON body, errors included, except
 * refusals made before any work) is kept; a retry gets that answer again with
 * `Idempotent-Replayed: true` and starts nothing.
 */
export function idempotentRequests(guard: IdempotencyGuard, mode: IdempotencyMode, log: (message: string) => void): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return next();
    const left = new AbortController();
    res.once('close', () => left.abort());
    const subject = identityOf(res)?.subject ?? 'anonymous';
    guard
      .begin({ key, subject, operation: `${req.method} ${req.path}`, body: req.body as unknown }, { waitMs: mode === 'wait' ? WAIT_FOR_FIRST_MS : 0, signal: left.signal })
      .then((decision) => {
        if (decision.kind === 'replay') {
          res.set(IDEMPOTENT_REPLAYED_HEADER, 'true').status(decision.response.status).json(decision.response.body);
          return;
        }
        let answered: StoredResponse | undefined;
        const json = res.json.bind(res);
        res.json = (body: unknown) => {
          answered = { status: res.statusCode, body };
          return json(body);
        };
        res.once('close', () => {
          // A stream cut before its answer was written keeps nothing: the retry runs.
          const settled = answered !== undefined && res.writableFinished ? decision.finish(answered) : decision.abandon();
          settled.catch((error: unknown) => log(`idempotency key not recorded: ${error instanceof Error ? error.message : String(error)}`));
        });
        next();
      })
      .catch((error: unknown) => {
        if (isServiceError(error) && error.code === 'idempotency_in_progress') res.set('Retry-After', String(IN_PROGRESS_RETRY_AFTER_SECONDS));
        next(error);
      });
  };
}
