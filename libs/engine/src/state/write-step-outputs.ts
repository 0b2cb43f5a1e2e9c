import { InvalidConfigurationError } from '@skill-service/contracts';
import type { CompiledStep } from '../plan/compiled-skill.js';
import { readProducedPath } from './produced-path.js';
import type { RunState } from './run-state.js';

/**
 * Applies a step's `output` mapping: each produced path (flat keys first) is written to its target
 * with the step's merge strategy. A path the capability did not produce is the skill's
 * configuration error (409): the mapping promises a field the contract does not deliver.
 */
export function writeStepOutputs(state: RunState, step: CompiledStep, produced: Record<string, unknown>): void {
  for (const write of step.writes) {
    const value = readProducedPath(produced, write.producedPath);
    if (value === undefined) {
      throw new InvalidConfigurationError(
        `Output mapping of step '${step.id}' reads '${write.produced}', which '${step.definition.uses}' did not produce`,
      );
    }
    state.write(write.target, value, step.definition.merge_strategy, step.id);
  }
}
