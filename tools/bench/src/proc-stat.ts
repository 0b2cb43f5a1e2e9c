/*
 * CPU time of a process from `/proc/<pid>/stat`: utime + stime, in clock ticks (CLK_TCK of them a
 * second). The command name (field 2) is in parentheses and may hold spaces or parentheses itself,
 * so fields are counted from the last ')'.
 */

/** utime + stime (fields 14 and 15) of a `/proc/<pid>/stat` text; throws when it has none. */
export function parseCpuTicks(stat: string): number {
  const rest = stat.slice(stat.lastIndexOf(')') + 1).trim().split(/\s+/);
  // rest[0] is field 3 (state), so field n is rest[n - 3].
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!stat.includes(')') || !Number.isInteger(utime) || !Number.isInteger(stime)) throw new Error(`not a /proc/<pid>/stat line: ${stat.slice(0, 120)}`);
  return utime + stime;
}

/** CPU µs per request between two tick readings; NaN without requests. */
export function cpuMicrosPerRequest(ticksBefore: number, ticksAfter: number, ticksPerSecond: number, requests: number): number {
  return requests > 0 ? ((ticksAfter - ticksBefore) * 1e6) / ticksPerSecond / requests : Number.NaN;
}

/** The whole machine's CPU ticks from `/proc/stat`'s first (`cpu`) line: all of them, and the busy ones (not idle or iowait). */
export interface MachineTicks {
  readonly total: number;
  readonly busy: number;
}

/** Reads the aggregate `cpu` line of a `/proc/stat` text; throws when it has none. */
export function parseMachineTicks(procStat: string): MachineTicks {
  const line = procStat.split('\n').find((candidate) => candidate.startsWith('cpu '));
  const fields = line?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  if (fields.length < 4 || fields.some((value) => !Number.isInteger(value))) throw new Error(`not a /proc/stat text: ${procStat.slice(0, 120)}`);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // Fields: user nice system idle iowait irq softirq steal guest guest_nice; guest time is already in user.
  const guest = (fields[8] ?? 0) + (fields[9] ?? 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { total: total - guest, busy: total - guest - idle };
}

/** Cores kept busy between two readings on a machine of `cores` CPUs (0 to `cores`). */
export function coresBusy(before: MachineTicks, after: MachineTicks, cores: number): number {
  const total = after.total - before.total;
  return total > 0 ? ((after.busy - before.busy) / total) * cores : Number.NaN;
}
