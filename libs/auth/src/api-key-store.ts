import { createHash, timingSafeEqual } from 'node:crypto';
import { Identity, InvalidConfigurationError } from '@skill-service/contracts';
import { isCleanCredential } from './credential-text.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The SHA-256 digest of a raw key, as lower-case hex (the form keys are configured and stored in). */
export function sha256Hex(rawKey: string): string {
  return createHash('sha256').update(rawKey, 'utf8').digest('hex');
}

interface StoredKey {
  readonly digest: Buffer;
  readonly identity: Identity;
}

/**
 * API keys held only as SHA-256 digests, each with a subject and a role; the raw key is never
 * retained. `verify` hashes the candidate and compares it with every stored digest in constant
 * time, without stopping at a match, so timing says nothing about which key (if any) matched.
 */
export class ApiKeyStore {
  readonly #keys: StoredKey[] = [];

  /** Registers a raw key (hashed at once). */
  add(rawKey: string, identity: Identity): this {
    if (!isCleanCredential(rawKey)) {
      throw new InvalidConfigurationError('An API key must be 1 to 4096 printable ASCII characters without leading or trailing spaces');
    }
    return this.addHash(sha256Hex(rawKey), identity);
  }

  /** Registers a key known only by its SHA-256 digest (64 hex digits). */
  addHash(digestHex: string, identity: Identity): this {
    const hex = digestHex.trim().toLowerCase();
    if (!SHA256_HEX.test(hex)) throw new InvalidConfigurationError('An API key hash must be 64 hexadecimal digits (SHA-256)');
    const checked = Identity.safeParse(identity);
    if (!checked.success) throw new InvalidConfigurationError('An API key needs a non-empty subject and one of the four roles');
    const digest = Buffer.from(hex, 'hex');
    if (this.#keys.some((key) => key.digest.equals(digest))) throw new InvalidConfigurationError('The same API key is configured twice');
    this.#keys.push({ digest, identity: { subject: checked.data.subject, role: checked.data.role } });
    return this;
  }

  get size(): number {
    return this.#keys.length;
  }

  /** The identity of the key, or undefined for an unknown one. */
  verify(rawKey: string): Identity | undefined {
    const candidate = createHash('sha256').update(rawKey, 'utf8').digest();
    let found: Identity | undefined;
    for (const key of this.#keys) {
      // Every digest is compared (32 bytes each); the result only selects, it never exits early.
      const equal = timingSafeEqual(candidate, key.digest);
      found = equal ? key.identity : found;
    }
    return found;
  }
}
