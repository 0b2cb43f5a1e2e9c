import type { HttpClient } from './http-client.js';

/** Optional parts of the API this server offers, read from its own description (`/openapi.json`). */
export interface ServerFeatures {
  /** `GET /v1/runs/{run_id}/events`: a run's events as a resumable SSE stream. */
  readonly runEvents: boolean;
  /** `POST /v1/runs/{run_id}/cancel`. */
  readonly runCancel: boolean;
}

export const NO_FEATURES: ServerFeatures = { runEvents: false, runCancel: false };

export async function serverFeatures(client: HttpClient): Promise<ServerFeatures> {
  try {
    const document = await client.get<{ paths?: Record<string, Record<string, unknown>> }>('/openapi.json');
    const paths = document.paths ?? {};
    return {
      runEvents: paths['/v1/runs/{run_id}/events']?.['get'] !== undefined,
      runCancel: paths['/v1/runs/{run_id}/cancel']?.['post'] !== undefined,
    };
  } catch {
    return NO_FEATURES;
  }
}
