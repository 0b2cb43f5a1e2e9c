import { randomUUID } from 'node:crypto';
import { Authenticator, RouteAccessTable, UNKNOWN_ROUTE_ROLE, type AuthSettings } from '@skill-service/auth';
import { NotFoundError, SkillExecuteRequest, type ErrorPayload, type Identity } from '@skill-service/contracts';
import { errorAnswer, type SkillService } from '@skill-service/service';
import { activeTraceUuid } from '@skill-service/util';
import type { BridgeTool } from './bridge-tools.js';

/** `bridge`: the contract's line shape; `mcp`: JSON-RPC. Recorded in audit and metrics. */
export type BridgeChannel = 'bridge' | 'mcp';

export type ToolOutcome =
  | { readonly ok: true; readonly result: unknown }
  | { readonly ok: false; readonly error: ErrorPayload };

export interface ToolDispatcherOptions {
  readonly service: SkillService;
  readonly tools: readonly BridgeTool[];
  /** Who the bridge acts for (resolved from its environment at start). */
  readonly identity: Identity;
  /** The same settings the server authenticates with (only `authorize` is used here). */
  readonly auth: AuthSettings;
  /** Route → role: the contract's table, plus rows for tools without an HTTP route of their own. */
  readonly routes: RouteAccessTable;
  /** Unexpected errors, for the operator (stderr). */
  readonly log: (line: string) => void;
}

// The same rule as the HTTP body's trace_id; a bad one is refused by the contract parse itself.
const TRACE_ID = SkillExecuteRequest.shape.trace_id.unwrap();

/**
 * The tools of the contract for both line protocols: authorizes the call against the role of the
 * HTTP route the tool mirrors, runs it, and maps any failure through `errorAnswer` (the one mapping
 * HTTP uses too). Never throws.
 */
export class ToolDispatcher {
  readonly #options: ToolDispatcherOptions;
  readonly #tools: ReadonlyMap<string, BridgeTool>;
  readonly #authenticator: Authenticator;
  readonly #routes: RouteAccessTable;

  constructor(options: ToolDispatcherOptions) {
    this.#options = options;
    this.#tools = new Map(options.tools.map((tool) => [tool.name, tool]));
    this.#authenticator = new Authenticator(options.auth);
    this.#routes = options.routes;
  }

  get tools(): readonly BridgeTool[] {
    return this.#options.tools;
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  async call(name: string, args: Readonly<Record<string, unknown>>, channel: BridgeChannel, signal?: AbortSignal): Promise<ToolOutcome> {
    const bodyTrace = args['trace_id'];
    const traceId = typeof bodyTrace === 'string' && TRACE_ID.safeParse(bodyTrace).success ? bodyTrace : (activeTraceUuid() ?? randomUUID());
    const tool = this.#tools.get(name);
    try {
      if (tool === undefined) throw new NotFoundError(`Unknown tool '${name}'`, { hint: `Tools: ${[...this.#tools.keys()].join(', ')}` });
      const required = this.#routes.roleOfTemplate(tool.route.method, tool.route.path) ?? UNKNOWN_ROUTE_ROLE;
      const refusal = this.#authenticator.authorize(this.#options.identity, required);
      if (refusal !== undefined) throw refusal;
      const result = await tool.run(this.#options.service, args, { traceId, channel, ...(signal === undefined ? {} : { signal }) });
      return { ok: true, result };
    } catch (error) {
      const answer = errorAnswer(error, traceId, { includeTrace: args['include_trace'] === true });
      if (answer.body.error.code === 'internal_error') {
        this.#options.log(`internal error in ${name} (trace ${traceId}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
      return { ok: false, error: answer.body };
    }
  }

  /**
   * An operation on the async runs behind MCP tasks, authorized as the bridge's identity for
   * `route` (launching: the async execute's role). Never throws: failures are error payloads.
   */
  async runs<T>(
    route: { readonly method: 'GET' | 'POST'; readonly path: string },
    operation: (service: SkillService, identity: Identity, traceId: string) => Promise<T>,
  ): Promise<{ readonly ok: true; readonly result: T } | { readonly ok: false; readonly error: ErrorPayload }> {
    const traceId = activeTraceUuid() ?? randomUUID();
    try {
      const required = this.#routes.roleOfTemplate(route.method, route.path) ?? UNKNOWN_ROUTE_ROLE;
      const refusal = this.#authenticator.authorize(this.#options.identity, required);
      if (refusal !== undefined) throw refusal;
      return { ok: true, result: await operation(this.#options.service, this.#options.identity, traceId) };
    } catch (error) {
      const answer = errorAnswer(error, traceId);
      if (answer.body.error.code === 'internal_error') {
        this.#options.log(`internal error in ${route.method} ${route.path} (trace ${traceId}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
      return { ok: false, error: answer.body };
    }
  }
}
