"""Deterministic functions the pythoncall provider's tests call through real python3 workers."""

import os
import sys
import time


def add(a, b):
    return {"sum": a + b}


def upper(text):
    return {"text": text.upper()}


def echo(**kwargs):
    return kwargs


def environment():
    """The worker's whole environment, so a test can see which of the server's variables reached it."""
    return {"env": dict(os.environ)}


def whoami():
    """The worker's pid, so a test can tell a replaced worker from the old one."""
    return {"pid": os.getpid()}


def sleep_then(seconds, value):
    """Wall-clock start/finish stamps let a test measure overlap between workers."""
    started = time.time()
    time.sleep(seconds)
    return {"value": value, "pid": os.getpid(), "started": started, "finished": time.time()}


def crash():
    os._exit(3)


def fail(message):
    raise ValueError(message)


def fail_inside():
    """A TypeError raised inside the function is an exception, not a bad-arguments error."""
    return len(42)


def noisy(text):
    print("stdout says " + text)
    print("stderr says " + text, file=sys.stderr)
    os.write(1, b"raw fd1 write\n")
    return {"text": text, "noisy": True}


def not_json():
    return {1, 2, 3}


def not_finite():
    return {"value": float("nan")}


def big(n):
    return "x" * n


def read_stdin():
    """The worker gives user code an empty stdin, so it cannot swallow protocol lines."""
    return {"read": sys.stdin.read()}
