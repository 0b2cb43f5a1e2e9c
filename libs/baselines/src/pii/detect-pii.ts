import type { CountryCode } from 'libphonenumber-js';
import type validatorModule from 'validator';
import { onFirstUse } from '../lazy-module.js';
import { findPhoneNumbers } from './find-phone-numbers.js';
import { PII_TYPES, type PiiMatch, type PiiType } from './pii-types.js';

// Candidates are found with linear scans and bounded patterns, then confirmed by validator
// (RFC 5321 addresses, Luhn plus issuer prefixes for cards, ISO 13616 check digits for IBANs,
// address syntax for IPs) or libphonenumber (numbering plans, see find-phone-numbers.ts): a
// pattern alone would flag order numbers and version strings.
const CARD = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;
const IBAN = /(?<![A-Z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Z0-9])/g;
const IPV4 = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?!\.?\d)/g;
const IPV6 = /(?<![0-9A-Fa-f:.])[0-9A-Fa-f:.]{3,45}(?![0-9A-Fa-f:])/g;
const SSN = /(?<!\d)(\d{3})-(\d{2})-(\d{4})(?!\d)/g;
const LOCAL_CHAR = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]/;
const DOMAIN_CHAR = /[A-Za-z0-9.-]/;

type Validator = typeof validatorModule;
// validator's index pulls in every check and its locale tables (~250 kB, much of it non-ASCII, which
// makes V8 hold the whole server bundle as a two-byte string): loaded on the first detection instead.
const loadValidator = onFirstUse(async (): Promise<Validator> => (await import('validator')).default);

/** Which match wins when two overlap (an IBAN's digits are not also a phone number). */
const PRIORITY: Readonly<Record<PiiType, number>> = { email: 0, iban: 1, credit_card: 2, ssn: 3, ip_address: 4, phone: 5 };

function emails(text: string, validator: Validator): PiiMatch[] {
  const found: PiiMatch[] = [];
  // Around each "@", at most 64 characters of local part and 253 of domain: linear overall.
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < 64 && LOCAL_CHAR.test(text.charAt(start - 1))) start--;
    while (start < at && text.charAt(start) === '.') start++;
    let end = at + 1;
    while (end < text.length && end - at <= 253 && DOMAIN_CHAR.test(text.charAt(end))) end++;
    while (end > at + 1 && /[.-]/.test(text.charAt(end - 1))) end--;
    const value = text.slice(start, end);
    // A dot and a top-level domain of two letters or more first: most "@"s fail here, cheaply.
    const domain = text.slice(at + 1, end);
    const plausible = start < at && /\.[A-Za-z]{2,}$/.test(domain);
    if (plausible && validator.isEmail(value, { require_tld: true })) found.push({ type: 'email', value, start, end });
  }
  return found;
}

function matches(text: string, pattern: RegExp, type: PiiType, accept: (value: string, groups: RegExpExecArray) => boolean): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of text.matchAll(pattern)) {
    if (accept(match[0], match)) found.push({ type, value: match[0], start: match.index, end: match.index + match[0].length });
  }
  return found;
}

function ssnValid(_value: string, groups: RegExpExecArray): boolean {
  const [, area = '', group = '', serial = ''] = groups;
  return area !== '000' && area !== '666' && !area.startsWith('9') && group !== '00' && serial !== '0000';
}

/** IPv6 candidates may end a sentence: the final dots are not part of the address. */
function ipv6(text: string, validator: Validator): PiiMatch[] {
  const found: PiiMatch[] = [];
  for (const match of text.matchAll(IPV6)) {
    const value = match[0].replace(/\.+$/, '');
    if ((value.includes('::') || value.split(':').length > 2) && validator.isIP(value, 6)) {
      found.push({ type: 'ip_address', value, start: match.index, end: match.index + value.length });
    }
  }
  return found;
}

/** Keeps non-overlapping matches: earliest first, then by type priority, then the longest. */
function resolveOverlaps(candidates: PiiMatch[]): PiiMatch[] {
  candidates.sort((a, b) => a.start - b.start || PRIORITY[a.type] - PRIORITY[b.type] || b.end - a.end);
  const kept: PiiMatch[] = [];
  for (const candidate of candidates) {
    const last = kept[kept.length - 1];
    if (last !== undefined && candidate.start < last.end) {
      if (PRIORITY[candidate.type] < PRIORITY[last.type]) kept[kept.length - 1] = candidate;
      continue;
    }
    kept.push(candidate);
  }
  return kept;
}

export interface DetectPiiOptions {
  /** Country whose national phone formats are recognised (numbers with +code always are). */
  readonly region: CountryCode;
  readonly types?: readonly PiiType[];
}

/** Personal data in a text, in text order, each span reported once. */
export async function detectPii(text: string, options: DetectPiiOptions): Promise<PiiMatch[]> {
  const validator = await loadValidator();
  const wanted = new Set(options.types ?? PII_TYPES);
  // Lists concatenated, never spread into push(): a megabyte of text can hold 100,000+ matches.
  const found: PiiMatch[][] = [];
  if (wanted.has('email')) found.push(emails(text, validator));
  if (wanted.has('credit_card')) found.push(matches(text, CARD, 'credit_card', (value) => validator.isCreditCard(value.replace(/[ -]/g, ''))));
  if (wanted.has('iban')) found.push(matches(text, IBAN, 'iban', (value) => validator.isIBAN(value.replace(/ /g, ''))));
  if (wanted.has('ip_address')) {
    found.push(matches(text, IPV4, 'ip_address', (value) => validator.isIP(value, 4)));
    found.push(ipv6(text, validator));
  }
  if (wanted.has('ssn')) found.push(matches(text, SSN, 'ssn', ssnValid));
  if (wanted.has('phone')) found.push(await findPhoneNumbers(text, options.region));
  return resolveOverlaps(found.flat());
}

/** Matches per type, every type listed (zero when absent). */
export function countByType(found: readonly PiiMatch[]): Record<PiiType, number> {
  const counts = Object.fromEntries(PII_TYPES.map((type) => [type, 0])) as Record<PiiType, number>;
  for (const match of found) counts[match.type] += 1;
  return counts;
}
