import { InvalidConfigurationError, type MergeStrategy } from '@skill-service/contracts';
import type { ReferenceScope } from '@skill-service/skill-language';
import { describeValueType, isPlainObject } from '../validation/field-type.js';
import { appendValues, deepMergeValues } from './merge-values.js';
import { getOwn, setOwn } from './set-own.js';
import type { WritableNamespace, WriteTarget } from './write-target.js';

type Namespace = Record<string, unknown>;
type Namespaces = Record<WritableNamespace, Namespace>;

const EMPTY: Namespace = Object.freeze({});

/**
 * The data of one run: the validated inputs (read-only) and the writable namespaces. Writes never
 * mutate a value in place (intermediate objects are copied), so a produced output already handed
 * to an event subscriber, or shared with a fork, never changes under it.
 */
export class RunState {
  readonly scope: ReferenceScope;
  private readonly namespaces: Namespaces;
  /** Target text → the step that wrote it last: the write-once guard of `merge_strategy: overwrite`. */
  private readonly writers: Map<string, string>;

  constructor(inputs: Namespace, namespaces?: Namespaces, writers?: Map<string, string>) {
    this.namespaces = namespaces ?? { vars: {}, outputs: {}, working: {}, output: {}, extensions: {} };
    this.writers = writers ?? new Map();
    this.scope = { inputs, frame: EMPTY, ...this.namespaces };
  }

  get outputs(): Namespace {
    return this.namespaces.outputs;
  }

  /** A copy whose writes do not reach this state until `commit` (a while loop stages its iterations). */
  fork(): RunState {
    const ns = this.namespaces;
    return new RunState(
      this.scope.inputs,
      { vars: { ...ns.vars }, outputs: { ...ns.outputs }, working: { ...ns.working }, output: { ...ns.output }, extensions: { ...ns.extensions } },
      new Map(this.writers),
    );
  }

  write(target: WriteTarget, value: unknown, strategy: MergeStrategy, stepId: string): void {
    this.guard(target, strategy, stepId);
    let next = value;
    if (strategy === 'append') next = appendValues(target.text, this.read(target), value);
    else if (strategy === 'deep_merge') next = deepMergeValues(target.text, this.read(target), value);
    this.store(target, next, stepId);
  }

  /** Copies the final values of `targets` from a fork (what its writes left) into this state. */
  commit(fork: RunState, targets: readonly WriteTarget[], strategy: MergeStrategy, stepId: string): void {
    for (const target of targets) this.guard(target, strategy, stepId);
    for (const target of targets) this.store(target, fork.read(target), stepId);
  }

  private guard(target: WriteTarget, strategy: MergeStrategy, stepId: string): void {
    const previous = this.writers.get(target.text);
    if (strategy === 'overwrite' && previous !== undefined && previous !== stepId) {
      throw new InvalidConfigurationError(
        `Target '${target.text}' was already written by step '${previous}' (merge_strategy overwrite writes a target once)`,
      );
    }
  }

  private read(target: WriteTarget): unknown {
    let node: unknown = this.namespaces[target.namespace];
    for (const segment of target.path) {
      if (!isPlainObject(node)) return undefined;
      node = getOwn(node, segment);
    }
    return node;
  }

  private store(target: WriteTarget, value: unknown, stepId: string): void {
    let node = this.namespaces[target.namespace];
    const last = target.path.length - 1;
    for (let index = 0; index < last; index++) {
      const segment = target.path[index] ?? '';
      const child = getOwn(node, segment);
      let copy: Namespace;
      if (child === undefined || child === null) copy = {};
      else if (isPlainObject(child)) copy = { ...child };
      else {
        const prefix = [target.namespace, ...target.path.slice(0, index + 1)].join('.');
        throw new InvalidConfigurationError(`Cannot write '${target.text}': '${prefix}' holds ${describeValueType(child)}, not an object`);
      }
      setOwn(node, segment, copy);
      node = copy;
    }
    setOwn(node, target.path[last] ?? '', value);
    this.writers.set(target.text, stepId);
  }
}
