import { RunList, RunRecord, parseContract } from '@skill-service/contracts';
import { RunListQuery, type SkillService } from '@skill-service/service';
import { LAST_EVENT_ID_HEADER, RunEventsQuery, lastEventIdOf } from '../last-event-id.js';
import { queryValues } from '../query-values.js';
import { sendRunEvents } from '../send-run-events.js';
import { STREAM_FRAME_DATA, StreamFrame } from '../stream-frame.js';
import type { RouteDefinition } from '../route-definition.js';
import { z } from 'zod';
import { identityOf } from '../access-control.js';

/** The cancel takes no options: an empty JSON object, or no body at all. */
export const RunCancelRequest = z.object({}).meta({ id: 'RunCancelRequest' });

export function runRoutes(service: SkillService, options: { readonly heartbeatMs: number } = { heartbeatMs: 15_000 }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/v1/runs',
      operationId: 'listRuns',
      summary: 'Async runs, newest first',
      access: 'operator',
      query: RunListQuery,
      responses: { 200: { description: 'The most recent runs', schema: RunList } },
      errors: [400, 503],
      handler: async (req, res) => {
        res.json(await service.listRuns(parseContract(RunListQuery, queryValues(req), 'query')));
      },
    },
    {
      method: 'get',
      path: '/v1/runs/{run_id}',
      operationId: 'getRun',
      summary: 'One async run (running, completed or failed)',
      access: 'operator',
      responses: { 200: { description: 'The run record', schema: RunRecord } },
      errors: [404, 503],
      handler: async (req, res) => {
        res.json(await service.getRun(String(req.params['run_id'])));
      },
    },
    {
      method: 'post',
      path: '/v1/runs/{run_id}/cancel',
      operationId: 'cancelRun',
      summary: 'Cancel a running async run (an operator, or the executor who launched it); it fails with `Run cancelled`',
      access: 'executor',
      body: RunCancelRequest,
      responses: { 200: { description: 'The cancelled run record (`failed`, error `Run cancelled`)', schema: RunRecord } },
      errors: [403, 404, 409, 503],
      handler: async (req, res) => {
        parseContract(RunCancelRequest, req.body, 'cancel request');
        res.json(await service.cancelRun(String(req.params['run_id']), identityOf(res)));
      },
    },
    {
      method: 'get',
      path: '/v1/runs/{run_id}/events',
      operationId: 'streamRunEvents',
      summary: 'A run\u2019s events as Server-Sent Events: replayed from the first (or after Last-Event-ID), then live until `done`',
      access: 'operator',
      query: RunEventsQuery,
      requestHeaders: { 'Last-Event-ID': LAST_EVENT_ID_HEADER },
      responses: {
        200: {
          description:
            'The frames of the execute stream with the run\u2019s own event ids (`event: <type>\\ndata: <JSON>\\nid: <n>\\n\\n`), `: ping` comments as ' +
            'heartbeat; ends after `done` (at once for a finished run replayed to its end).',
          schema: StreamFrame,
          references: STREAM_FRAME_DATA,
          contentType: 'text/event-stream',
        },
      },
      errors: [400, 404, 503],
      handler: async (req, res) => {
        const afterId = lastEventIdOf(req);
        const disconnected = new AbortController();
        res.once('close', () => disconnected.abort());
        const events = await service.followRunEvents(String(req.params['run_id']), afterId, disconnected.signal);
        await sendRunEvents(res, events, options.heartbeatMs);
      },
    },
  ];
}
