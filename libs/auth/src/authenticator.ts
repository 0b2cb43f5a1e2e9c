import { Identity, InvalidConfigurationError, ServiceError, roleAtLeast, type Role } from '@skill-service/contracts';
import type { ApiKeyStore } from './api-key-store.js';
import { authenticationRequired, invalidApiKey, roleInsufficient } from './auth-errors.js';
import { isCleanCredential } from './credential-text.js';
import { JwtVerificationError, MIN_JWT_SECRET_BYTES, looksLikeJwt, verifyJwtHs256, type JwtFailure } from './jwt-hs256.js';

/** `legacy`: RBAC off, one flat key check (missing 401, wrong 403). `rbac`: identities with roles. */
export type AuthMode = 'legacy' | 'rbac';

/** What a backend sees of a request: transport-neutral, so the domain never touches a framework. */
export interface AuthRequest {
  /** Header values by lower-case name; a header sent more than once is the array of its values. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The TCP peer. */
  readonly peerAddress?: string;
  /** The client as the trusted-proxy chain names it (the peer when no proxy is trusted). */
  readonly clientAddress?: string;
  /** Whether the peer is one of the configured trusted proxies (headers a proxy sets are believable). */
  readonly fromTrustedProxy?: boolean;
}

/**
 * An additional way to authenticate (a plugin). `authenticate` answers the identity it vouches
 * for, `undefined` when the request carries nothing it handles (the next backend is asked), or
 * throws when the request carries its credentials but they are not acceptable (→ 401).
 */
export interface AuthBackend {
  readonly name: string;
  authenticate(request: AuthRequest): Identity | undefined | Promise<Identity | undefined>;
}

/** What a plugin's `createAuthBackend` receives. */
export interface AuthPluginContext {
  /** The name the backend is enabled under. */
  readonly name: string;
  /** The server's environment, for the plugin's own settings. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The export every auth plugin entry module provides under the name `createAuthBackend`. */
export type CreateAuthBackend = (context: AuthPluginContext) => AuthBackend | Promise<AuthBackend>;

export interface JwtSettings {
  /** The current secret. */
  readonly secret: string;
  /** Secrets being rotated out: tokens they signed still verify (tried after the current one). */
  readonly previousSecrets?: readonly string[];
  readonly leewaySeconds?: number;
  readonly issuer?: string;
  readonly audience?: string;
  readonly maxLength?: number;
  /** A token without `exp` is refused. */
  readonly requireExp?: boolean;
  /** A token issued (`iat`, then required) longer ago than this is refused. */
  readonly maxAgeSeconds?: number;
}

export interface AuthSettings {
  readonly mode: AuthMode;
  /** In legacy mode: the configured key (any role; legacy has no roles). */
  readonly apiKeys: ApiKeyStore;
  /** RBAC only: bearer JWTs (HS256) signed with this secret. */
  readonly jwt?: JwtSettings;
  /** RBAC only: asked in order after the built-in credentials. */
  readonly backends?: readonly AuthBackend[];
}

export type CredentialSource = 'api_key' | 'jwt' | 'backend' | 'anonymous' | 'open';

export type AuthFailureReason =
  | 'missing'
  | 'malformed'
  | 'duplicate_header'
  | 'unknown_key'
  | 'unsupported_scheme'
  | 'backend_refused'
  | 'backend_invalid_identity'
  | `jwt_${JwtFailure}`;

export type AuthOutcome =
  | { readonly ok: true; readonly identity: Identity; readonly source: CredentialSource; readonly backend?: string }
  | {
      readonly ok: false;
      readonly error: ServiceError;
      readonly reason: AuthFailureReason;
      /** The plugin that refused or failed (`backend_*` reasons). */
      readonly backend?: string;
      /** What a plugin threw: its error's class name only (its message might quote the credential). */
      readonly errorType?: string;
    };

/** Whether an outcome names a principal of its own (rate limits then follow the subject, not the address). */
export function isCredentialed(outcome: AuthOutcome): boolean {
  return outcome.ok && (outcome.source === 'api_key' || outcome.source === 'jwt' || outcome.source === 'backend');
}

export const ANONYMOUS_READER: Identity = { subject: 'anonymous', role: 'reader' };
/** Legacy mode without a key: everything is open (there are no roles to check). */
export const OPEN_ACCESS: Identity = { subject: 'anonymous', role: 'admin' };

type HeaderValue = { readonly kind: 'absent' } | { readonly kind: 'one'; readonly value: string } | { readonly kind: 'many' };

/** One header's value(s), names compared case-insensitively; a header sent twice is `many`. */
function headerValue(headers: AuthRequest['headers'], name: string): HeaderValue {
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    if (typeof value === 'string') values.push(value);
    else for (const item of value) values.push(item);
  }
  if (values.length === 0) return { kind: 'absent' };
  if (values.length > 1) return { kind: 'many' };
  return { kind: 'one', value: values[0] ?? '' };
}

