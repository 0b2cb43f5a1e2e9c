import { InvalidRequestError, isServiceError, parseContract } from '@skill-service/contracts';
import type { RequestHandler } from 'express';
import { z } from 'zod';

/** Whether a body schema is an object that requires an `inputs` field (execute, stream, async, capability execute). */
export function requiresInputs(schema: z.ZodType | undefined): schema is z.ZodObject {
  if (!(schema instanceof z.ZodObject)) return false;
  const inputs = (schema.shape as Record<string, z.ZodType | undefined>)['inputs'];
  return inputs !== undefined && !inputs.safeParse(undefined).success;
}

/**
 * A body that forgot the `inputs` wrapper (`{"text": "…"}` posted to an execute route) is answered
 * with the route's own validation error plus a hint showing the wrapped form, built from the
 * fields that were sent. Bodies that carry `inputs` go on to the route untouched.
 */
export function inputsWrapperHint(schema: z.ZodObject): RequestHandler {
  const fields = new Set(Object.keys(schema.shape));
  return (req, _res, next) => {
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.hasOwn(body, 'inputs')) {
      next();
      return;
    }
    const stray = Object.keys(body).filter((key) => !fields.has(key));
    const example = stray.length === 0 ? '{"inputs": {…}}' : `{"inputs": {${stray.slice(0, 3).map((key) => `${JSON.stringify(key)}: …`).join(', ')}${stray.length > 3 ? ', …' : ''}}}`;
    const hint = `Wrap the inputs in an "inputs" object: ${example}`;
    try {
      parseContract(schema, body, 'request body');
      next();
    } catch (error) {
      next(isServiceError(error) ? new InvalidRequestError(error.message, { details: error.details, hint }) : error);
    }
  };
}
