// Shared by the specs: whether a process (a Python worker, a provider) still exists.

/** Signal 0 checks existence without signalling. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
