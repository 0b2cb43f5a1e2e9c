import { HealthReport, type SkillService } from '@skill-service/service';
import { z } from 'zod';
import { queryValues } from '../query-values.js';
import type { RouteDefinition } from '../route-definition.js';

const HealthQuery = z.object({
  deep: z.string().optional().describe('`true` adds a check per subsystem and answers 503 when a critical one failed'),
});

export function healthRoutes(service: SkillService): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/v1/health',
      operationId: 'getHealth',
      summary: 'Service health; deep=true checks every subsystem',
      access: 'public',
      query: HealthQuery,
      responses: {
        200: { description: 'Healthy or degraded', schema: HealthReport },
        503: { description: 'A critical subsystem failed (deep only)', schema: HealthReport },
      },
      errors: [],
      handler: async (req, res) => {
        const report = await service.health(queryValues(req)['deep'] === 'true');
        res.status(report.status === 'unhealthy' ? 503 : 200).json(report);
      },
    },
  ];
}
