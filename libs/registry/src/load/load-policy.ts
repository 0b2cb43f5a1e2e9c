import { ProviderProtocol, SelectionPolicy, type BindingDefinition, type ServiceDescriptor } from '@skill-service/contracts';
import { reportUnknownKeys } from '../checks/unknown-keys.js';
import type { SourceFile } from '../io/source-file.js';
import type { FieldPath } from '../normalize/field-path.js';
import { isMapping, typeName } from '../normalize/raw-value.js';
import type { Reporter } from '../reporter.js';
import type { LoadContext } from './load-context.js';

export interface PolicyFiles {
  readonly policies: readonly SourceFile[];
  readonly activeBindings: SourceFile | undefined;
  readonly overrides: SourceFile | undefined;
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A selection must name a loaded binding of the same capability (official only for defaults). */
function checkSelection(
  capability: string,
  bindingId: unknown,
  path: FieldPath,
  reporter: Reporter,
  bindings: ReadonlyMap<string, BindingDefinition>,
  officialOnly: boolean,
): bindingId is string {
  if (typeof bindingId !== 'string' || bindingId === '') {
    reporter.error(path, 'wrong_type', `expected a binding id, got ${typeName(bindingId)}`);
    return false;
  }
  const binding = bindings.get(bindingId);
  if (binding === undefined) {
    reporter.error(path, 'unknown_binding', `binding "${bindingId}" is not defined (or was dropped because of its own errors)`);
    return false;
  }
  if (binding.capability !== capability) {
    reporter.error(path, 'binding_capability_mismatch', `binding "${bindingId}" is for "${binding.capability}", not "${capability}"`);
    return false;
  }
  if (officialOnly && binding.origin !== 'official') {
    reporter.error(path, 'non_official_default', `a default must be an official binding; "${bindingId}" is ${binding.origin}`);
    return false;
  }
  return true;
}

/** What a `policies/*.yaml` file sets: the policy's defaults and preferences (pins come from the host overlay). */
const PolicyFile = SelectionPolicy.pick({ defaults: true, prefer: true });

function readPolicyFile(
  value: unknown,
  reporter: Reporter,
  policy: SelectionPolicy,
  bindings: ReadonlyMap<string, BindingDefinition>,
  services: ReadonlyMap<string, ServiceDescriptor>,
): void {
  if (!isMapping(value)) {
    reporter.error([], 'wrong_type', `a policy file must hold a mapping, got ${typeName(value)}`);
    return;
  }
  reportUnknownKeys(PolicyFile, value, [], reporter, 'policy field');
  if (value.defaults !== undefined && value.defaults !== null) {
    if (!isMapping(value.defaults)) reporter.error(['defaults'], 'wrong_type', `expected a mapping of capability to binding, got ${typeName(value.defaults)}`);
    else
      for (const [capability, bindingId] of Object.entries(value.defaults)) {
        const path = ['defaults', capability];
        if (!checkSelection(capability, bindingId, path, reporter, bindings, true)) continue;
        // Several policy files: the first (in path order) to set a capability's default wins.
        if (policy.defaults[capability] !== undefined) {
          reporter.warning(path, 'duplicate_id', `the default of "${capability}" is already set to "${policy.defaults[capability]}"`);
        } else policy.defaults[capability] = bindingId;
      }
  }
  if (value.prefer !== undefined && value.prefer !== null) {
    if (!Array.isArray(value.prefer)) reporter.error(['prefer'], 'wrong_type', `expected a list of protocols or service ids, got ${typeName(value.prefer)}`);
    else
      value.prefer.forEach((entry: unknown, index) => {
        if (typeof entry !== 'string' || entry === '') {
          reporter.error(['prefer', index], 'wrong_type', `expected a protocol or service id, got ${typeName(entry)}`);
          return;
        }
        if (!(ProviderProtocol.options as readonly string[]).includes(entry) && !services.has(entry)) {
          reporter.warning(['prefer', index], 'unknown_preference', `"${entry}" is neither a protocol nor a known service id`);
        }
        if (!policy.prefer.includes(entry)) policy.prefer.push(entry);
      });
  }
}

function readActiveBindings(value: unknown, reporter: Reporter, policy: SelectionPolicy, bindings: ReadonlyMap<string, BindingDefinition>): void {
  if (!isMapping(value)) {
    reporter.error([], 'wrong_type', `expected a JSON object of capability to binding, got ${typeName(value)}`);
    return;
  }
  for (const [capability, bindingId] of Object.entries(value)) {
    if (checkSelection(capability, bindingId, [capability], reporter, bindings, false)) policy.active[capability] = bindingId;
  }
}

/**
 * `overrides.yaml`: `{capabilities, binding}` entries pin bindings like
 * active_bindings.json does (and win over it); `{capabilities, service}` entries need the
 * activation step (quality gate), which is not part of loading: they are reported and skipped.
 */
function readOverrides(value: unknown, reporter: Reporter, policy: SelectionPolicy, bindings: ReadonlyMap<string, BindingDefinition>): void {
  const overrides = isMapping(value) ? value.overrides : undefined;
  if (!Array.isArray(overrides)) {
    reporter.error(isMapping(value) ? ['overrides'] : [], 'wrong_type', `expected "overrides:" with a list of entries, got ${typeName(overrides ?? value)}`);
    return;
  }
  overrides.forEach((entry: unknown, index) => {
    const at: FieldPath = ['overrides', index];
    if (!isMapping(entry)) {
      reporter.error(at, 'wrong_type', `an override must be a mapping, got ${typeName(entry)}`);
      return;
    }
    const capabilities = entry.capabilities;
    if (!isStringList(capabilities)) {
      const code = capabilities === undefined ? 'missing_field' : 'wrong_type';
      reporter.error([...at, 'capabilities'], code, `expected a list of capability ids, got ${typeName(capabilities)}`);
      return;
    }
    const hasBinding = entry.binding !== undefined;
    const hasService = entry.service !== undefined;
    if (hasBinding === hasService) {
      reporter.error(at, 'invalid_override', 'an override needs exactly one of "binding" or "service"');
      return;
    }
    if (hasService) {
      reporter.warning([...at, 'service'], 'unsupported_override', 'service overrides are not supported at load time; run activation to pin a binding');
      return;
    }
    const binding = entry.binding;
    for (const capability of capabilities) {
      if (checkSelection(capability, binding, [...at, 'binding'], reporter, bindings, false)) policy.active[capability] = binding;
    }
  });
}

/** The selection policy: defaults and preferences from `policies/*.yaml`, pins from the host overlay. */
export async function loadPolicy(
  context: LoadContext,
  files: PolicyFiles,
  bindings: ReadonlyMap<string, BindingDefinition>,
  services: ReadonlyMap<string, ServiceDescriptor>,
): Promise<SelectionPolicy> {
  const optional = (file: SourceFile | undefined): SourceFile[] => (file === undefined ? [] : [file]);
  const [policies, [active], [overrides]] = await Promise.all([
    context.readAll(files.policies, { emptySeverity: 'warning' }),
    context.readAll(optional(files.activeBindings), { format: 'json', emptySeverity: 'warning' }),
    context.readAll(optional(files.overrides), { emptySeverity: 'warning' }),
  ]);
  // Keys are capability ids from files: no prototype, so "constructor" or "__proto__" are plain keys.
  const emptyRecord = (): Record<string, string> => Object.create(null) as Record<string, string>;
  const policy: SelectionPolicy = { defaults: emptyRecord(), active: emptyRecord(), prefer: [] };
  for (const { reporter, value } of policies) if (value !== undefined) readPolicyFile(value, reporter, policy, bindings, services);
  if (active?.value !== undefined) readActiveBindings(active.value, active.reporter, policy, bindings);
  if (overrides?.value !== undefined) readOverrides(overrides.value, overrides.reporter, policy, bindings);
  return policy;
}
