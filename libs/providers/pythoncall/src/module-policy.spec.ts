import { describe, expect, it } from '@jest/globals';
import { DEFAULT_ALLOWED_MODULE_PREFIXES, matchesPrefix, moduleRefusal } from './module-policy.js';

describe('module policy', () => {
  it('allows modules under the default prefixes', () => {
    expect(moduleRefusal('official_services.text_baseline', DEFAULT_ALLOWED_MODULE_PREFIXES)).toBeUndefined();
    expect(moduleRefusal('tooling.a.b', DEFAULT_ALLOWED_MODULE_PREFIXES)).toBeUndefined();
  });

  it('refuses modules outside the allow-list, naming them', () => {
    expect(moduleRefusal('examples.custom_service.impl', DEFAULT_ALLOWED_MODULE_PREFIXES)).toMatch(
      /examples\.custom_service\.impl is outside the pythoncall allow-list/,
    );
    // The bare package is not under "local_services.".
    expect(moduleRefusal('local_services', DEFAULT_ALLOWED_MODULE_PREFIXES)).toBeDefined();
  });

  it('refuses blocked first segments even when an allow-list entry would match', () => {
    expect(moduleRefusal('os.path', ['os.'])).toMatch(/os\.path is blocked/);
    expect(moduleRefusal('subprocess', ['subprocess'])).toMatch(/blocked/);
    expect(moduleRefusal('osmosis.x', ['osmosis.'])).toBeUndefined();
  });

  it('refuses malformed module names', () => {
    for (const name of ['', 'a..b', '.a', 'a.', 'a-b', 'a b', 'a;b', '1a']) {
      expect(moduleRefusal(name, ['a'])).toMatch(/not a valid python module name/);
    }
  });

  it('matches a prefix without a dot at segment boundaries only', () => {
    expect(matchesPrefix('pkg', 'pkg')).toBe(true);
    expect(matchesPrefix('pkg.mod', 'pkg')).toBe(true);
    expect(matchesPrefix('pkg_evil.mod', 'pkg')).toBe(false);
    expect(matchesPrefix('pkg.mod', 'pkg.')).toBe(true);
    expect(matchesPrefix('pkg', 'pkg.')).toBe(false);
  });
});
