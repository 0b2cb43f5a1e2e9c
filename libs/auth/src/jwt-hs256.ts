import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { ROLES, type Role } from '@skill-service/contracts';
import jsonwebtoken from 'jsonwebtoken';

const { JsonWebTokenError, NotBeforeError, TokenExpiredError, verify } = jsonwebtoken;

/** Why a token was refused (for logs, metrics and tests; a client always gets the same 401). */
export type JwtFailure =
  | 'too_long'
  | 'malformed'
  | 'unsupported_algorithm'
  | 'bad_signature'
  | 'invalid_claims'
  | 'missing_subject'
  | 'missing_exp'
  | 'missing_iat'
  | 'expired'
  | 'too_old'
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
  /** Clock skew tolerated on `exp`, `nbf`, `iat` and the maximum age, in seconds (default 30). */
  readonly leewaySeconds?: number;
  /** When set, `iss` must equal it. */
  readonly issuer?: string;
  /** When set, `aud` must equal it (or, as a list, contain it). */
  readonly audience?: string;
  /** Longer tokens are refused before any decoding (default 8192 characters). */
  readonly maxLength?: number;
  /** A token without `exp` is refused (`missing_exp`). */
  readonly requireExp?: boolean;
  /** A token issued longer ago than this is refused (`too_old`); `iat` is then required (`missing_iat`). */
  readonly maxAgeSeconds?: number;
}

export const DEFAULT_JWT_LEEWAY_SECONDS = 30;
export const DEFAULT_MAX_JWT_LENGTH = 8192;
/** RFC 7518 §3.2: an HS256 key at least as long as the hash output. */
export const MIN_JWT_SECRET_BYTES = 32;

const SEGMENT = /^[A-Za-z0-9_-]*$/;
// Three dot-separated base64url parts (the signature may be empty, as `alg: none` tokens have it).
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const MAX_SUBJECT_LENGTH = 256;
// Key objects are made once per secret, not per request (jsonwebtoken would otherwise try to read
// each string secret as a PEM public key first).
const keys = new Map<string, KeyObject>();

/** Whether a bearer token has the compact JWS shape; anything else is taken for an API key. */
export function looksLikeJwt(token: string): boolean {
  return JWT_SHAPE.test(token);
}

function fail(reason: JwtFailure, message: string): never {
  throw new JwtVerificationError(reason, message);
}

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (key === undefined) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    // Bounded: the configured secrets, a handful; tests may make a few more.
    if (keys.size >= 64) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/**
 * The header, read strictly before the library sees the token: canonical base64url, a JSON
 * object, `alg` exactly `HS256` and no `crit` extensions. jsonwebtoken reads headers leniently
 * (any base64, a JSON array) and knows nothing of `crit`; refusing here keeps `none`, RS256 and
 * their kin out whatever the library's defaults are.
 */
function checkHeader(segment: string): void {
  if (!SEGMENT.test(segment) || segment.length % 4 === 1) fail('malformed', 'The header is not base64url');
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    fail('malformed', 'The header is not JSON');
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) fail('malformed', 'The header is not a JSON object');
  const fields = header as Record<string, unknown>;
  if (fields['alg'] !== 'HS256') fail('unsupported_algorithm', 'Only HS256 tokens are accepted');
  if (fields['crit'] !== undefined) fail('unsupported_algorithm', 'Critical header extensions are not supported');
}

/** jsonwebtoken's error, as one of our reasons. */
function failureOf(error: unknown): JwtVerificationError {
  if (error instanceof TokenExpiredError) {
    return error.message === 'maxAge exceeded' ? new JwtVerificationError('too_old', 'The token is older than the maximum age') : new JwtVerificationError('expired', 'The token has expired');
  }
  if (error instanceof NotBeforeError) return new JwtVerificationError('not_yet_valid', 'The token is not valid yet');
  if (!(error instanceof JsonWebTokenError)) return new JwtVerificationError('malformed', 'The token cannot be read');
  const message = error.message;
  if (message === 'invalid signature') return new JwtVerificationError('bad_signature', 'The signature does not match');
  if (message === 'invalid algorithm') return new JwtVerificationError('unsupported_algorithm', 'Only HS256 tokens are accepted');
  if (message.startsWith('jwt audience invalid')) return new JwtVerificationError('wrong_audience', 'The token is meant for another audience');
  if (message.startsWith('jwt issuer invalid')) return new JwtVerificationError('wrong_issuer', 'The token was issued by someone else');
  if (message === 'iat required when maxAge is specified') return new JwtVerificationError('missing_iat', 'The iat claim is required');
  if (message === 'invalid exp value' || message === 'invalid nbf value') return new JwtVerificationError('invalid_claims', `The ${message.slice(8, 11)} claim is not a number`);
  return new JwtVerificationError('malformed', 'The token cannot be read');
}

