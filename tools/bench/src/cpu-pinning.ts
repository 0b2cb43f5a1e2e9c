/*
 * Which cores the servers and the load generator run on. With two or more allowed CPUs and
 * `taskset`, every server is pinned to one CPU and the load generator to another, so the two never
 * take turns on a core (with CPUs 0 and 1: servers on 1, load on 0); otherwise nothing is pinned and
 * the report says why. Pure: the caller reads Cpus_allowed_list and looks for taskset.
 */

export type Pinning =
  | { readonly pinned: true; readonly serverCpu: number; readonly loadCpu: number }
  | { readonly pinned: false; readonly reason: string };

/** The CPU ids of a Linux CPU list such as `0-3,8,10-11` (as in /proc/<pid>/status Cpus_allowed_list). */
export function parseCpuList(text: string): number[] {
  const cpus = new Set<number>();
  for (const part of text.trim().split(',')) {
    if (part === '') continue;
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (match === null) throw new Error(`not a CPU list: '${text.trim()}'`);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    for (let cpu = first; cpu <= last; cpu++) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** The Cpus_allowed_list of a `/proc/<pid>/status` text; undefined when absent. */
export function allowedCpusOf(status: string): number[] | undefined {
  const match = /^Cpus_allowed_list:\s*(\S+)\s*$/m.exec(status);
  return match?.[1] === undefined ? undefined : parseCpuList(match[1]);
}

/** Servers on the second allowed CPU, the load generator on the first. */
export function choosePinning(allowed: readonly number[], tasksetFound: boolean): Pinning {
  if (!tasksetFound) return { pinned: false, reason: 'taskset not found' };
  const [loadCpu, serverCpu] = allowed;
  if (loadCpu === undefined || serverCpu === undefined) return { pinned: false, reason: `${allowed.length} CPU allowed` };
  return { pinned: true, serverCpu, loadCpu };
}

/** The command prefix that runs a program on `cpu` (`taskset -c <cpu>`), or none when unpinned. */
export function pinnedCommand(pinning: Pinning, role: 'server' | 'load', command: readonly string[]): string[] {
  if (!pinning.pinned) return [...command];
  return ['taskset', '-c', String(role === 'server' ? pinning.serverCpu : pinning.loadCpu), ...command];
}

export function describePinning(pinning: Pinning): string {
  return pinning.pinned ? `servers pinned to CPU ${pinning.serverCpu}, load generator to CPU ${pinning.loadCpu} (taskset -c)` : `unpinned (${pinning.reason})`;
}
