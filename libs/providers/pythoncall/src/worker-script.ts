import { fileURLToPath } from 'node:url';

/**
 * Where skill_worker.py lives: `python/` beside `src/` (and beside `dist/` once built), found from
 * this module's own URL. A bundle that moves this code elsewhere must copy the script and pass
 * its path as the `workerScript` option.
 */
export const WORKER_SCRIPT_PATH: string = fileURLToPath(new URL('../python/skill_worker.py', import.meta.url));
