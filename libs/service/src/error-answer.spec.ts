import { describe, expect, it } from '@jest/globals';
import { NotFoundError, ServiceError, type StreamEvent } from '@skill-service/contracts';
import { SkillExecutionError } from '@skill-service/engine';
import { errorAnswer } from './error-answer.js';

const event: StreamEvent = { type: 'step_failed', message: 'm', timestamp: '2025-01-01T00:00:00.000Z', step_id: 's', trace_id: 't', data: null };
const failed = new SkillExecutionError("Step 's' failed: upstream said no", {
  traceId: 't',
  skillId: 'k',
  stepId: 's',
  events: [event],
  rootCause: new ServiceError('upstream_failure', 'upstream said no'),
});

describe('errorAnswer', () => {
  it('maps through the shared payload mapping with the status of the code', () => {
    expect(errorAnswer(new NotFoundError("Skill 'x' not found"), 't')).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: "Skill 'x' not found", type: 'NotFoundError' }, trace_id: 't' },
    });
    expect(errorAnswer(new Error('at /home/me/secret.ts:1:2'), null)).toEqual({
      status: 500,
      body: { error: { code: 'internal_error', message: 'Internal server error.', type: 'InternalError' }, trace_id: null },
    });
  });

  it("adds a failed run's events only when include_trace was asked", () => {
    expect(errorAnswer(failed, 't').body.events).toBeUndefined();
    expect(errorAnswer(failed, 't', { includeTrace: true })).toMatchObject({ status: 502, body: { events: [event] } });
    expect(errorAnswer(new NotFoundError('x'), 't', { includeTrace: true }).body.events).toBeUndefined();
  });
});
