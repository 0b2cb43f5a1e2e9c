// API report of @skill-service/auth: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { ApiKeyStore, sha256Hex } from "./api-key-store.js";
export { AUTH_REALM, WWW_AUTHENTICATE, authenticationRequired, invalidApiKey, rateLimited, roleInsufficient } from "./auth-errors.js";
export { ANONYMOUS_READER, Authenticator, OPEN_ACCESS, identityFromCredentials, isCredentialed, type AuthBackend, type AuthFailureReason, type AuthMode, type AuthOutcome, type AuthPluginContext, type AuthRequest, type AuthSettings, type BridgeCredentials, type CreateAuthBackend, type CredentialSource, type JwtSettings, } from "./authenticator.js";
export { MAX_CREDENTIAL_LENGTH, isCleanCredential } from "./credential-text.js";
export { DEFAULT_JWT_LEEWAY_SECONDS, DEFAULT_MAX_JWT_LENGTH, JwtVerificationError, MIN_JWT_SECRET_BYTES, looksLikeJwt, signJwtHs256, verifyJwtHs256, type JwtClaims, type JwtFailure, type JwtVerifyOptions, } from "./jwt-hs256.js";
export { AUTH_PLUGIN_MANIFEST, type AuthPluginManifest } from "./plugin-manifest.js";
export { DEFAULT_MAX_TRACKED_CLIENTS, DEFAULT_RATE_LIMIT, SlidingWindowRateLimiter, rateLimitHeaders, type RateLimitDecision, type RateLimitPolicy, type RateLimiterOptions, } from "./rate-limiter.js";
export { isPendingDecision, type RateLimitStore } from "./rate-limit-store.js";
export { CONTRACT_ROUTE_ROLES, RouteAccessTable, UNKNOWN_ROUTE_ROLE, type HttpMethod, type RouteRoleEntry } from "./route-access.js";

// ---- api-key-store.d.ts
import { Identity } from "@skill-service/contracts";
export declare function sha256Hex(rawKey: string): string;
export declare class ApiKeyStore {
    #private;
    add(rawKey: string, identity: Identity): this;
    addHash(digestHex: string, identity: Identity): this;
    get size(): number;
    verify(rawKey: string): Identity | undefined;
}

// ---- auth-errors.d.ts
import { ServiceError, type Role } from "@skill-service/contracts";
import type { RateLimitDecision, RateLimitPolicy } from "./rate-limiter.js";
export declare const AUTH_REALM = "skill-service";
export declare const WWW_AUTHENTICATE = "Bearer realm=\"skill-service\", ApiKey realm=\"skill-service\", header=\"X-API-Key\"";
export declare function authenticationRequired(): ServiceError;
export declare function invalidApiKey(): ServiceError;
export declare function roleInsufficient(role: Role, required: Role): ServiceError;
export declare function rateLimited(decision: RateLimitDecision, policy: RateLimitPolicy): ServiceError;

// ---- authenticator.d.ts
import { Identity, ServiceError, type Role } from "@skill-service/contracts";
import type { ApiKeyStore } from "./api-key-store.js";
import { type JwtFailure } from "./jwt-hs256.js";
export type AuthMode = "legacy" | "rbac";
export interface AuthRequest {
    readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
    readonly peerAddress?: string;
    readonly clientAddress?: string;
    readonly fromTrustedProxy?: boolean;
}
export interface AuthBackend {
    readonly name: string;
    authenticate(request: AuthRequest): Identity | undefined | Promise<Identity | undefined>;
}
export interface AuthPluginContext {
    readonly name: string;
    readonly env: Readonly<Record<string, string | undefined>>;
}
export type CreateAuthBackend = (context: AuthPluginContext) => AuthBackend | Promise<AuthBackend>;
export interface JwtSettings {
    readonly secret: string;
    readonly previousSecrets?: readonly string[];
    readonly leewaySeconds?: number;
    readonly issuer?: string;
    readonly audience?: string;
    readonly maxLength?: number;
    readonly requireExp?: boolean;
    readonly maxAgeSeconds?: number;
}
export interface AuthSettings {
    readonly mode: AuthMode;
    readonly apiKeys: ApiKeyStore;
    readonly jwt?: JwtSettings;
    readonly backends?: readonly AuthBackend[];
}
export type CredentialSource = "api_key" | "jwt" | "backend" | "anonymous" | "open";
export type AuthFailureReason = "missing" | "malformed" | "duplicate_header" | "unknown_key" | "unsupported_scheme" | "backend_refused" | "backend_invalid_identity" | `jwt_${JwtFailure}`;
export type AuthOutcome = {
    readonly ok: true;
    readonly identity: Identity;
    readonly source: CredentialSource;
    readonly backend?: string;
} | {
    readonly ok: false;
    readonly error: ServiceError;
    readonly reason: AuthFailureReason;
    readonly backend?: string;
    readonly errorType?: string;
};
export declare function isCredentialed(outcome: AuthOutcome): boolean;
export declare const ANONYMOUS_READER: Identity;
export declare const OPEN_ACCESS: Identity;
export declare class Authenticator {
    #private;
    constructor(settings: AuthSettings, clock?: () => number);
    get mode(): AuthMode;
    get open(): boolean;
    get anonymousAllowed(): boolean;
    authenticate(request: AuthRequest): Promise<AuthOutcome>;
    authorize(identity: Identity, required: Role): ServiceError | undefined;
}
export interface BridgeCredentials {
    readonly apiKey?: string;
    readonly token?: string;
}
export declare function identityFromCredentials(credentials: BridgeCredentials, settings: AuthSettings, now?: number): Identity;

