"""One pythoncall worker: imports allow-listed modules and calls their functions with keyword
arguments, one JSON request per stdin line, one JSON response per protocol line.

Started by @skill-service/provider-pythoncall as `python3 -u -B skill_worker.py <config-json>`,
where the config is {"allowed_prefixes": [...], "blocked": [...]}. Standard library only.

Request:  {"id": 1, "module": "local_services.x", "function": "f", "kwargs": {...}}
Response: {"id": 1, "ok": true, "result": ...}
          {"id": 1, "ok": false, "error": {"type": "ValueError", "message": "...", "kind": "..."}}
kind: bad_arguments | import_error | not_allowed | not_serializable | exception | protocol_error
"""

import importlib
import inspect
import json
import os
import re
import signal
import sys

# The TypeScript side checks the same rules first; this copy is the defence in depth.
BUILTIN_BLOCKED = frozenset((
    "os", "sys", "subprocess", "importlib", "builtins", "pickle", "marshal", "shutil", "socket",
    "ctypes", "multiprocessing", "threading", "signal", "pty", "code", "runpy",
))
MODULE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
# A leading underscore is refused: private helpers and dunders (__import__, __loader__) are no API.
FUNCTION_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
MAX_MESSAGE = 2000


class CallError(Exception):
    def __init__(self, kind, type_name, message):
        super().__init__(message)
        self.kind = kind
        self.type_name = type_name
        self.message = message


def describe(exc):
    """`<Type>: <message>` without traceback; the TypeScript side strips file paths."""
    text = str(exc)
    if len(text) > MAX_MESSAGE:
        text = text[:MAX_MESSAGE] + "..."
    return type(exc).__name__, text


def is_allowed(module, prefixes, blocked):
    if module.split(".", 1)[0] in blocked:
        return False
    for prefix in prefixes:
        # "pkg." matches submodules of pkg; "pkg" matches pkg itself and its submodules.
        if prefix.endswith("."):
            if module.startswith(prefix):
                return True
        elif module == prefix or module.startswith(prefix + "."):
            return True
    return False


class Worker:
    def __init__(self, prefixes, blocked):
        self.prefixes = tuple(prefixes)
        self.blocked = frozenset(blocked) | BUILTIN_BLOCKED
        self.modules = {}

    def resolve(self, module_name, function_name):
        if not isinstance(module_name, str) or not MODULE_NAME.match(module_name):
            raise CallError("not_allowed", "NotAllowed", "invalid module name")
        if not isinstance(function_name, str) or not FUNCTION_NAME.match(function_name):
            raise CallError("not_allowed", "NotAllowed", "invalid function name")
        if not is_allowed(module_name, self.prefixes, self.blocked):
            raise CallError("not_allowed", "NotAllowed", "module %s is not allowed" % module_name)
        module = self.modules.get(module_name)
        if module is None:
            try:
                module = importlib.import_module(module_name)
            except BaseException as exc:  # SyntaxError and top-level failures too: the module cannot work.
                type_name, message = describe(exc)
                raise CallError("import_error", type_name, message)
            self.modules[module_name] = module  # Imported once per worker.
        fn = getattr(module, function_name, None)
        if fn is None or not callable(fn):
            raise CallError("import_error", "AttributeError",
                            "module %s has no function %s" % (module_name, function_name))
        return fn

    def call(self, request):
        kwargs = request.get("kwargs")
        if not isinstance(kwargs, dict):
            raise CallError("protocol_error", "ProtocolError", "kwargs must be an object")
        fn = self.resolve(request.get("module"), request.get("function"))
        try:
            signature = inspect.signature(fn)
        except (TypeError, ValueError):
            signature = None  # Some builtins have no signature: let the call itself decide.
        if signature is not None:
            try:
                signature.bind(**kwargs)
            except TypeError as exc:
                # Bound before the call, so a TypeError raised inside the function stays an exception.
                raise CallError("bad_arguments", "TypeError", str(exc))
        try:
            result = fn(**kwargs)
        except BaseException as exc:  # SystemExit from user code must not end the worker.
            type_name, message = describe(exc)
            raise CallError("exception", type_name, message)
        try:
            text = json.dumps(result, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError, RecursionError) as exc:
            type_name, message = describe(exc)
            raise CallError("not_serializable", type_name,
                            "result of type %s is not JSON-serialisable: %s" % (type(result).__name__, message))
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:  # Lone surrogates: escaped JSON is still valid for the reader.
            return json.dumps(result, allow_nan=False, separators=(",", ":")).encode("ascii")


def main():
    try:
        config = json.loads(sys.argv[1])
        prefixes = [str(p) for p in config["allowed_prefixes"]]
        blocked = [str(b) for b in config.get("blocked", [])]
    except (IndexError, KeyError, TypeError, ValueError):
        sys.stderr.write("skill_worker: expected a JSON config argument with allowed_prefixes\n")
        return 2

    # Keep the protocol channel clean: private copies of fd 0 and fd 1 carry the protocol; fd 1
    # (and sys.stdout) become stderr and fd 0 /dev/null, so prints, C-level writes and reads of
    # stdin by user code cannot corrupt or steal protocol lines.
    proto_in = os.fdopen(os.dup(0), "rb")
    proto_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    null_fd = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null_fd, 0)
    os.close(null_fd)
    sys.stdout = sys.stderr
    sys.stdin = open(os.devnull, "r")
    # The script's own folder is no import root: modules come from PYTHONPATH and the stdlib only.
    script_dir = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != script_dir]

    # Ctrl-C reaches the whole process group: the parent decides when workers end.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    worker = Worker(prefixes, blocked)
    for raw in proto_in:
        request_id = None
        try:
            request = json.loads(raw)
            if not isinstance(request, dict):
                raise CallError("protocol_error", "ProtocolError", "a request must be a JSON object")
            request_id = request.get("id")
            result = worker.call(request)
            line = b'{"id":%s,"ok":true,"result":%s}' % (json.dumps(request_id).encode("ascii"), result)
        except CallError as err:
            line = json.dumps({"id": request_id, "ok": False,
                               "error": {"type": err.type_name, "message": err.message, "kind": err.kind}})
        except Exception as exc:  # A bad request line (or a worker bug) answers; it never ends the worker.
            line = json.dumps({"id": request_id, "ok": False,
                               "error": {"type": "ProtocolError", "message": "bad request: %s" % exc,
                                         "kind": "protocol_error"}})
        if isinstance(line, str):
            line = line.encode("utf-8")
        proto_out.write(line + b"\n")
        proto_out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
