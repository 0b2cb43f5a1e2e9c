import { RunList, RunRecord, parseContract } from '@skill-service/contracts';
import { RunListQuery, type SkillService } from '@skill-service/service';
import { queryValues } from '../query-values.js';
import type { RouteDefinition } from '../route-definition.js';
import { z } from 'zod';
import { identityOf } from '../access-control.js';

/** The cancel takes no options: an empty JSON object, or no body at all. */
export const RunCancelRequest = z.object({}).meta({ id: 'RunCancelRequest' });

export function runRoutes(service: SkillService): RouteDefinition[] {
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
  ];
}
