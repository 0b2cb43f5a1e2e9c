import {
  ExecutionResult,
  RunLaunch,
  SkillAsyncRequest,
  SkillExecuteRequest,
  SkillStreamRequest,
  parseContract,
} from '@skill-service/contracts';
import { SkillDescription, SkillList, SkillListQuery, type SkillService } from '@skill-service/service';
import type { Request } from 'express';
import { identityOf } from '../access-control.js';
import type { InflightRuns } from '../inflight-runs.js';
import { queryValues } from '../query-values.js';
import { adoptBodyTraceId, requestIncludeTrace } from '../request-trace.js';
import type { RouteDefinition } from '../route-definition.js';
import { streamRun } from '../stream-run.js';
import { STREAM_FRAME_DATA, StreamFrame } from '../stream-frame.js';

export interface SkillRouteOptions {
  readonly inflight: InflightRuns;
  readonly heartbeatMs: number;
}

const skillId = (req: Request): string => String(req.params['skill_id']);

export function skillRoutes(service: SkillService, options: SkillRouteOptions): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/v1/skills/list',
      operationId: 'listSkills',
      summary: 'List skills (exact-match filters, offset pagination, sorted by id)',
      access: 'reader',
      query: SkillListQuery,
      responses: { 200: { description: 'One page of skills', schema: SkillList } },
      errors: [400],
      handler: (req, res) => {
        res.json(service.listSkills(parseContract(SkillListQuery, queryValues(req), 'query')));
      },
    },
    {
      method: 'get',
      path: '/v1/skills/{skill_id}/describe',
      operationId: 'describeSkill',
      summary: 'Describe a skill: interface, steps, deprecation and replacement',
      access: 'reader',
      responses: { 200: { description: 'The skill', schema: SkillDescription } },
      errors: [404],
      handler: (req, res) => {
        res.json(service.describeSkill(skillId(req)));
      },
    },
    {
      method: 'post',
      path: '/v1/skills/{skill_id}/execute',
      operationId: 'executeSkill',
      summary: 'Execute a skill and answer its result',
      access: 'executor',
      body: SkillExecuteRequest,
      responses: { 200: { description: 'The run completed', schema: ExecutionResult } },
      errors: [400, 403, 404, 409, 412, 422, 428, 502, 503, 504],
      idempotency: 'conflict',
      handler: async (req, res) => {
        const request = parseContract(SkillExecuteRequest, req.body, 'execute request');
        const traceId = adoptBodyTraceId(res, request.trace_id);
        requestIncludeTrace(res, request.include_trace);
        const signal = options.inflight.signalFor(res);
        res.json(await service.executeSkill(skillId(req), request, { traceId, channel: 'http', signal }));
      },
    },
    {
      method: 'post',
      path: '/v1/skills/{skill_id}/execute/stream',
      operationId: 'streamSkill',
      summary: 'Execute a skill as a Server-Sent Events stream ending with `done`',
      access: 'executor',
      body: SkillStreamRequest,
      responses: {
        200: {
          description:
            'LF-framed events `event: <type>\\ndata: <JSON>\\nid: <n>\\n\\n`, `: ping` comments as heartbeat; ' +
            'the response ends after `done`. A request that fails validation gets a JSON error instead.',
          schema: StreamFrame,
          references: STREAM_FRAME_DATA,
          contentType: 'text/event-stream',
          headers: {
            'X-Run-Id': {
              description:
                'The run this execution is recorded as: GET /v1/runs/{run_id} has its outcome and GET /v1/runs/{run_id}/events replays and follows its events (same ids as this stream)',
              schema: { type: 'string' },
            },
          },
        },
      },
      errors: [400, 404, 409, 503],
      handler: async (req, res) => {
        const request = parseContract(SkillStreamRequest, req.body, 'stream request');
        const traceId = adoptBodyTraceId(res, request.trace_id);
        // `continue`: the run outlives the connection (only shutdown cancels it); its events stay at /v1/runs/{id}/events.
        const detached = request.on_disconnect === 'continue' ? options.inflight.detached() : undefined;
        const signal = detached?.signal ?? options.inflight.signalFor(res);
        let run: Awaited<ReturnType<SkillService['streamSkillRun']>>;
        try {
          run = await service.streamSkillRun(skillId(req), request, { traceId, channel: 'http-stream', signal });
        } catch (error) {
          detached?.release();
          throw error;
        }
        if (detached !== undefined) void run.stream.result.then(detached.release, detached.release);
        res.setHeader('X-Run-Id', run.runId);
        await streamRun(res, run.stream, traceId, options.heartbeatMs);
      },
    },
    {
      method: 'post',
      path: '/v1/skills/{skill_id}/execute/async',
      operationId: 'launchSkillRun',
      summary: 'Start a tracked run; poll it at /v1/runs/{run_id}',
      access: 'executor',
      body: SkillAsyncRequest,
      responses: { 202: { description: 'The request is valid and the run is queued', schema: RunLaunch } },
      errors: [400, 404, 409, 422, 503],
      idempotency: 'wait',
      handler: async (req, res) => {
        const request = parseContract(SkillAsyncRequest, req.body, 'async request');
        const traceId = adoptBodyTraceId(res, request.trace_id);
        const subject = identityOf(res)?.subject;
        res.status(202).json(await service.launchRun(skillId(req), request, { traceId, channel: 'http-async', ...(subject === undefined ? {} : { subject }) }));
      },
    },
  ];
}
