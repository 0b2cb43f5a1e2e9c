import { performance } from 'node:perf_hooks';
import {
  CONTRACT_ROUTE_ROLES,
  RouteAccessTable,
  SlidingWindowRateLimiter,
  WWW_AUTHENTICATE,
  isCredentialed,
  isPendingDecision,
  rateLimitHeaders,
  rateLimited,
  type AuthOutcome,
  type Authenticator,
  type RateLimiterOptions,
  type RateLimitStore,
} from '@skill-service/auth';
import type { Identity, Role } from '@skill-service/contracts';
import type { Logger } from './logging/create-logger.js';
import type { Request, RequestHandler, Response } from 'express';
import { ProxyTrust, clientKeyOf, clientOrigin } from './client-address.js';
import type { RouteDefinition } from './route-definition.js';
import { routeTemplateOf } from './route-template.js';

/** Told of refusals (metrics): rate-limited requests by route template (undefined: no route matched), refused credentials by reason. */
export interface AccessObserver {
  rateLimited(route: string | undefined): void;
  authRefused?(reason: string): void;
}

export interface AccessControlOptions {
  readonly authenticator: Authenticator;
  readonly rateLimit: RateLimiterOptions;
  /** Where windows are counted; default this process's memory, with `rateLimit`'s policy. */
  readonly rateLimitStore?: RateLimitStore;
  /** `/v1/health` and `/openapi.json` (routes declared `public`) answer without credentials and limits. */
  readonly publicRoutes: boolean;
  readonly trustedProxies?: ProxyTrust;
  /** The contract's route → role table unless given. */
  readonly routeAccess?: RouteAccessTable;
  /** Milliseconds on a monotonic clock, for the rate limiter. */
  readonly now?: () => number;
  readonly observer?: AccessObserver;
  /** Where refused credentials are logged (at info). */
  readonly logger?: Pick<Logger, 'info'>;
}

type Refusal = Extract<AuthOutcome, { ok: false }>;

interface AccessLocals {
  identity?: Identity;
}

/** The caller a guard let through (undefined on public routes). */
export function identityOf(res: Response): Identity | undefined {
  return (res.locals as AccessLocals).identity;
}

/**
 * Authentication, rate limiting and authorization in front of every route. One guard per route:
 * authenticate (the chain of the configured mode), count the request against its client — the
 * subject when a credential named one, else the client address, so failed authentications are
 * counted too — and refuse past the limit (429); then refuse a failed authentication (401 with
 * `WWW-Authenticate`, or the legacy 403) or a role below the route's (403). Every request the
 * guard sees carries the `RateLimit-Policy` and `RateLimit` headers; a 429 adds `Retry-After`.
 *
 * A route's role comes from the contract's table; a route definition that contradicts the table
 * is a programming error caught when the app is built. Requests no route matches (404) need the
 * role the table gives their path, else admin, so a lower role learns nothing from a 404. (Another
 * method on a documented path answers 405 before any guard: see mountRoutes.)
 */
export class AccessControl {
  readonly limiter: RateLimitStore;
  readonly authenticator: Authenticator;
  readonly #table: RouteAccessTable;
  readonly #publicRoutes: boolean;
  readonly #trust: ProxyTrust;
  readonly #now: () => number;
  readonly #observer: AccessObserver | undefined;
  readonly #logger: Pick<Logger, 'info'> | undefined;

  constructor(options: AccessControlOptions) {
    this.authenticator = options.authenticator;
    this.limiter = options.rateLimitStore ?? new SlidingWindowRateLimiter(options.rateLimit);
    this.#table = options.routeAccess ?? new RouteAccessTable(CONTRACT_ROUTE_ROLES);
    this.#publicRoutes = options.publicRoutes;
    this.#trust = options.trustedProxies ?? ProxyTrust.none();
    this.#now = options.now ?? (() => performance.timeOrigin + performance.now());
    this.#observer = options.observer;
    this.#logger = options.logger;
  }

  /** The role a route needs; throws when its definition and the contract's table disagree. */
  roleOf(route: RouteDefinition): Role | 'public' {
    const listed = this.#table.roleOfTemplate(route.method, route.path);
    const where = `${route.method.toUpperCase()} ${route.path}`;
    if (route.access === 'public') {
      if (listed !== undefined && listed !== 'reader') throw new Error(`${where} is declared public but the route table gives it role ${listed}`);
      return this.#publicRoutes ? 'public' : 'reader';
    }
    if (listed !== undefined && listed !== route.access) throw new Error(`${where} declares role ${route.access} but the route table gives it ${listed}`);
    return route.access;
  }

  /** The guard of one mounted route. */
  forRoute(route: RouteDefinition): RequestHandler {
    const role = this.roleOf(route);
    if (role === 'public') return (_req, _res, next) => next();
    return (req, res, next) => this.#guard(req, res, role).then(next, next);
  }

  /** The guard of requests no route answers (404): the table's role for the path, else admin. */
  readonly unmatched: RequestHandler = (req, res, next) => {
    this.#guard(req, res, this.#table.requiredRole(req.method, req.path)).then(next, next);
  };

  /** Resolves to undefined to go on, or to the error to answer. */
  async #guard(req: Request, res: Response, role: Role): Promise<unknown> {
    const origin = clientOrigin(req.socket.remoteAddress, req.headersDistinct['x-forwarded-for'], this.#trust);
    const outcome = await this.authenticator.authenticate({
      headers: req.headersDistinct,
      peerAddress: origin.peer,
      clientAddress: origin.address,
      fromTrustedProxy: origin.viaTrustedProxy,
    });
    const clientKey = outcome.ok && isCredentialed(outcome) ? `subject:${outcome.identity.subject}` : `address:${clientKeyOf(origin.address)}`;
    // An in-memory store answers at once: no extra await on the request path.
    const answer = this.limiter.check(clientKey, this.#now());
    const decision = isPendingDecision(answer) ? await answer : answer;
    res.set(rateLimitHeaders(decision, this.limiter.policy));
    if (!decision.allowed) {
      this.#observer?.rateLimited(routeTemplateOf(res));
      return rateLimited(decision, this.limiter.policy);
    }
    if (!outcome.ok) {
      this.#refused(outcome, origin.address);
      if (outcome.error.code === 'unauthorized') res.set('WWW-Authenticate', WWW_AUTHENTICATE);
      return outcome.error;
    }
    const denied = this.authenticator.authorize(outcome.identity, role);
    if (denied !== undefined) return denied;
    (res.locals as AccessLocals).identity = outcome.identity;
    return undefined;
  }

  /**
   * Counts a failed authentication by reason and logs it once, at info, with the client address:
   * the operator can tell an expired token from a bad signature or a failing plugin while the
   * caller keeps getting the same 401/403. The credential itself is never part of the line. A
   * request without any credential is counted (`missing`) but not logged: that is every anonymous
   * probe. Refusals past the rate limit were answered 429 and are not seen here.
   */
  #refused(outcome: Refusal, client: string | undefined): void {
    this.#observer?.authRefused?.(outcome.reason);
    if (outcome.reason === 'missing') return;
    this.#logger?.info('credential refused', {
      event: 'auth_refused',
      reason: outcome.reason,
      client: client ?? 'unknown',
      ...(outcome.backend === undefined ? {} : { plugin: outcome.backend }),
      ...(outcome.errorType === undefined ? {} : { error_type: outcome.errorType }),
    });
  }
}
