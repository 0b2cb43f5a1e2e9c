import { describe, expect, it } from '@jest/globals';
import { ApiError } from './api-error.js';
import type { CallerRole } from './caller-role.js';
import { CANCEL_NOT_OFFERED, RUN_FINISHED, cancelDisabledReason, cancelNotOffered, cancelRefusalText } from './run-cancel.js';

const offered = { runEvents: false, runCancel: true };
const as = (role: CallerRole['role']): CallerRole => ({ role, source: 'probe' });

describe('cancelDisabledReason', () => {
  it('lets an executor, an operator and an admin cancel a running run (or one whose status the page cannot read)', () => {
    for (const role of ['executor', 'operator', 'admin'] as const) {
      expect(cancelDisabledReason(offered, as(role), 'running')).toBeUndefined();
      expect(cancelDisabledReason(offered, as(role), undefined)).toBeUndefined();
    }
  });

  it('names the role a reader, or a caller without an accepted credential, lacks', () => {
    expect(cancelDisabledReason(offered, as('reader'), 'running')).toBe('Cancelling a run needs the executor role; you have the reader role.');
    expect(cancelDisabledReason(offered, as(undefined), undefined)).toBe('Cancelling a run needs the executor role; you have no accepted credential.');
  });

  it('says a finished run cannot be cancelled', () => {
    expect(cancelDisabledReason(offered, as('operator'), 'completed')).toBe(RUN_FINISHED);
    expect(cancelDisabledReason(offered, as('operator'), 'failed')).toBe(RUN_FINISHED);
  });

  it('says first when the server does not offer the route', () => {
    expect(cancelDisabledReason({ runEvents: true, runCancel: false }, as('admin'), 'running')).toBe(CANCEL_NOT_OFFERED);
  });
});

describe('refusals', () => {
  it("shows a 403 in the server's words and a 409 as an already finished run", () => {
    const forbidden = new ApiError(403, 'forbidden', "Run 'r1' was launched by another subject; only an operator may cancel it");
    expect(cancelRefusalText(forbidden)).toBe("Not allowed (403 forbidden): Run 'r1' was launched by another subject; only an operator may cancel it");
    const finished = new ApiError(409, 'run_finished', "Run 'r1' is already finished (completed); it cannot be cancelled");
    expect(cancelRefusalText(finished)).toBe("The run had already finished (409 run_finished): Run 'r1' is already finished (completed); it cannot be cancelled");
    expect(cancelRefusalText(new Error('other'))).toBeUndefined();
  });

  it('tells a route the server lacks from an unknown run', () => {
    expect(cancelNotOffered(new ApiError(405, 'method_not_allowed', 'no'))).toBe(true);
    expect(cancelNotOffered(new ApiError(404, 'not_found', 'Route not found'))).toBe(true);
    expect(cancelNotOffered(new ApiError(404, 'not_found', "Run 'r1' not found"))).toBe(false);
  });
});
