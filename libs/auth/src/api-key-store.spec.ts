import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '@skill-service/contracts';
import { ApiKeyStore, sha256Hex } from './api-key-store.js';

describe('ApiKeyStore', () => {
  it('verifies raw keys against stored hashes and answers their identity', () => {
    const store = new ApiKeyStore()
      .add('reader-key', { subject: 'r', role: 'reader' })
      .addHash(sha256Hex('admin-key'), { subject: 'a', role: 'admin' });
    expect(store.size).toBe(2);
    expect(store.verify('reader-key')).toEqual({ subject: 'r', role: 'reader' });
    expect(store.verify('admin-key')).toEqual({ subject: 'a', role: 'admin' });
    expect(store.verify('reader-key ')).toBeUndefined();
    expect(store.verify('')).toBeUndefined();
    expect(new ApiKeyStore().verify('anything')).toBeUndefined();
  });

  it('keeps no raw key: only the 32-byte digests are held', () => {
    const store = new ApiKeyStore().add('super-secret-raw-key', { subject: 's', role: 'admin' });
    // Nothing enumerable or inspectable carries the key.
    expect(JSON.stringify(store)).not.toContain('super-secret-raw-key');
    expect(Object.values(store)).toEqual([]);
  });

  it('accepts upper-case hex digests and refuses malformed configuration', () => {
    const store = new ApiKeyStore().addHash(sha256Hex('k').toUpperCase(), { subject: 's', role: 'executor' });
    expect(store.verify('k')?.role).toBe('executor');
    expect(() => store.addHash('abc', { subject: 's', role: 'reader' })).toThrow(ServiceError);
    expect(() => store.add('k', { subject: 'dup', role: 'reader' })).toThrow(/twice/);
    expect(() => store.add('', { subject: 's', role: 'reader' })).toThrow(ServiceError);
    expect(() => store.add('bad\r\nkey', { subject: 's', role: 'reader' })).toThrow(ServiceError);
    expect(() => store.add('ok-key', { subject: '', role: 'reader' })).toThrow(ServiceError);
    expect(() => store.add('ok-key', { subject: 's', role: 'root' as 'admin' })).toThrow(ServiceError);
  });
});
