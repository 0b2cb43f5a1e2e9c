/** Benchmarks of the Skill Execution Service; each module is also runnable on its own. */
export { generateRegistryTree, timeLoads, type GeneratedTree, type LoadTiming, type TreeSize } from './registry-load.js';
