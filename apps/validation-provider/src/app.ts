import express, { type Express, type Request, type Response } from 'express';
import { AjvWorkerPool } from './ajv-worker-pool.js';
import { jsonErrors, notFound } from './http-errors.js';
import { MockValidator } from './mock-validator.js';
import { openApiDocument } from './openapi-document.js';
import { ValidationExecutionError, type SchemaValidator, type ValidationOutcome } from './schema-validator.js';
import { parseValidationRequest } from './validation-request.js';

export interface ValidationAppOptions {
  /** The mock variant (only "data is an object" and "schema type is absent or object"). */
  readonly mock?: boolean;
  /** Budget of one validation; default 10 s (real), 5 s (mock), the documented budgets (docs/providers.md). */
  readonly timeoutMs?: number;
  /** Replaces the variant's validator (tests inject slow or failing ones). */
  readonly validator?: SchemaValidator;
  /** Largest accepted request body; default 1 MiB. */
  readonly bodyLimitBytes?: number;
}

/** The Express app plus `close()`, which stops the validator's worker threads. */
export type ValidationApp = Express & { close(): Promise<void> };

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The example provider behind an `openapi` binding: `POST /validate` → `{valid, errors}`,
 * `GET /health`, `GET /openapi.json`; bad requests are `400 {error}`, an invalid schema
 * `400 {error: "invalid schema: …"}`, a validation past its budget or one that crashed `504 {error}`,
 * an oversized body 413, and every other path or method an empty 404.
 */
export function createValidationApp(options: ValidationAppOptions = {}): ValidationApp {
  const mock = options.mock ?? false;
  const timeoutMs = options.timeoutMs ?? (mock ? 5000 : 10_000);
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const validator = options.validator ?? (mock ? new MockValidator() : new AjvWorkerPool());
  const document = openApiDocument({ mock, timeoutMs, bodyLimitBytes });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((_req, res, next) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
    next();
  });

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  // Any content type is read as JSON (clients forget the header, and curl -d sends form encoding), and
  // strict is off so a JSON scalar or array reaches the handler and gets a precise 400.
  app.post('/validate', express.json({ limit: bodyLimitBytes, type: () => true, strict: false }), async (req: Request, res: Response) => {
    const input = parseValidationRequest(req.body);
    if ('error' in input) {
      res.status(400).json({ error: input.error });
      return;
    }
    const outcome = await validateWithin(validator, input, timeoutMs, res);
    if ('timedOut' in outcome || 'failed' in outcome) {
      if (!res.headersSent && !res.destroyed) {
        const error = 'timedOut' in outcome ? `validation exceeded the time budget of ${timeoutMs} ms` : `validation failed: ${outcome.failed}`;
        res.status(504).json({ error });
      }
      return;
    }
    if (outcome.kind === 'invalid_schema') {
      res.status(400).json({ error: `invalid schema: ${outcome.message}` });
      return;
    }
    res.json({ valid: outcome.valid, errors: outcome.errors });
  });

  app.use(notFound);
  app.use(jsonErrors(bodyLimitBytes));
  return Object.assign(app, { close: () => validator.close() });
}

type Attempt = ValidationOutcome | { readonly timedOut: true } | { readonly failed: string };

/**
 * Runs one validation under the time budget. The validator is told to stop (its signal aborts)
 * when the budget is spent or the client disconnected; the answer does not wait for it to comply.
 */
async function validateWithin(validator: SchemaValidator, input: Parameters<SchemaValidator['validate']>[0], timeoutMs: number, res: Response): Promise<Attempt> {
  const budget = AbortSignal.timeout(timeoutMs);
  const gone = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) gone.abort(new ValidationExecutionError('the client went away'));
  };
  res.once('close', onClose);
  const signal = AbortSignal.any([budget, gone.signal]);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<Attempt>((resolve) => {
    onAbort = () => resolve(budget.aborted ? { timedOut: true } : { failed: 'the client went away' });
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([
      validator.validate(input, signal).catch((error: unknown): Attempt => {
        if (budget.aborted) return { timedOut: true };
        return { failed: error instanceof ValidationExecutionError ? error.message : 'internal error' };
      }),
      aborted,
    ]);
  } finally {
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
    res.off('close', onClose);
  }
}
