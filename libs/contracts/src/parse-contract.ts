import type { z } from 'zod';
import type { FieldProblem } from './error-payload.js';
import { InvalidRequestError } from './service-error.js';

/** Turns zod issues into the `details` list of an invalid_request answer. */
export function fieldProblemsOf(error: z.ZodError, prefix = ''): FieldProblem[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.');
    return { path: path === '' ? '(body)' : path, message: issue.message };
  });
}

/** Validates a request against its contract; every bad field is listed in one 400. */
export function parseContract<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = fieldProblemsOf(result.error);
  const summary = details.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
  throw new InvalidRequestError(`Invalid ${what}: ${summary}`, { details });
}
