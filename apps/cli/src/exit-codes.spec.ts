import { describe, expect, it } from '@jest/globals';
import { InvalidConfigurationError, InvalidRequestError, NotFoundError, ServiceError, UpstreamFailureError } from '@skill-service/contracts';
import { CliError } from './cli-error.js';
import { EXIT, failureOf } from './exit-codes.js';

describe('failureOf', () => {
  it('gives every kind of failure its own exit code', () => {
    expect(failureOf(new NotFoundError("Skill 'x' not found")).code).toBe(EXIT.notFound);
    expect(failureOf(new InvalidRequestError('Invalid inputs')).code).toBe(EXIT.invalidInput);
    expect(failureOf(new ServiceError('max_depth_exceeded', 'too deep')).code).toBe(EXIT.invalidInput);
    expect(failureOf(new UpstreamFailureError("Step 'a' failed")).code).toBe(EXIT.failed);
    expect(failureOf(new ServiceError('step_timeout', 'slow')).code).toBe(EXIT.failed);
    expect(failureOf(new InvalidConfigurationError('bad plan')).code).toBe(EXIT.failed);
    expect(failureOf(new CliError(EXIT.unreadableFile, 'cannot read')).code).toBe(EXIT.unreadableFile);
    expect(new Set(Object.values(EXIT)).size).toBe(Object.keys(EXIT).length);
  });

  it("says a service error's sanitized message and code, on one line", () => {
    const failure = failureOf(new UpstreamFailureError("Step 'explode' failed:\n  worker /srv/app/python/mod.py raised"));
    expect(failure.message).toBe("Step 'explode' failed: worker <path> raised [upstream_failure]");
  });

  it('says the message of a command-line failure as it is', () => {
    expect(failureOf(new CliError(EXIT.usage, '--input is not valid JSON'))).toEqual({ code: EXIT.usage, message: '--input is not valid JSON' });
  });

  it('reports an unexpected error without its stack or absolute paths', () => {
    const error = new TypeError('cannot read /home/me/secret/file.json');
    const failure = failureOf(error);
    expect(failure).toEqual({ code: EXIT.failed, message: 'unexpected error: cannot read <path>' });
    expect(failure.message).not.toContain('at ');
  });
});
