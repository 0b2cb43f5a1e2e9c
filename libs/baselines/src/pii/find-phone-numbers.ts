import { InvalidRequestError } from '@skill-service/contracts';
import type { CountryCode } from 'libphonenumber-js';
import { loadPhoneLibrary } from './phone-library.js';
import type { PiiMatch } from './pii-types.js';

// libphonenumber's own text search costs up to 30 µs per character on digit-dense text (half a
// megabyte of "1 2 1 2…" takes 15 s), and one parse costs 30–100 µs. So candidates are found
// here in one linear pass, filtered by shape, and only plausible ones are parsed and validated
// against the numbering plan; past a parse budget the text is refused rather than scanned on.
const MAX_CANDIDATE_CHARS = 40;
const MAX_PARSES = 10_000;

interface Group {
  readonly start: number;
  readonly end: number;
  readonly digits: number;
}

const isDigit = (char: string): boolean => char >= '0' && char <= '9';
const isPhoneChar = (char: string): boolean => isDigit(char) || '+() -.'.includes(char);
const isWordChar = (char: string): boolean => /[\p{L}\p{N}_]/u.test(char);

/** Digit groups of a candidate: `+44`, `(415)`, `555`…, split at single separators. */
function groupsOf(candidate: string): Group[] {
  const groups: Group[] = [];
  let index = 0;
  while (index < candidate.length) {
    while (index < candidate.length && ' -.'.includes(candidate.charAt(index))) index++;
    const start = index;
    if (candidate.charAt(index) === '+') index++;
    const bracketed = candidate.charAt(index) === '(';
    if (bracketed) index++;
    let digits = 0;
    while (isDigit(candidate.charAt(index))) {
      digits++;
      index++;
    }
    if (bracketed && candidate.charAt(index) === ')') index++;
    if (digits === 0) {
      index = Math.max(index, start + 1);
      continue;
    }
    groups.push({ start, end: index, digits });
  }
  return groups;
}

/** A phone number's shape: 7–15 digits in at most 6 groups, single digits only in the first. */
function plausible(groups: readonly Group[], first: number, last: number): boolean {
  if (last - first >= 6) return false;
  let digits = 0;
  for (let index = first; index <= last; index++) {
    const group = groups[index] as Group;
    if (group.digits === 1 && index !== first) return false;
    digits += group.digits;
  }
  return digits >= 7 && digits <= 15;
}

/**
 * Phone numbers in a text, validated by libphonenumber: international numbers (+code) of any
 * country, national numbers of `region`. A run holding several numbers is split at group
 * boundaries, the longest valid number first.
 */
export async function findPhoneNumbers(text: string, region: CountryCode): Promise<PiiMatch[]> {
  const { parsePhoneNumberFromString } = await loadPhoneLibrary();
  const found: PiiMatch[] = [];
  let parses = 0;
  const valid = (value: string): boolean => {
    if (++parses > MAX_PARSES) {
      const message = `has more than ${MAX_PARSES} phone-number-like sequences to check`;
      throw new InvalidRequestError(`Invalid input: inputs.text ${message}`, { details: [{ path: 'inputs.text', message }] });
    }
    return parsePhoneNumberFromString(value, region)?.isValid() === true;
  };
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    const startsHere = (isDigit(char) || char === '+' || char === '(') && (index === 0 || !isWordChar(text.charAt(index - 1)));
    if (!startsHere) {
      index++;
      continue;
    }
    let end = index;
    while (end < text.length && end - index < MAX_CANDIDATE_CHARS && isPhoneChar(text.charAt(end)) && !(text.charAt(end) === ' ' && text.charAt(end + 1) === ' ')) end++;
    const candidate = text.slice(index, end);
    const groups = groupsOf(candidate);
    let first = 0;
    while (first < groups.length) {
      let matched = -1;
      for (let last = Math.min(groups.length, first + 6) - 1; last >= first && matched < 0; last--) {
        const after = index + (groups[last] as Group).end;
        // A number must not run into a word ("555-2671x"), nor stop inside a digit run.
        if (after < text.length && isWordChar(text.charAt(after))) continue;
        if (plausible(groups, first, last) && valid(candidate.slice((groups[first] as Group).start, (groups[last] as Group).end))) matched = last;
      }
      if (matched < 0) {
        first++;
        continue;
      }
      const start = index + (groups[first] as Group).start;
      const stop = index + (groups[matched] as Group).end;
      found.push({ type: 'phone', value: text.slice(start, stop), start, end: stop });
      first = matched + 1;
    }
    index = Math.max(end, index + 1);
  }
  return found;
}
