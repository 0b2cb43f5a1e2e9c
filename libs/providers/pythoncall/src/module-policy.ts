/**
 * Which Python code a pythoncall binding may reach: well-formed names, an allow-list of module
 * prefixes, and a blocklist of first segments that wins over any allow-list entry. The worker
 * applies the same rules again (skill_worker.py) as defence in depth.
 */

/** The module prefixes runtime trees use for their services; the app extends the list from configuration. */
export const DEFAULT_ALLOWED_MODULE_PREFIXES: readonly string[] = [
  'official_services.',
  'official_mcp_servers.',
  'local_services.',
  'tooling.',
];

/** Modules that hand out process, file, network or interpreter control: never callable. */
export const BLOCKED_MODULES: readonly string[] = [
  'os',
  'sys',
  'subprocess',
  'importlib',
  'builtins',
  'pickle',
  'marshal',
  'shutil',
  'socket',
  'ctypes',
  'multiprocessing',
  'threading',
  'signal',
  'pty',
  'code',
  'runpy',
];

const MODULE_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const MODULE_PREFIX = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*\.?$/;
// No leading underscore: private helpers and dunders (`__import__`, `__loader__`) are no API.
const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

export function isModuleName(name: string): boolean {
  return MODULE_NAME.test(name);
}

export function isFunctionName(name: string): boolean {
  return FUNCTION_NAME.test(name);
}

export function isModulePrefix(prefix: string): boolean {
  return MODULE_PREFIX.test(prefix);
}

export function isBlockedModule(module: string): boolean {
  return BLOCKED_MODULES.includes(module.split('.', 1)[0] ?? '');
}

/**
 * `pkg.` matches the submodules of pkg (a plain string prefix); `pkg` without the
 * dot matches pkg itself and its submodules, never a sibling such as `pkg_evil`.
 */
export function matchesPrefix(module: string, prefix: string): boolean {
  return prefix.endsWith('.') ? module.startsWith(prefix) : module === prefix || module.startsWith(`${prefix}.`);
}

/** Why `module` may not be called, or undefined when it may. */
export function moduleRefusal(module: string, allowedPrefixes: readonly string[]): string | undefined {
  if (!isModuleName(module)) return `"${module}" is not a valid python module name`;
  if (isBlockedModule(module)) return `python module ${module} is blocked`;
  if (!allowedPrefixes.some((prefix) => matchesPrefix(module, prefix))) {
    return `python module ${module} is outside the pythoncall allow-list (${allowedPrefixes.join(', ')})`;
  }
  return undefined;
}