/** The payload, verified with the first secret whose signature matches (every secret is tried). */
function verifiedPayload(token: string, secrets: readonly string[], options: JwtVerifyOptions): unknown {
  const leeway = options.leewaySeconds ?? DEFAULT_JWT_LEEWAY_SECONDS;
  let last: JwtVerificationError | undefined;
  for (const secret of secrets) {
    try {
      return verify(token, keyOf(secret), {
        algorithms: ['HS256'],
        clockTimestamp: options.now / 1000,
        clockTolerance: leeway,
        ...(options.issuer === undefined ? {} : { issuer: options.issuer }),
        ...(options.audience === undefined ? {} : { audience: options.audience }),
        ...(options.maxAgeSeconds === undefined ? {} : { maxAge: options.maxAgeSeconds }),
      });
    } catch (error) {
      last = failureOf(error);
      // Only a signature mismatch means "maybe another secret": anything else is final.
      if (last.reason !== 'bad_signature') throw last;
    }
  }
  throw last ?? new JwtVerificationError('bad_signature', 'The signature does not match');
}

function numericDate(claims: Record<string, unknown>, name: 'exp' | 'nbf' | 'iat'): number | undefined {
  const value = claims[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail('invalid_claims', `The ${name} claim is not a number`);
  return value;
}

/**
 * Verifies a compact JWS signed with HS256 (RFC 7515/7519) through jsonwebtoken and returns its
 * claims. The algorithm is pinned: the header's `alg` must be exactly `HS256` and a `crit` header
 * is refused, before the signature is looked at. The signature is checked (by the library, in
 * constant time) before any claim is read; with several secrets (key rotation) each is tried in
 * order and a `kid` header plays no part. Then: `exp`, `nbf` and the maximum age with
 * `leewaySeconds` of skew; `iat`, when present, a number not in the future; `sub` required;
 * `role`, when present, one of the four roles; `iss`/`aud` when configured.
 */
export function verifyJwtHs256(token: string, secret: string | readonly string[], options: JwtVerifyOptions): JwtClaims {
  const maxLength = options.maxLength ?? DEFAULT_MAX_JWT_LENGTH;
  if (token.length > maxLength) fail('too_long', `The token is longer than ${maxLength} characters`);
  const parts = token.split('.');
  if (parts.length !== 3) fail('malformed', 'A JWT has three dot-separated parts');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  checkHeader(headerPart);
  if (!SEGMENT.test(payloadPart) || payloadPart.length % 4 === 1 || !SEGMENT.test(signaturePart)) fail('malformed', 'The payload or signature is not base64url');

  const payload = verifiedPayload(token, typeof secret === 'string' ? [secret] : secret, options);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) fail('malformed', 'The payload is not a JSON object');
  const claims = payload as Record<string, unknown>;
  const sub = claims['sub'];
  if (typeof sub !== 'string' || sub.trim() === '') fail('missing_subject', 'The sub claim is required');
  if (sub.length > MAX_SUBJECT_LENGTH) fail('invalid_claims', `The sub claim is longer than ${MAX_SUBJECT_LENGTH} characters`);
  const rawRole = claims['role'];
  if (rawRole !== undefined && !(ROLES as readonly unknown[]).includes(rawRole)) fail('invalid_claims', `The role claim must be one of ${ROLES.join(', ')}`);
  const role = (rawRole as Role | undefined) ?? 'executor';

  const exp = numericDate(claims, 'exp');
  const nbf = numericDate(claims, 'nbf');
  const iat = numericDate(claims, 'iat');
  if (options.requireExp === true && exp === undefined) fail('missing_exp', 'The exp claim is required');
  // A token issued in the future comes from a clock that is off by more than the leeway.
  if (iat !== undefined && iat > options.now / 1000 + (options.leewaySeconds ?? DEFAULT_JWT_LEEWAY_SECONDS)) fail('not_yet_valid', 'The token was issued in the future');

  return {
    sub,
    role,
    ...(exp === undefined ? {} : { exp }),
    ...(nbf === undefined ? {} : { nbf }),
    ...(iat === undefined ? {} : { iat }),
    all: claims,
  };
}

/**
 * Signs claims as an HS256 JWT, for tests, tools and operators minting tokens. Written out rather
 * than through jsonwebtoken's `sign`, which refuses claims of the wrong type: tests need exactly
 * such tokens to prove the verifier refuses them.
 */
export function signJwtHs256(claims: Readonly<Record<string, unknown>>, secret: string, header: Readonly<Record<string, unknown>> = {}): string {
  const encode = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const signingInput = `${encode({ alg: 'HS256', typ: 'JWT', ...header })}.${encode(claims)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput, 'ascii').digest('base64url')}`;
}
