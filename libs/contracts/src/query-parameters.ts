import { z } from 'zod';

const digitsToNumber = (value: unknown): unknown => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/**
 * An integer query parameter: a number (tool bridge arguments) or a string of digits (a URL query);
 * anything else is a 400, never silently replaced by the default (a typo would otherwise go unnoticed).
 */
export function integerParameter(min: number, max: number, fallback: number) {
  return z.preprocess(digitsToNumber, z.int().min(min).max(max).default(fallback));
}

/** A free-text filter value. */
export const filterParameter = z.string().min(1).max(200).optional();
