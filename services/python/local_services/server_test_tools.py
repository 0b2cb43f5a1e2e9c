"""Functions the HTTP server's tests call through real python3 workers (apps/server)."""

import os
import time


def hold(gate_dir, name, timeout=30):
    """Writes its pid to <gate_dir>/<name>.started, then waits until <gate_dir>/<name>.release exists.

    A test sees which calls are executing (and can check the worker is killed when a run is
    cancelled), and decides when each one finishes.
    """
    # Written aside, then renamed: a test that sees <name>.started always reads the whole pid
    # (an empty read would give pid 0, which names the test's own process group).
    started_path = os.path.join(gate_dir, name + ".started")
    with open(started_path + ".tmp", "w") as started:
        started.write(str(os.getpid()))
    os.replace(started_path + ".tmp", started_path)
    release = os.path.join(gate_dir, name + ".release")
    deadline = time.time() + timeout
    while not os.path.exists(release):
        if time.time() > deadline:
            raise TimeoutError("hold " + name + " was never released")
        time.sleep(0.02)
    return {"released": True}
