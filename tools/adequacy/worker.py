"""The Python end of the schemata worker (SchemataWorker.swift, built as `adequacy-worker` in the
schemata package): one long-lived process per reader that has read the case lines, the baseline views
and the golden lines once and runs one mutant per request, each in a child it forks (a fresh reader
state per mutant; a crash or hang ends the child, not the worker). This side starts it, sends
`NUMBER TIMEOUT_MS FIRST-END …` and reads `killed<TAB>detail` or `survived`; if the worker itself stops
answering (it should not: its children take the risks) it is ended, started again and the request
retried once."""

import os
import select
import signal
import subprocess
import time

import procs

SWIFT_SOURCE = os.path.join(os.path.dirname(os.path.realpath(__file__)), "SchemataWorker.swift")
TARGET_PATH = "Sources/adequacy-worker/main.swift"
PRODUCT = "adequacy-worker"
PACKAGE_TAIL = '''

// scripts/adequacy (mutant schemata): the worker that runs mutants in-process; only in the schemata copy.
package.targets.append(.executableTarget(
    name: "adequacy-worker",
    dependencies: ["HarnessGate", "HarnessReaders", "HarnessCorpus", "ContractModel", "WidgetSnapshot", "ReferenceDecoder", "ReferenceView"],
    path: "Sources/adequacy-worker"))
'''


class WorkerError(Exception):
    pass


def package_files(repo):
    """{relative path: text} the schemata package needs for the worker: its source and Package.swift
    with its target appended."""
    with open(os.path.join(repo, "Package.swift"), encoding="utf-8") as handle:
        manifest = handle.read()
    with open(SWIFT_SOURCE, encoding="utf-8") as handle:
        source = handle.read()
    return {"Package.swift": manifest + PACKAGE_TAIL, TARGET_PATH: source}


def ranges_of(indexes):
    """Sorted case indexes as half-open `a-b` ranges."""
    out, start, last = [], None, None
    for i in indexes:
        if start is None:
            start = last = i
        elif i == last + 1:
            last = i
        else:
            out.append(f"{start}-{last + 1}")
            start = last = i
    if start is not None:
        out.append(f"{start}-{last + 1}")
    return out


class Worker:
    """One running adequacy-worker for one reader."""

    def __init__(self, binary, reader, cases_path, baseline_path, golden, listed, log_path):
        self.command = [binary, "--reader", reader, "--cases", cases_path, "--baseline", baseline_path,
                        "--golden", golden] + (["--list", listed] if listed and os.path.exists(listed) else [])
        self.log_path = log_path
        self.proc = None
        self.starts = 0
        self.start_seconds = 0.0

    def start(self):
        t = time.monotonic()
        self.stop()
        self.log = open(self.log_path, "ab")
        # a trapping mutant's child ends at once: no symbolicated backtrace (seconds each)
        env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
        env.pop("WIDGET_MUTANT", None)
        env.pop("WIDGET_MUTANT_TRACE", None)
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
                                     start_new_session=True, env=env)
        procs._current.add(self.proc)       # ended with the tool (procs.end_all) on a signal
        self.starts += 1
        line = self._read_line(600)
        if not line or not line.startswith("ready "):
            self.stop()
            raise WorkerError(f"adequacy-worker did not start (see {self.log_path}): {line!r}")
        self.start_seconds += time.monotonic() - t

    def _read_line(self, timeout):
        """One line from the worker within `timeout` seconds, or None (it stopped answering or exited)."""
        deadline = time.monotonic() + timeout
        data = b""
        fd = self.proc.stdout.fileno()
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            data += chunk
        return data.decode("utf-8", "replace").rstrip("\n")

    def run(self, number, timeout, indexes, limit=None):
        """(status, detail, seconds) of mutant `number` on the cases `indexes` (in order, in one fresh
        child): "killed" at the first view the gate fails, or on a crash or a timeout (`timeout` s; 0:
        the worker's own watchdog, which `limit` s bounds from above here); else "survived"."""
        request = f"{number} {int(timeout * 1000)} {' '.join(ranges_of(indexes))}\n".encode()
        timeout = timeout or limit or 600
        t = time.monotonic()
        for attempt in (1, 2):
            if self.proc is None or self.proc.poll() is not None:
                self.start()
            try:
                self.proc.stdin.write(request)
                self.proc.stdin.flush()
                line = self._read_line(timeout + 60)
            except (BrokenPipeError, OSError):
                line = None
            if line is not None:
                status, _, detail = line.partition("\t")
                if status not in ("killed", "survived"):
                    raise WorkerError(f"adequacy-worker answered {line!r}")
                return status, detail, time.monotonic() - t
            self.stop()
        return "killed", "the worker stopped answering twice on this mutant", time.monotonic() - t

    def stop(self):
        if self.proc is not None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait()
            procs._current.discard(self.proc)
            self.proc.stdout.close()
            self.proc = None
            self.log.close()
