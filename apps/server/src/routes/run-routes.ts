import { RunList, RunRecord, parseContract } from '@skill-service/contracts';
import { RunListQuery, type SkillService } from '@skill-service/service';
import { queryValues } from '../query-values.js';
import type { RouteDefinition } from '../route-definition.js';

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
  ];
}
