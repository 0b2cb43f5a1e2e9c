import { defineCapability } from '../../define-capability.js';
import { integer, object, text } from '../../json-schema.js';
import { countByType, detectPii } from '../../pii/detect-pii.js';
import { PII_COUNTS_SCHEMA, PII_REGION_SCHEMA, PII_TEXT_SCHEMA, PII_TYPES_SCHEMA, phoneRegion } from '../../pii/pii-schemas.js';
import type { PiiMatch, PiiType } from '../../pii/pii-types.js';

interface Input {
  text: string;
  region?: string;
  types?: PiiType[];
  style?: 'label' | 'mask';
}

/** `[EMAIL]`, or every letter and digit but the last four replaced by `*` (separators kept). */
function replacement(match: PiiMatch, style: 'label' | 'mask'): string {
  if (style === 'label') return `[${match.type.toUpperCase()}]`;
  const characters = [...match.value];
  let visible = 4;
  for (let index = characters.length - 1; index >= 0; index--) {
    if (!/[\p{L}\p{N}]/u.test(characters[index] ?? '')) continue;
    if (visible > 0) visible--;
    else characters[index] = '*';
  }
  return characters.join('');
}

export const securityPiiRedact = defineCapability<Input>({
  id: 'security.pii.redact',
  description:
    'Replaces the personal data security.pii.detect finds with a label ([EMAIL], [PHONE]…) or a mask that keeps the last four characters, and reports how much was redacted.',
  inputSchema: object(
    {
      text: PII_TEXT_SCHEMA,
      region: PII_REGION_SCHEMA,
      types: PII_TYPES_SCHEMA,
      style: text('label: [EMAIL]; mask: ****4321.', { enum: ['label', 'mask'], default: 'label' }),
    },
    ['text'],
  ),
  outputSchema: object({ text: text('The redacted text.'), redactions: integer('Spans replaced.'), counts: PII_COUNTS_SCHEMA }, ['text', 'redactions', 'counts']),
  async compute(input) {
    const found = await detectPii(input.text, { region: await phoneRegion(input.region), ...(input.types === undefined ? {} : { types: input.types }) });
    const parts: string[] = [];
    let position = 0;
    for (const match of found) {
      parts.push(input.text.slice(position, match.start), replacement(match, input.style ?? 'label'));
      position = match.end;
    }
    parts.push(input.text.slice(position));
    return { text: parts.join(''), redactions: found.length, counts: countByType(found) };
  },
});
