import { defineCapability } from '../../define-capability.js';
import { boolean, list, object, text } from '../../json-schema.js';
import { countByType, detectPii } from '../../pii/detect-pii.js';
import { PII_REGION_SCHEMA, PII_TEXT_SCHEMA, phoneRegion } from '../../pii/pii-schemas.js';
import { PII_TYPES, type PiiType } from '../../pii/pii-types.js';

interface Input {
  text: string;
  region?: string;
  allow?: PiiType[];
}

/**
 * A safety gate (used as `mandatory_pre_gates` of capabilities that expose text): the verdict
 * `{allowed, reason}` the engine reads. It reports kinds and counts, never the values found.
 */
export const securityPiiGate = defineCapability<Input>({
  id: 'security.pii.gate',
  description:
    'Safety gate: allowed is false when the text contains personal data (of a kind not in allow), with a reason naming the kinds and counts found, never the values.',
  inputSchema: object(
    {
      text: PII_TEXT_SCHEMA,
      region: PII_REGION_SCHEMA,
      allow: list(text('A kind of personal data.', { enum: PII_TYPES }), 'Kinds that do not block.', { maxItems: PII_TYPES.length }),
    },
    ['text'],
  ),
  outputSchema: object(
    {
      allowed: boolean('Whether the text may pass.'),
      reason: text('Why.', { maxLength: 1000 }),
      types: list(text('A kind found.', { enum: PII_TYPES }), 'Blocking kinds found.'),
    },
    ['allowed', 'reason', 'types'],
  ),
  async compute(input) {
    const allowed = new Set(input.allow ?? []);
    const counts = countByType(await detectPii(input.text, { region: await phoneRegion(input.region), types: PII_TYPES.filter((type) => !allowed.has(type)) }));
    const types = PII_TYPES.filter((type) => counts[type] > 0);
    if (types.length === 0) return { allowed: true, reason: 'no personal data found', types };
    return { allowed: false, reason: `personal data found: ${types.map((type) => `${type} ×${counts[type]}`).join(', ')}`, types };
  },
});
