import type { Request } from 'express';

/** The query as name → first value (a repeated parameter keeps its first value, so `?limit=5&limit=500` cannot slip past a check made on one of them). */
export function queryValues(req: Request): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') values[name] = first;
  }
  return values;
}