type Authorization = { readonly scheme: 'bearer'; readonly token: string } | { readonly scheme: 'other' } | { readonly scheme: 'malformed' };

const AUTHORIZATION = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)(?: +([^ ]*))? *$/;

function parseAuthorization(value: string): Authorization {
  const match = AUTHORIZATION.exec(value);
  if (match === null) return { scheme: 'malformed' };
  if ((match[1] ?? '').toLowerCase() !== 'bearer') return { scheme: 'other' };
  const token = match[2] ?? '';
  return isCleanCredential(token) ? { scheme: 'bearer', token } : { scheme: 'malformed' };
}

/** The result of the built-in credentials alone: an outcome, or nothing of ours was presented. */
type CredentialCheck = AuthOutcome | { readonly ok: 'none'; readonly otherScheme: boolean };

const failure = (reason: AuthFailureReason, error: ServiceError = authenticationRequired()): AuthOutcome => ({ ok: false, error, reason });

function checkSettings(settings: AuthSettings): void {
  if (settings.mode === 'legacy' && (settings.jwt !== undefined || (settings.backends?.length ?? 0) > 0)) {
    throw new InvalidConfigurationError('JWTs and auth backends need RBAC; the legacy mode has one API key and no roles');
  }
  const secrets = settings.jwt === undefined ? [] : [settings.jwt.secret, ...(settings.jwt.previousSecrets ?? [])];
  if (secrets.some((secret) => Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES)) {
    throw new InvalidConfigurationError(`The JWT secret must be at least ${MIN_JWT_SECRET_BYTES} bytes long`);
  }
}

function legacyCheck(settings: AuthSettings, apiKey: HeaderValue, authorization: HeaderValue): AuthOutcome {
  if (settings.apiKeys.size === 0) return { ok: true, identity: OPEN_ACCESS, source: 'open' };
  if (apiKey.kind === 'many' || authorization.kind === 'many') return failure('duplicate_header');
  let candidate: string | undefined;
  if (apiKey.kind === 'one') candidate = apiKey.value;
  else if (authorization.kind === 'one') {
    const parsed = parseAuthorization(authorization.value);
    if (parsed.scheme === 'bearer') candidate = parsed.token;
    else if (parsed.scheme === 'malformed') return failure('malformed', invalidApiKey());
  }
  if (candidate === undefined) return failure('missing');
  const identity = isCleanCredential(candidate) ? settings.apiKeys.verify(candidate) : undefined;
  return identity === undefined ? failure('unknown_key', invalidApiKey()) : { ok: true, identity, source: 'api_key' };
}

function verifyKey(settings: AuthSettings, raw: string): AuthOutcome {
  if (!isCleanCredential(raw)) return failure('malformed');
  const identity = settings.apiKeys.verify(raw);
  return identity === undefined ? failure('unknown_key') : { ok: true, identity, source: 'api_key' };
}

function verifyJwt(jwt: JwtSettings, token: string, now: number): AuthOutcome {
  try {
    const claims = verifyJwtHs256(token, [jwt.secret, ...(jwt.previousSecrets ?? [])], {
      now,
      ...(jwt.requireExp === true ? { requireExp: true } : {}),
      ...(jwt.maxAgeSeconds === undefined ? {} : { maxAgeSeconds: jwt.maxAgeSeconds }),
      ...(jwt.leewaySeconds === undefined ? {} : { leewaySeconds: jwt.leewaySeconds }),
      ...(jwt.issuer === undefined ? {} : { issuer: jwt.issuer }),
      ...(jwt.audience === undefined ? {} : { audience: jwt.audience }),
      ...(jwt.maxLength === undefined ? {} : { maxLength: jwt.maxLength }),
    });
    return { ok: true, identity: { subject: claims.sub, role: claims.role }, source: 'jwt' };
  } catch (error) {
    if (error instanceof JwtVerificationError) return failure(`jwt_${error.reason}`);
    throw error;
  }
}

/**
 * The built-in credentials, in order: `X-API-Key` (final: an unknown key is refused even when a
 * bearer token is also sent), then `Authorization: Bearer` — a JWT when it has the JWT shape and
 * a JWT secret is configured, an API key otherwise. A header sent twice is refused.
 */
