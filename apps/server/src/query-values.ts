import { InvalidRequestError } from '@skill-service/contracts';
import type { Request, RequestHandler } from 'express';
import { closestName } from './closest-name.js';

/** The query as name → first value (a repeated parameter keeps its first value, so `?limit=5&limit=500` cannot slip past a check made on one of them). */
export function queryValues(req: Request): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') values[name] = first;
  }
  return values;
}

/**
 * Refuses query parameters the route does not declare (400 naming each, with the declared one it
 * most likely meant): a mistyped filter (`?domian=text`) silently ignored would answer as if no
 * filter had been asked for.
 */
export function rejectUnknownQuery(known: readonly string[]): RequestHandler {
  const accepted = new Set(known);
  return (req, _res, next) => {
    const unknown = Object.keys(req.query).filter((name) => !accepted.has(name));
    if (unknown.length === 0) {
      next();
      return;
    }
    const details = unknown.map((name) => {
      const meant = closestName(name, known);
      return { path: `query.${name}`, message: meant === undefined ? 'is not a parameter of this route' : `is not a parameter of this route; did you mean '${meant}'?` };
    });
    const accepts = known.length === 0 ? 'this route takes no query parameters' : `this route accepts ${known.map((name) => `'${name}'`).join(', ')}`;
    next(
      new InvalidRequestError(`Unknown query parameter${unknown.length === 1 ? '' : 's'}: ${details.map((detail) => `${detail.path.slice('query.'.length)} ${detail.message}`).join('; ')}`, {
        details,
        hint: `Remove or correct ${unknown.length === 1 ? 'it' : 'them'}: ${accepts}.`,
      }),
    );
  };
}
