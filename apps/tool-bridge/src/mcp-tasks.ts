import { SkillAsyncRequest, isServiceError, parseContract, statusOf, type ErrorPayload, type RunRecord } from '@skill-service/contracts';
import { RunMessages } from '@skill-service/runs';
import { abortableSleep } from '@skill-service/util';
import { z } from 'zod';
import { JSONRPC_INTERNAL_ERROR, JSONRPC_INVALID_PARAMS, ProtocolError } from './protocol-error.js';
import type { ToolDispatcher } from './tool-dispatcher.js';

// MCP tasks (revision 2025-11-25) over the service's async runs: a task-augmented `tools/call` of
// `skill.execute` launches a run (task id = run id), and tasks/get, tasks/result, tasks/list and
// tasks/cancel read and cancel it. Written here rather than taken from the SDK: the SDK's task
// handling lives in its `Server` (Protocol), which owns its transport's whole stream, and this
// stream also carries the contract's plain lines. The answers follow the SDK's own schemas and
// error wording, and the specs check them with the SDK's client.

/** The `_meta` key tying a result to its task. */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** The protocol revision that introduced tasks. */
export const TASKS_REVISION = '2025-11-25';

/** What `initialize` declares (at that revision): task-augmented tools/call, tasks/list and tasks/cancel. */
export const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } } as const;

/** The tools that accept a task-augmented call (`execution.taskSupport: optional`). */
export const TASK_TOOLS: ReadonlySet<string> = new Set(['skill.execute']);

/** How often a client is asked to poll, and how often tasks/result looks at the run. */
export const TASK_POLL_INTERVAL_MS = 500;

/** Tasks this bridge remembers launching (the oldest forgotten first); their runs are evicted sooner anyway. */
const MAX_TASKS = 1000;

const LAUNCH = { method: 'POST', path: '/v1/skills/{skill_id}/execute/async' } as const;
const CANCEL = { method: 'POST', path: '/v1/runs/{run_id}/cancel' } as const;

const TaskIdParams = z.object({ taskId: z.string().min(1).max(256) });
const SkillIdArgument = z.object({ skill_id: z.string().min(1).max(256) });

type Json = Record<string, unknown>;

/** The run's status in the task's words: a run cancelled on request is a `cancelled` task. */
function taskStatus(record: RunRecord): 'working' | 'completed' | 'failed' | 'cancelled' {
  if (record.status === 'running') return 'working';
  if (record.status === 'completed') return 'completed';
  return record.error === RunMessages.cancelled ? 'cancelled' : 'failed';
}

/**
 * A run as an MCP task. `ttl` is null: a run is kept until newer runs evict it
 * (SERVICE_MAX_RUNS), not for a time, so a requested ttl is not honoured.
 */
export function taskOf(record: RunRecord): Json {
  return {
    taskId: record.run_id,
    status: taskStatus(record),
    ttl: null,
    createdAt: record.created_at,
    lastUpdatedAt: record.finished_at ?? record.created_at,
    pollInterval: TASK_POLL_INTERVAL_MS,
    ...(record.status === 'failed' && record.error !== null ? { statusMessage: record.error } : {}),
  };
}

function taskIdOf(params: Json): string {
  const parsed = TaskIdParams.safeParse(params);
  if (!parsed.success) throw new ProtocolError(JSONRPC_INVALID_PARAMS, 'Invalid params: taskId must be a non-empty string');
  return parsed.data.taskId;
}

/** A service error as a JSON-RPC error: the caller's fault as invalid params, the rest as internal, the payload as data. */
function failure(error: ErrorPayload): ProtocolError {
  const status = statusOf(error.error.code);
  return new ProtocolError(status < 500 ? JSONRPC_INVALID_PARAMS : JSONRPC_INTERNAL_ERROR, error.error.message, error);
}

const notFound = (taskId: string): ProtocolError => new ProtocolError(JSONRPC_INVALID_PARAMS, `Task not found: ${taskId.slice(0, 256)}`);

/**
 * The tasks of one bridge (one MCP session over stdio): only the tasks it launched are visible to
 * it, as MCP asks of a receiver serving several requestors.
 */
export class McpTasks {
  readonly #dispatcher: ToolDispatcher;
  /** Launched task ids, oldest first. */
  readonly #owned = new Set<string>();

