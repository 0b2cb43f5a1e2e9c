import { AuditMode, ConformanceProfile } from '@skill-service/contracts';
import type { RunJobData } from '@skill-service/runs';
import { z } from 'zod';

/** A queued run's data as this service writes it; anything else under the prefix is refused, typed. */
const RunJobSchema = z.object({
  run_id: z.string().min(1),
  skill_id: z.string().min(1),
  trace_id: z.string().min(1),
  inputs: z.record(z.string(), z.unknown()),
  execution: z.object({
    channel: z.string().min(1),
    required_conformance_profile: ConformanceProfile.optional(),
    audit_mode: AuditMode.optional(),
    confirmed_capabilities: z.array(z.string()).optional(),
  }),
  trace_carrier: z.record(z.string(), z.string()).optional(),
});

/** The job's data when it is a run job for `jobId`, else undefined. */
export function parseRunJob(jobId: string | undefined, data: unknown): RunJobData | undefined {
  const parsed = RunJobSchema.safeParse(data);
  return parsed.success && parsed.data.run_id === jobId ? parsed.data : undefined;
}
