// Shared by the auth specs: one API key per role, a JWT secret, and raw HTTP exchanges for what
// fetch and supertest refuse to send (duplicate credentials, control characters, huge headers).
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { sha256Hex, signJwtHs256 } from '@skill-service/auth';
import type { Role } from '@skill-service/contracts';

export const ROLE_KEYS: Readonly<Record<Role, string>> = {
  reader: 'reader-key-0b7c1d',
  executor: 'executor-key-5e2a9f',
  operator: 'operator-key-c41d08',
  admin: 'admin-key-9f3e6a',
};

export const JWT_SECRET = 'jwt-secret-for-the-access-specs-0123456789';

/** RBAC with the admin key as `--api-key` and the three others as hashed `SERVICE_API_KEYS`. */
export const RBAC_WITH_KEYS = {
  argv: ['--api-key', ROLE_KEYS.admin],
  env: {
    SERVICE_RBAC: '1',
    SERVICE_API_KEYS: (['reader', 'executor', 'operator'] as const).map((role) => `${role}-robot:${role}:${sha256Hex(ROLE_KEYS[role])}`).join(','),
  },
};

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export function jwt(claims: Record<string, unknown>, secret = JWT_SECRET): string {
  return signJwtHs256(claims, secret);
}

export interface RawAnswer {
  readonly status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Sends `head` (request line and header lines, without the blank line) and reads the answer to the close. */
export function rawRequest(port: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, end < 0 ? text.length : end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: end < 0 ? '' : text.slice(end + 4) });
    });
  });
}

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
}

/**
 * A GET over a keep-alive agent, the body drained (lighter than fetch for floods of thousands).
 * The agent decides how many connections are used at once.
 */
export function httpGet(url: string, headers: Readonly<Record<string, string>>, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { agent, headers, timeout: 20_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      response.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${url} in 20 s`)));
    outgoing.on('error', reject);
    outgoing.end();
  });
}
