import type { Role } from '@skill-service/contracts';
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { IdempotencyMode } from './idempotent-requests.js';

export interface RouteResponse {
  readonly description: string;
  readonly schema: z.ZodType;
  /** Default `application/json`. */
  readonly contentType?: string;
  /** Named schemas the schema refers to outside zod's own references (an SSE frame's `data` by `contentSchema`). */
  readonly references?: readonly z.ZodType[];
  /** Headers of the answer worth describing (besides the common ones), by name. */
  readonly headers?: Readonly<Record<string, RouteHeader>>;
}

/** A request or response header an operation describes. */
export interface RouteHeader {
  readonly description: string;
  /** Its JSON Schema (headers are text; `pattern` says which text). */
  readonly schema: Readonly<Record<string, unknown>>;
}

/**
 * One operation of the HTTP surface: what it needs and answers (from the zod contracts, which
 * generate /openapi.json) and its handler. Paths are written OpenAPI-style (`/v1/runs/{run_id}`).
 */
export interface RouteDefinition {
  readonly method: 'get' | 'post' | 'delete';
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  /**
   * The role the route needs: the contract's route table decides, and a definition that
   * contradicts it fails when the app is built (a route the table does not list is taken as
   * declared). `public` (health, the API description) answers without credentials unless the
   * server is started with `--require-auth-all`, then it needs `reader`.
   */
  readonly access: 'public' | Role;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The success answers by status. */
  readonly responses: Readonly<Record<number, RouteResponse>>;
  /** Error statuses the route answers on purpose, besides those every route may answer. */
  readonly errors: readonly number[];
  /** Honours an `Idempotency-Key` header (the mode says what a duplicate does while the first runs). */
  readonly idempotency?: IdempotencyMode;
  /** Optional request headers the route reads, by name (described as header parameters). */
  readonly requestHeaders?: Readonly<Record<string, RouteHeader>>;
  readonly handler: RequestHandler;
}
