import { z } from 'zod';
import { DEFAULT_RUN_LIST_LIMIT, MAX_RUN_LIST_LIMIT } from '@skill-service/runs';
import { integerParameter } from '@skill-service/contracts';

/** GET /v1/runs query. */
export const RunListQuery = z.object({ limit: integerParameter(1, MAX_RUN_LIST_LIMIT, DEFAULT_RUN_LIST_LIMIT) });
export type RunListQuery = z.output<typeof RunListQuery>;
