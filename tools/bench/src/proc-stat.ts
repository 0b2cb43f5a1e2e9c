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
