import { defineCapability } from '../../define-capability.js';
import { boolean, integer, list, object, text } from '../../json-schema.js';
import { countByType, detectPii } from '../../pii/detect-pii.js';
import { PII_COUNTS_SCHEMA, PII_REGION_SCHEMA, PII_TEXT_SCHEMA, PII_TYPES_SCHEMA, phoneRegion } from '../../pii/pii-schemas.js';
import { PII_TYPES, type PiiType } from '../../pii/pii-types.js';

interface Input {
  text: string;
  region?: string;
  types?: PiiType[];
}

export const securityPiiDetect = defineCapability<Input>({
  id: 'security.pii.detect',
  description:
    'Finds personal data in a text: e-mail addresses, phone numbers (international and national formats, libphonenumber), payment card numbers (Luhn-checked), IBANs (check digits), IPv4/IPv6 addresses and US social security numbers, with their offsets.',
  inputSchema: object({ text: PII_TEXT_SCHEMA, region: PII_REGION_SCHEMA, types: PII_TYPES_SCHEMA }, ['text']),
  outputSchema: object(
    {
      found: boolean('Whether any personal data was found.'),
      entities: list(
        object(
          {
            type: text('The kind.', { enum: PII_TYPES }),
            value: text('The text as written.'),
            start: integer('Offset of its first character (UTF-16).'),
            end: integer('Offset after its last character.'),
          },
          ['type', 'value', 'start', 'end'],
        ),
        'Each match, in text order.',
      ),
      counts: PII_COUNTS_SCHEMA,
    },
    ['found', 'entities', 'counts'],
  ),
  async compute(input) {
    const entities = await detectPii(input.text, { region: await phoneRegion(input.region), ...(input.types === undefined ? {} : { types: input.types }) });
    return { found: entities.length > 0, entities, counts: countByType(entities) };
  },
});
