// Shared by the specs: whether a process (a Python worker, a provider) still exists, and what it
// is when it outlives a wait (so a timed-out wait says whether a kill was lost or a zombie lingers).
import { readFileSync } from 'node:fs';

/** Signal 0 checks existence without signalling. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `pid state=S ppid=123 cmd=python3 …` from /proc, or `pid gone`. */
export function describeProcess(pid: number): string {
  try {
    // Fields after the parenthesised command name: state, ppid, …
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 120);
    return `${pid} state=${state} ppid=${ppid} (this process ${process.pid}) cmd=${command}`;
  } catch {
    return `${pid} gone`;
  }
}
