"""Child processes for scripts/adequacy: each runs in its own process group, so a timeout or
a signal to the tool ends the child and everything it started (swift build's compilers, the
JVM under record-kotlin), and the tool's cleanup always runs."""

import os
import signal
import subprocess
import time

_current = set()


class Interrupted(Exception):
    """SIGINT/SIGTERM/SIGHUP arrived: unwind (restoring files, ending children) and exit."""

    def __init__(self, signum):
        super().__init__(f"signal {signum}")
        self.signum = signum


def _on_signal(signum, _frame):
    end_all()
    raise Interrupted(signum)


def install_signal_handlers():
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _on_signal)


def _end_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()


def end_all():
    for proc in list(_current):
        _end_group(proc)


class Result:
    def __init__(self, code, stdout, stderr, seconds, timed_out):
        self.code = code
        self.stdout = stdout
        self.stderr = stderr
        self.seconds = seconds
        self.timed_out = timed_out


def _text(data):
    return data.decode("utf-8", "replace") if data else ""


def _communicate(proc, timeout):
    """proc.communicate() with a timeout that ends proc's whole group; proc is among the children
    end_all() ends meanwhile. Returns (stdout, stderr, timed_out)."""
    _current.add(proc)
    try:
        try:
            out, err = proc.communicate(timeout=timeout)
            return out, err, False
        except subprocess.TimeoutExpired:
            _end_group(proc)
            out, err = proc.communicate()
            return out, err, True
    finally:
        _current.discard(proc)


def run(cmd, cwd=None, env=None, stdin_path=None, stdout_path=None, timeout=None):
    """Runs cmd (a list) in a new process group; returns a Result (stdout/stderr as text unless
    stdout goes to stdout_path). A timeout ends the whole group and sets timed_out."""
    start = time.monotonic()
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    stdout = open(stdout_path, "wb") if stdout_path else subprocess.PIPE
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE,
                                start_new_session=True)
        out, err, timed_out = _communicate(proc, timeout)
    finally:
        if stdin_path:
            stdin.close()
        if stdout_path:
            stdout.close()
    return Result(proc.returncode, _text(out), _text(err), time.monotonic() - start, timed_out)


def stream(cmd, stdin_path, on_line, timeout):
    """Runs cmd (its own process group) with stdin from stdin_path and calls on_line(bytes) for
    each line it writes; when on_line returns False the group is ended early. Returns
    (exit code or None when ended early, stderr tail, seconds, timed_out)."""
    import tempfile
    import threading
    start = time.monotonic()
    err = tempfile.TemporaryFile()
    with open(stdin_path, "rb") as stdin:
        proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.PIPE, stderr=err, start_new_session=True)
    _current.add(proc)
    timed_out = []
    timer = threading.Timer(timeout, lambda: (timed_out.append(True), _end_group(proc)))
    timer.start()
    stopped = False
    try:
        for line in proc.stdout:
            if not on_line(line.rstrip(b"\n")):
                stopped = True
                _end_group(proc)
                break
        proc.stdout.close()
        code = proc.wait()
    finally:
        timer.cancel()
        _current.discard(proc)
        err.seek(0)
        tail = err.read()[-2000:].decode("utf-8", "replace")
        err.close()
    return (None if stopped else code), tail, time.monotonic() - start, bool(timed_out)


def pipe(producer, stdin_path, consumer, timeout, cwd=None):
    """Runs `producer < stdin_path | consumer`, each in its own process group. When the consumer
    fails (e.g. `contract-harness tool compare --first` stopped at a difference) the producer's group
    is ended at once; when it succeeds the producer must have finished. Returns (consumer Result,
    producer exit code or None when it was still running, producer stderr tail)."""
    import tempfile
    start = time.monotonic()
    perr = tempfile.TemporaryFile()
    with open(stdin_path, "rb") as stdin:
        prod = subprocess.Popen(producer, cwd=cwd, stdin=stdin, stdout=subprocess.PIPE, stderr=perr, start_new_session=True)
    _current.add(prod)
    try:
        cons = subprocess.Popen(consumer, cwd=cwd, stdin=prod.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
        prod.stdout.close()  # the consumer holds the read end now
        out, err, timed_out = _communicate(cons, timeout)
        code = prod.poll()
        if cons.returncode == 0 and not timed_out:
            try:
                code = prod.wait(timeout=max(5.0, timeout - (time.monotonic() - start)))
            except subprocess.TimeoutExpired:
                code = None
    finally:
        if prod.poll() is None:
            _end_group(prod)
        _current.discard(prod)
        perr.seek(0)
        tail = perr.read()[-2000:].decode("utf-8", "replace")
        perr.close()
    result = Result(cons.returncode, _text(out), _text(err), time.monotonic() - start, timed_out)
    return result, code, tail
