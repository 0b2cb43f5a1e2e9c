import { createHmac, timingSafeEqual } from 'node:crypto';
import { ROLES, type Role } from '@skill-service/contracts';

/** Why a token was refused (for logs and tests; a client always gets the same 401). */
export type JwtFailure =
  | 'too_long'
  | 'malformed'
  | 'unsupported_algorithm'
  | 'bad_signature'
  | 'invalid_claims'
  | 'missing_subject'
  | 'expired'
  | 'not_yet_valid'
  | 'wrong_issuer'
  | 'wrong_audience';

export class JwtVerificationError extends Error {
  readonly reason: JwtFailure;

  constructor(reason: JwtFailure, message: string) {
    super(message);
    this.name = 'JwtVerificationError';
    this.reason = reason;
  }
}

export interface JwtClaims {
  readonly sub: string;
  /** The `role` claim, `executor` when absent. */
  readonly role: Role;
  readonly exp?: number;
  readonly nbf?: number;
  readonly iat?: number;
  /** Every claim as sent (e.g. a tenant), for callers that need more than sub and role. */
  readonly all: Readonly<Record<string, unknown>>;
}

export interface JwtVerifyOptions {
  /** Current time in milliseconds since the epoch. */
  readonly now: number;
  /** Clock skew tolerated on `exp` and `nbf`, in seconds (default 30). */
  readonly leewaySeconds?: number;
  /** When set, `iss` must equal it. */
  readonly issuer?: string;
  /** When set, `aud` must equal it (or, as a list, contain it). */
  readonly audience?: string;
  /** Longer tokens are refused before any decoding (default 8192 characters). */
  readonly maxLength?: number;
}

export const DEFAULT_JWT_LEEWAY_SECONDS = 30;
export const DEFAULT_MAX_JWT_LENGTH = 8192;
/** RFC 7518 §3.2: an HS256 key at least as long as the hash output. */
export const MIN_JWT_SECRET_BYTES = 32;

const SEGMENT = /^[A-Za-z0-9_-]*$/;
// Three dot-separated base64url parts (the signature may be empty, as `alg: none` tokens have it).
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const MAX_SUBJECT_LENGTH = 256;

/** Whether a bearer token has the compact JWS shape; anything else is taken for an API key. */
export function looksLikeJwt(token: string): boolean {
  return JWT_SHAPE.test(token);
}

function fail(reason: JwtFailure, message: string): never {
  throw new JwtVerificationError(reason, message);
}

function decodeSegment(segment: string, what: string): Buffer {
  // Buffer's decoder skips characters it does not know: check the alphabet (and that the length
  // is one base64url can have) first, so only canonical base64url is read.
  if (!SEGMENT.test(segment) || segment.length % 4 === 1) fail('malformed', `The ${what} is not base64url`);
  return Buffer.from(segment, 'base64url');
}

function decodeJsonObject(segment: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decodeSegment(segment, what).toString('utf8'));
  } catch (error) {
    if (error instanceof JwtVerificationError) throw error;
    fail('malformed', `The ${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('malformed', `The ${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

function hs256(signingInput: string, secret: string): string {
  return createHmac('sha256', secret).update(signingInput, 'ascii').digest('base64url');
}

function numericDate(claims: Record<string, unknown>, name: 'exp' | 'nbf' | 'iat'): number | undefined {
  const value = claims[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail('invalid_claims', `The ${name} claim is not a number`);
  return value;
}

/**
 * Verifies a compact JWS signed with HS256 (RFC 7515/7519) and returns its claims. The algorithm
 * is pinned: the header's `alg` must be exactly `HS256` (`none`, RS256 and every other value are
 * refused before the signature is looked at) and a `crit` header is refused. The signature is
 * checked in constant time before any claim is read. `sub` is required; `role`, when present,
 * must be one of the four roles; `exp` and `nbf` are enforced with `leewaySeconds` of skew.
 */
export function verifyJwtHs256(token: string, secret: string, options: JwtVerifyOptions): JwtClaims {
  const maxLength = options.maxLength ?? DEFAULT_MAX_JWT_LENGTH;
  if (token.length > maxLength) fail('too_long', `The token is longer than ${maxLength} characters`);
  const parts = token.split('.');
  if (parts.length !== 3) fail('malformed', 'A JWT has three dot-separated parts');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];

  const header = decodeJsonObject(headerPart, 'header');
  if (header['alg'] !== 'HS256') fail('unsupported_algorithm', 'Only HS256 tokens are accepted');
  if (header['crit'] !== undefined) fail('unsupported_algorithm', 'Critical header extensions are not supported');

  if (!SEGMENT.test(payloadPart) || !SEGMENT.test(signaturePart)) fail('malformed', 'The payload or signature is not base64url');
  const expected = Buffer.from(hs256(`${headerPart}.${payloadPart}`, secret), 'ascii');
  const actual = Buffer.from(signaturePart, 'ascii');
  // Canonical base64url of the 32-byte MAC is always 43 characters; compare the encodings.
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) fail('bad_signature', 'The signature does not match');

  const claims = decodeJsonObject(payloadPart, 'payload');
  const sub = claims['sub'];
  if (typeof sub !== 'string' || sub.trim() === '') fail('missing_subject', 'The sub claim is required');
  if (sub.length > MAX_SUBJECT_LENGTH) fail('invalid_claims', `The sub claim is longer than ${MAX_SUBJECT_LENGTH} characters`);
  const rawRole = claims['role'];
  if (rawRole !== undefined && !(ROLES as readonly unknown[]).includes(rawRole)) fail('invalid_claims', `The role claim must be one of ${ROLES.join(', ')}`);
  const role = (rawRole as Role | undefined) ?? 'executor';

  const exp = numericDate(claims, 'exp');
  const nbf = numericDate(claims, 'nbf');
  const iat = numericDate(claims, 'iat');
  const nowSeconds = options.now / 1000;
  const leeway = options.leewaySeconds ?? DEFAULT_JWT_LEEWAY_SECONDS;
  if (exp !== undefined && nowSeconds >= exp + leeway) fail('expired', 'The token has expired');
  if (nbf !== undefined && nowSeconds + leeway < nbf) fail('not_yet_valid', 'The token is not valid yet');

  if (options.issuer !== undefined && claims['iss'] !== options.issuer) fail('wrong_issuer', 'The token was issued by someone else');
  if (options.audience !== undefined) {
    const aud = claims['aud'];
    const matches = aud === options.audience || (Array.isArray(aud) && aud.includes(options.audience));
    if (!matches) fail('wrong_audience', 'The token is meant for another audience');
  }

  return {
    sub,
    role,
    ...(exp === undefined ? {} : { exp }),
    ...(nbf === undefined ? {} : { nbf }),
    ...(iat === undefined ? {} : { iat }),
    all: claims,
  };
}

/** Signs claims as an HS256 JWT (for tests, tools and operators minting tokens). */
export function signJwtHs256(claims: Readonly<Record<string, unknown>>, secret: string, header: Readonly<Record<string, unknown>> = {}): string {
  const encode = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const signingInput = `${encode({ alg: 'HS256', typ: 'JWT', ...header })}.${encode(claims)}`;
  return `${signingInput}.${hs256(signingInput, secret)}`;
}
