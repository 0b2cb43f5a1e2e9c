import { z } from 'zod';

/**
 * Declared type names of skill and capability fields. `any` is any JSON value (never checked);
 * the registry refuses other names, so a misspelt type cannot silently turn a check off.
 */
export const KNOWN_FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'any'] as const;

export const FieldSpec = z
  .object({
    type: z.string().min(1),
    required: z.boolean().default(false),
    description: z.string().optional(),
    default: z.unknown().optional(),
  })
  .meta({ id: 'FieldSpec', description: 'One declared input or output of a skill or capability.' });
export type FieldSpec = z.infer<typeof FieldSpec>;

export const FieldSpecs = z.record(z.string().min(1), FieldSpec);
export type FieldSpecs = z.infer<typeof FieldSpecs>;
