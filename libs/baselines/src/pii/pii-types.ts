/** The kinds of personal data the PII capabilities recognise. */
export const PII_TYPES = ['email', 'phone', 'credit_card', 'iban', 'ip_address', 'ssn'] as const;
export type PiiType = (typeof PII_TYPES)[number];

/** One piece of personal data found in a text, with its UTF-16 offsets. */
export interface PiiMatch {
  readonly type: PiiType;
  readonly value: string;
  readonly start: number;
  readonly end: number;
}
