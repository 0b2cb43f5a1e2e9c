// skill_worker.py on its own, fed protocol lines directly: its own checks hold even when the
// TypeScript side is bypassed (defence in depth), and user code cannot reach the protocol pipes.
import { describe, expect, it, jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { TEST_MODULES_DIR, TOOLS } from './testing/python-fixtures.js';
import { WORKER_SCRIPT_PATH } from './worker-script.js';

jest.setTimeout(30_000);

function runWorker(config: unknown, lines: readonly string[]) {
  const result = spawnSync('python3', ['-u', '-B', WORKER_SCRIPT_PATH, JSON.stringify(config)], {
    input: lines.map((line) => `${line}\n`).join(''),
    env: { ...process.env, PYTHONPATH: TEST_MODULES_DIR },
    encoding: 'utf8',
    timeout: 20_000,
  });
  const replies = result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { status: result.status, replies, stderr: result.stderr };
}

const request = (id: number, module: string, fn: string, kwargs: Record<string, unknown> = {}): string =>
  JSON.stringify({ id, module, function: fn, kwargs });

describe('skill_worker.py', () => {
  it('refuses blocked and non-allow-listed modules by itself', () => {
    const { replies } = runWorker({ allowed_prefixes: ['os.', 'os', 'local_services.'], blocked: [] }, [
      request(1, 'os', 'getcwd'),
      request(2, 'json', 'dumps', { obj: 1 }),
      request(3, TOOLS, '_private'),
      request(4, 'os.path', 'join', { a: 'x' }),
    ]);
    expect(replies.map((reply) => [reply['id'], (reply['error'] as { kind: string }).kind])).toEqual([
      [1, 'not_allowed'],
      [2, 'not_allowed'],
      [3, 'not_allowed'],
      [4, 'not_allowed'],
    ]);
  });

  it('answers a bad line with a protocol error and keeps serving', () => {
    const { replies, status } = runWorker({ allowed_prefixes: ['local_services.'] }, [
      'not json',
      '[1, 2]',
      JSON.stringify({ id: 7, module: TOOLS, function: 'add', kwargs: [1, 2] }),
      request(8, TOOLS, 'add', { a: 1, b: 2 }),
    ]);
    expect(replies).toEqual([
      expect.objectContaining({ id: null, ok: false, error: expect.objectContaining({ kind: 'protocol_error' }) }),
      expect.objectContaining({ id: null, ok: false, error: expect.objectContaining({ kind: 'protocol_error' }) }),
      expect.objectContaining({ id: 7, ok: false, error: expect.objectContaining({ kind: 'protocol_error' }) }),
      { id: 8, ok: true, result: { sum: 3 } },
    ]);
    expect(status).toBe(0); // ends cleanly when its stdin closes
  });

  it('gives user code an empty stdin and a stdout that is really stderr', () => {
    const { replies, stderr } = runWorker({ allowed_prefixes: ['local_services.'] }, [
      request(1, TOOLS, 'read_stdin'),
      request(2, TOOLS, 'noisy', { text: 'x' }),
      request(3, TOOLS, 'add', { a: 2, b: 2 }),
    ]);
    expect(replies).toEqual([
      { id: 1, ok: true, result: { read: '' } },
      { id: 2, ok: true, result: { text: 'x', noisy: true } },
      { id: 3, ok: true, result: { sum: 4 } },
    ]);
    expect(stderr).toContain('stdout says x');
    expect(stderr).toContain('raw fd1 write');
  });

  it('refuses to start without its configuration', () => {
    const result = spawnSync('python3', ['-B', WORKER_SCRIPT_PATH], { input: '', encoding: 'utf8', timeout: 20_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/expected a JSON config argument/);
  });
});
