import { InvalidRequestError } from '@skill-service/contracts';
import type { CountryCode } from 'libphonenumber-js';
import type { JsonSchema } from '../builtin-capability.js';
import { integer, list, object, text } from '../json-schema.js';
import { loadPhoneLibrary } from './phone-library.js';
import { PII_TYPES } from './pii-types.js';

/** PII scans run libphonenumber over the whole text (≈3 s per MB of dense numbers): half a megabyte at most. */
const MAX_PII_TEXT_CHARS = 500_000;

export const PII_TEXT_SCHEMA: JsonSchema = text('The text to scan (at most 500,000 characters).', { maxLength: MAX_PII_TEXT_CHARS });
export const PII_REGION_SCHEMA: JsonSchema = text('ISO 3166 country whose national phone formats are recognised.', { maxLength: 2, minLength: 2, default: 'US' });
/** Matches per kind, every kind present. */
export const PII_COUNTS_SCHEMA: JsonSchema = object(
  Object.fromEntries(PII_TYPES.map((type) => [type, integer(`Matches of type ${type}.`)])),
  [...PII_TYPES],
);

export const PII_TYPES_SCHEMA: JsonSchema = list(text('A kind of personal data.', { enum: PII_TYPES }), 'Kinds to look for (default: all).', { maxItems: PII_TYPES.length });

/** The phone region of an input, checked against libphonenumber's list. */
export async function phoneRegion(region: string | undefined): Promise<CountryCode> {
  const code = (region ?? 'US').toUpperCase();
  const { isSupportedCountry } = await loadPhoneLibrary();
  if (!isSupportedCountry(code)) {
    throw new InvalidRequestError(`Invalid input: inputs.region "${code}" is not a supported country`, {
      details: [{ path: 'inputs.region', message: 'is not a supported ISO 3166 country code' }],
    });
  }
  return code;
}