// ---- credential-text.d.ts
export declare const MAX_CREDENTIAL_LENGTH = 8192;
export declare function isCleanCredential(value: string, maxLength?: number): boolean;

// ---- jwt-hs256.d.ts
import { type Role } from "@skill-service/contracts";
export type JwtFailure = "too_long" | "malformed" | "unsupported_algorithm" | "bad_signature" | "invalid_claims" | "missing_subject" | "missing_exp" | "missing_iat" | "expired" | "too_old" | "not_yet_valid" | "wrong_issuer" | "wrong_audience";
export declare class JwtVerificationError extends Error {
    readonly reason: JwtFailure;
    constructor(reason: JwtFailure, message: string);
}
export interface JwtClaims {
    readonly sub: string;
    readonly role: Role;
    readonly exp?: number;
    readonly nbf?: number;
    readonly iat?: number;
    readonly all: Readonly<Record<string, unknown>>;
}
export interface JwtVerifyOptions {
    readonly now: number;
    readonly leewaySeconds?: number;
    readonly issuer?: string;
    readonly audience?: string;
    readonly maxLength?: number;
    readonly requireExp?: boolean;
    readonly maxAgeSeconds?: number;
}
export declare const DEFAULT_JWT_LEEWAY_SECONDS = 30;
export declare const DEFAULT_MAX_JWT_LENGTH = 8192;
export declare const MIN_JWT_SECRET_BYTES = 32;
export declare function looksLikeJwt(token: string): boolean;
export declare function verifyJwtHs256(token: string, secret: string | readonly string[], options: JwtVerifyOptions): JwtClaims;
export declare function signJwtHs256(claims: Readonly<Record<string, unknown>>, secret: string, header?: Readonly<Record<string, unknown>>): string;

// ---- plugin-manifest.d.ts
export declare const AUTH_PLUGIN_MANIFEST: {
    readonly key: "skillService";
    readonly field: "authBackends";
    readonly factoryExport: "createAuthBackend";
};
export interface AuthPluginManifest {
    readonly skillService?: {
        readonly authBackends?: Readonly<Record<string, string>>;
    };
}

// ---- rate-limit-store.d.ts
import type { RateLimitDecision, RateLimitPolicy } from "./rate-limiter.js";
export interface RateLimitStore {
    readonly policy: RateLimitPolicy;
    check(clientKey: string, now: number): RateLimitDecision | Promise<RateLimitDecision>;
}
export declare function isPendingDecision(answer: RateLimitDecision | Promise<RateLimitDecision>): answer is Promise<RateLimitDecision>;

// ---- rate-limiter.d.ts
import type { RateLimitStore } from "./rate-limit-store.js";
export interface RateLimitPolicy {
    readonly limit: number;
    readonly windowSeconds: number;
}
export interface RateLimiterOptions extends RateLimitPolicy {
    readonly maxClients?: number;
}
export interface RateLimitDecision {
    readonly allowed: boolean;
    readonly limit: number;
    readonly remaining: number;
    readonly resetSeconds: number;
    readonly retryAfterSeconds: number;
}
export declare const DEFAULT_RATE_LIMIT: RateLimitPolicy;
export declare const DEFAULT_MAX_TRACKED_CLIENTS = 10000;
export declare class SlidingWindowRateLimiter implements RateLimitStore {
    #private;
    readonly policy: RateLimitPolicy;
    readonly maxClients: number;
    constructor(options: RateLimiterOptions);
    get trackedClients(): number;
    check(clientKey: string, now: number): RateLimitDecision;
}
export declare function rateLimitHeaders(decision: RateLimitDecision, policy: RateLimitPolicy): Record<string, string>;

// ---- route-access.d.ts
import type { Role } from "@skill-service/contracts";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export interface RouteRoleEntry {
    readonly method: HttpMethod;
    readonly path: string;
    readonly role: Role;
}
export declare const CONTRACT_ROUTE_ROLES: readonly RouteRoleEntry[];
export declare const UNKNOWN_ROUTE_ROLE: Role;
export declare class RouteAccessTable {
    #private;
    constructor(entries?: readonly RouteRoleEntry[]);
    get entries(): readonly RouteRoleEntry[];
    with(entries: readonly RouteRoleEntry[]): RouteAccessTable;
    roleOfTemplate(method: string, template: string): Role | undefined;
    match(method: string, path: string): RouteRoleEntry | undefined;
    requiredRole(method: string, path: string): Role;
}
