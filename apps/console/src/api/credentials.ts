/**
 * The caller's credential: an API key (sent as `x-api-key`) or a JWT (sent as
 * `Authorization: Bearer`), entered once and kept in sessionStorage, i.e. for this browser tab's
 * session only.
 */
export interface Credential {
  readonly kind: 'api-key' | 'jwt';
  readonly value: string;
}

/** The claims of a JWT the page reads (the server verifies the signature; the page only reads). */
export interface JwtClaims {
  readonly sub?: string;
  readonly role?: string;
  /** UNIX seconds. */
  readonly exp?: number;
}

const STORAGE_KEY = 'skill-console.credential';
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** A JWT is three base64url segments whose first decodes to a JSON header; anything else is an API key. */
export function credentialOf(text: string): Credential | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  return JWT_SHAPE.test(value) && jwtClaims(value) !== undefined ? { kind: 'jwt', value } : { kind: 'api-key', value };
}

function base64UrlJson(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The payload of a JWT; undefined when it does not decode. */
export function jwtClaims(token: string): JwtClaims | undefined {
  const [header, payload] = token.split('.');
  if (header === undefined || payload === undefined) return undefined;
  try {
    const head = base64UrlJson(header);
    const body = base64UrlJson(payload);
    if (typeof head !== 'object' || head === null || typeof body !== 'object' || body === null) return undefined;
    const claims = body as Record<string, unknown>;
    return {
      ...(typeof claims['sub'] === 'string' ? { sub: claims['sub'] } : {}),
      ...(typeof claims['role'] === 'string' ? { role: claims['role'] } : {}),
      ...(typeof claims['exp'] === 'number' ? { exp: claims['exp'] } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The request headers that carry the credential. */
export function credentialHeaders(credential: Credential | undefined): Record<string, string> {
  if (credential === undefined) return {};
  return credential.kind === 'jwt' ? { authorization: `Bearer ${credential.value}` } : { 'x-api-key': credential.value };
}

export function loadCredential(storage: Storage): Credential | undefined {
  const saved = storage.getItem(STORAGE_KEY);
  return saved === null ? undefined : credentialOf(saved);
}

export function saveCredential(storage: Storage, credential: Credential | undefined): void {
  if (credential === undefined) storage.removeItem(STORAGE_KEY);
  else storage.setItem(STORAGE_KEY, credential.value);
}

/** Seconds until a JWT expires (negative: expired); undefined for an API key or a JWT without `exp`. */
export function secondsToExpiry(credential: Credential | undefined, nowMs: number): number | undefined {
  if (credential?.kind !== 'jwt') return undefined;
  const exp = jwtClaims(credential.value)?.exp;
  return exp === undefined ? undefined : exp - nowMs / 1000;
}