function credentialCheck(settings: AuthSettings, headers: AuthRequest['headers'], now: number): CredentialCheck {
  const apiKey = headerValue(headers, 'x-api-key');
  const authorization = headerValue(headers, 'authorization');
  if (settings.mode === 'legacy') return legacyCheck(settings, apiKey, authorization);
  if (apiKey.kind === 'many' || authorization.kind === 'many') return failure('duplicate_header');
  if (apiKey.kind === 'one') return verifyKey(settings, apiKey.value);
  if (authorization.kind === 'one') {
    const parsed = parseAuthorization(authorization.value);
    if (parsed.scheme === 'malformed') return failure('malformed');
    if (parsed.scheme === 'bearer') {
      return settings.jwt !== undefined && looksLikeJwt(parsed.token) ? verifyJwt(settings.jwt, parsed.token, now) : verifyKey(settings, parsed.token);
    }
    return { ok: 'none', otherScheme: true };
  }
  return { ok: 'none', otherScheme: false };
}

function errorTypeOf(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  return /^[A-Za-z_$][\w$]{0,63}$/.test(name) ? name : 'Error';
}

function anonymousAllowed(settings: AuthSettings): boolean {
  return settings.mode === 'rbac' && settings.apiKeys.size === 0 && settings.jwt === undefined;
}

/**
 * The authentication chain of both modes. Legacy: no key configured → open; else the key from
 * `X-API-Key` or `Authorization: Bearer` (missing 401, wrong 403). RBAC: API key → bearer (JWT
 * or API key) → plugin backends in order → anonymous `reader` when neither a key nor a JWT
 * secret is configured → 401. Every 401 carries the same message whatever failed.
 */
export class Authenticator {
  readonly #settings: AuthSettings;
  readonly #clock: () => number;

  constructor(settings: AuthSettings, clock: () => number = Date.now) {
    checkSettings(settings);
    this.#settings = settings;
    this.#clock = clock;
  }

  get mode(): AuthMode {
    return this.#settings.mode;
  }

  /** Whether no credential is ever asked for: the legacy mode without a key, where every route is open. */
  get open(): boolean {
    return this.#settings.mode === 'legacy' && this.#settings.apiKeys.size === 0;
  }

  /** Whether requests without credentials are let in as `reader` (RBAC with no key and no JWT secret). */
  get anonymousAllowed(): boolean {
    return anonymousAllowed(this.#settings);
  }

  async authenticate(request: AuthRequest): Promise<AuthOutcome> {
    const checked = credentialCheck(this.#settings, request.headers, this.#clock());
    if (checked.ok !== 'none') return checked;
    for (const backend of this.#settings.backends ?? []) {
      let answer: unknown;
      try {
        answer = await backend.authenticate(request);
      } catch (error) {
        return { ...failure('backend_refused'), backend: backend.name, errorType: errorTypeOf(error) } as AuthOutcome;
      }
      if (answer === undefined) continue;
      const identity = Identity.safeParse(answer);
      if (!identity.success) return { ...failure('backend_invalid_identity'), backend: backend.name } as AuthOutcome;
      return { ok: true, identity: { subject: identity.data.subject, role: identity.data.role }, source: 'backend', backend: backend.name };
    }
    if (checked.otherScheme) return failure('unsupported_scheme');
    return anonymousAllowed(this.#settings) ? { ok: true, identity: ANONYMOUS_READER, source: 'anonymous' } : failure('missing');
  }

  /** The 403 to answer when the identity's role is below `required`, else undefined. */
  authorize(identity: Identity, required: Role): ServiceError | undefined {
    return roleAtLeast(identity.role, required) ? undefined : roleInsufficient(identity.role, required);
  }
}

export interface BridgeCredentials {
  readonly apiKey?: string;
  /** A bearer token: a JWT, or an API key. */
  readonly token?: string;
}

/**
 * The identity of a caller that is not an HTTP request (the tool bridge takes its credentials
 * from its environment): the same rules as the HTTP chain without plugin backends. Throws the
 * same 401/403 `ServiceError`s the HTTP surface answers.
 */
export function identityFromCredentials(credentials: BridgeCredentials, settings: AuthSettings, now: number = Date.now()): Identity {
  checkSettings(settings);
  const headers: Record<string, string> = {};
  if (credentials.apiKey !== undefined) headers['x-api-key'] = credentials.apiKey;
  if (credentials.token !== undefined) headers['authorization'] = `Bearer ${credentials.token}`;
  const checked = credentialCheck(settings, headers, now);
  if (checked.ok === true) return checked.identity;
  if (checked.ok === false) throw checked.error;
  if (anonymousAllowed(settings)) return ANONYMOUS_READER;
  throw authenticationRequired();
}