  constructor(dispatcher: ToolDispatcher) {
    this.#dispatcher = dispatcher;
  }

  /** A task-augmented `tools/call` of skill.execute: validated, launched as an async run, answered `{task}`. */
  async launch(args: Json): Promise<Json> {
    const outcome = await this.#dispatcher.runs(LAUNCH, async (service, identity, generatedTraceId) => {
      const skillId = parseContract(SkillIdArgument, args, 'arguments').skill_id;
      const { skill_id: _skill, include_trace: _trace, ...body } = args;
      const request = parseContract(SkillAsyncRequest, body, 'execute request');
      const launch = await service.launchRun(skillId, request, { traceId: request.trace_id ?? generatedTraceId, channel: 'mcp', subject: identity.subject });
      return service.getRun(launch.run_id);
    });
    if (!outcome.ok) throw failure(outcome.error);
    this.#remember(outcome.result.run_id);
    return { task: taskOf(outcome.result) };
  }

  /** tasks/get */
  async get(params: Json): Promise<Json> {
    return taskOf(await this.#record(taskIdOf(params)));
  }

  /**
   * tasks/result: waits until the task is terminal, then answers what the call would have: the
   * execution result when completed, else the failed run record with `isError`. Undefined when
   * `signal` aborts first (the request was cancelled).
   */
  async result(params: Json, signal: AbortSignal): Promise<Json | undefined> {
    const taskId = taskIdOf(params);
    for (;;) {
      const record = await this.#record(taskId);
      if (record.status !== 'running') {
        const structured = record.status === 'completed' ? (record.result as unknown as Json) : (record as unknown as Json);
        return {
          content: [{ type: 'text', text: JSON.stringify(structured) }],
          structuredContent: structured,
          ...(record.status === 'completed' ? {} : { isError: true }),
          _meta: { [RELATED_TASK]: { taskId } },
        };
      }
      try {
        await abortableSleep(TASK_POLL_INTERVAL_MS, signal);
      } catch {
        return undefined;
      }
    }
  }

  /** tasks/list: this bridge's tasks still stored, the newest first, in one page. */
  async list(): Promise<Json> {
    const ids = [...this.#owned].reverse();
    const outcome = await this.#dispatcher.runs(LAUNCH, async (service) => {
      const records: RunRecord[] = [];
      for (const id of ids) {
        try {
          records.push(await service.getRun(id));
        } catch (error) {
          // Evicted by newer runs: forgotten here too.
          if (!isServiceError(error) || error.code !== 'not_found') throw error;
          this.#owned.delete(id);
        }
      }
      return records;
    });
    if (!outcome.ok) throw failure(outcome.error);
    return { tasks: outcome.result.map(taskOf) };
  }

  /** tasks/cancel: the run is cancelled wherever it executes; a terminal task cannot be. */
  async cancel(params: Json): Promise<Json> {
    const taskId = taskIdOf(params);
    if (!this.#owned.has(taskId)) throw notFound(taskId);
    const outcome = await this.#dispatcher.runs(CANCEL, (service, identity) => service.cancelRun(taskId, identity));
    if (outcome.ok) return taskOf(outcome.result);
    if (outcome.error.error.code === 'run_finished') {
      throw new ProtocolError(JSONRPC_INVALID_PARAMS, `Cannot cancel task in terminal status: ${taskStatus(await this.#record(taskId))}`);
    }
    if (outcome.error.error.code === 'not_found') throw notFound(taskId);
    throw failure(outcome.error);
  }

  async #record(taskId: string): Promise<RunRecord> {
    if (!this.#owned.has(taskId)) throw notFound(taskId);
    const outcome = await this.#dispatcher.runs(LAUNCH, (service) => service.getRun(taskId));
    if (outcome.ok) return outcome.result;
    if (outcome.error.error.code === 'not_found') {
      this.#owned.delete(taskId);
      throw notFound(taskId);
    }
    throw failure(outcome.error);
  }

  #remember(taskId: string): void {
    this.#owned.add(taskId);
    for (const oldest of this.#owned) {
      if (this.#owned.size <= MAX_TASKS) break;
      this.#owned.delete(oldest);
    }
  }
}
