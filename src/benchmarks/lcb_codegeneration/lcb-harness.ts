// The Python program that grades one LiveCodeBench sample inside the sandbox: it reads `cases.json` (lcb-cases.ts)
// and `solution.py` from its working directory and prints one JSON line (lcb-verdict.ts reads it). Written for this
// project from the behaviour of LiveCodeBench/LiveCodeBench
// lcb_runner/evaluation/testing_util.py@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24 (`run_test`, `grade_call_based`,
// `grade_stdio`, `reliability_guard`) and compute_code_generation_metrics.py (`sys.set_int_max_str_digits(50000)`),
// checked against that file's own outputs on the same programs; README.md lists what it reproduces.

/** The harness runs as the sandbox's main program; these are the files it reads beside it. */
export const LCB_HARNESS_FILES = { cases: "cases.json", solution: "solution.py" } as const;

/** `lcb_harness.py`, for Python 3.9 or later (`ast.unparse`). */
export const LCB_HARNESS = String.raw`# LiveCodeBench grading harness of llm-benchmarker: reads cases.json ({inputs, outputs, fn_name, timeout}) and
# solution.py from the working directory, grades the solution the way LiveCodeBench/LiveCodeBench
# lcb_runner/evaluation/testing_util.py@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24 run_test does, and prints one JSON
# line: {"results", "error_code", "error_message", "error", "output", "inputs", "expected", "failed_stage",
# "execution_time_s"}. Results hold true per passing test, false (call-based) or -2 for a wrong answer, -3 for a
# time limit, -4 for a runtime error; grading stops at the first failure.
import ast
import builtins
import json
import os
import signal
import sys
import time
from decimal import Decimal
from io import StringIO
from types import ModuleType
from unittest import mock

STAR_IMPORTED = [
    "string", "re", "datetime", "collections", "heapq", "bisect", "copy", "math", "random", "statistics",
    "itertools", "functools", "operator", "io", "sys", "json", "builtins", "typing",
]
# The same modules imported by name, all but builtins and typing.
NAME_IMPORTED = STAR_IMPORTED[:16]
PRELUDE = (
    "".join("from %s import *\n" % name for name in STAR_IMPORTED)
    + "".join("import %s\n" % name for name in NAME_IMPORTED)
    + "sys.setrecursionlimit(50000)\n"
)
TRUNCATE_AT = 300
DEFAULT_TIMEOUT_SECONDS = 6


def truncate(value):
    text = value if isinstance(value, str) else str(value)
    if len(text) <= TRUNCATE_AT:
        return text
    half = TRUNCATE_AT // 2
    return text[:half] + "...(truncated) ..." + text[-half:]


class TimeoutException(Exception):
    pass


def on_alarm(signum, frame):
    print("timeout occured: alarm went off")
    raise TimeoutException


def is_timeout(error):
    return "timeoutexception" in repr(error).lower()


class MissingFunction(Exception):
    # LiveCodeBench's grader returns None here and then fails to unpack it; its record says exactly this.
    def __str__(self):
        return "cannot unpack non-iterable NoneType object"


def compile_solution(code, timeout):
    signal.alarm(timeout)
    try:
        module = ModuleType("tmp_sol", "")
        exec(code, module.__dict__)
        return module.Solution() if "class Solution" in code else module
    finally:
        signal.alarm(0)


def find_function(compiled, name):
    if not hasattr(compiled, name):
        raise MissingFunction()
    return getattr(compiled, name)


def failure(error, inputs, expected):
    timed_out = is_timeout(error)
    return {
        "error": repr(error),
        "error_code": -3 if timed_out else -4,
        "error_message": "Time Limit Exceeded" if timed_out else "Runtime Error",
        "inputs": truncate(inputs),
        "expected": truncate(expected),
    }


def grade_call_based(code, inputs, outputs, fn_name, timeout, progress):
    compiled = compile_solution(PRELUDE + "\n\n" + code, timeout)
    method = find_function(compiled, fn_name)
    progress["stage"] = "harness"
    arguments = [[json.loads(line) for line in text.split("\n")] for text in inputs]
    expected_values = [json.loads(text) for text in outputs]
    progress["stage"] = "tests"
    results = []
    total_seconds = 0.0
    for args, expected in zip(arguments, expected_values):
        signal.alarm(timeout)
        try:
            start = time.time()
            prediction = method(*args)
            total_seconds += time.time() - start
            signal.alarm(0)
            # A tuple counts as the list it holds; otherwise plain ==, no float tolerance.
            if isinstance(prediction, tuple):
                prediction = list(prediction)
            is_equal = bool(prediction == expected)
            results.append(is_equal)
            if not is_equal:
                return results, {
                    "output": truncate(prediction),
                    "inputs": truncate(args),
                    "expected": truncate(expected),
                    "error_code": -2,
                    "error_message": "Wrong Answer",
                }
        except Exception as error:
            signal.alarm(0)
            details = failure(error, args, expected)
            results.append(details["error_code"])
            return results, details
        finally:
            signal.alarm(0)
    return results, {"execution time": total_seconds}


def unwrap_main_guard(code):
    # A last top-level "if __name__ == '__main__':" is replaced by its body.
    try:
        tree = ast.parse(code)
        last = tree.body[-1]
        if isinstance(last, ast.If) and ast.unparse(last.test).strip() == "__name__ == '__main__'":
            code = ast.unparse(tree.body[:-1]) + "\n" + ast.unparse(last.body)
    except Exception:
        pass
    return code


def wrap_in_function(code):
    # Top-level imports stay at module level after the prelude; every other statement becomes the body of
    # wrapped_function(). Code that does not parse is returned as it is (and then fails to compile).
    try:
        tree = ast.parse(code)
        imports = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
        body = [node for node in tree.body if not isinstance(node, (ast.Import, ast.ImportFrom))]
        fields = {}
        if "type_params" in ast.FunctionDef._fields:
            fields["type_params"] = []
        function = ast.FunctionDef(
            name="wrapped_function",
            args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
            body=body,
            decorator_list=[],
            lineno=-1,
            **fields
        )
        return PRELUDE + "\n" + ast.unparse(imports) + "\n" + ast.unparse(function)
    except Exception:
        return code


class StdinBytes:
    # sys.stdin.buffer: read() gives every byte each time; readline() gives the first line each time.
    def __init__(self, text):
        self.data = text.encode("utf-8")

    def read(self, *args):
        return self.data

    def readline(self, *args):
        return self.data.split(b"\n")[0] + b"\n"


class MockStdinWithBuffer:
    # sys.stdin during a test: read() is the whole input each time, readline() goes line by line (newline kept),
    # readlines() is the input split on newlines; other attributes come from a StringIO of the input. Not iterable
    # ("for line in sys.stdin" is a runtime error). Named as the reference names it, so its errors read the same.
    def __init__(self, text):
        self.text = text
        self.lines = StringIO(text)
        self.buffer = StdinBytes(text)

    def read(self, *args):
        return self.text

    def readline(self, *args):
        return self.lines.readline(*args)

    def readlines(self, *args):
        return self.text.split("\n")

    def __getattr__(self, name):
        return getattr(self.lines, name)


def call_with_stdin(function, text):
    # The process's own stdin object (bound as "stdin" by the prelude's "from sys import *", or by a hoisted
    # "from sys import stdin") gets read/readlines/readline over the input, readline without newlines and raising
    # StopIteration at the end; sys.stdin itself is a StdinText; open() reads the input.
    line_iterator = iter(text.split("\n"))
    with mock.patch.object(sys.stdin, "read", lambda *args: text), mock.patch.object(
        sys.stdin, "readlines", lambda *args: text.split("\n")
    ), mock.patch.object(sys.stdin, "readline", lambda *args: next(line_iterator)), mock.patch(
        "sys.stdin", MockStdinWithBuffer(text)
    ), mock.patch("builtins.open", mock.mock_open(read_data=text)):
        try:
            return function()
        except SystemExit:
            pass


def stripped_lines(text):
    return [line.strip() for line in text.strip().split("\n")]


def as_decimals(line):
    try:
        return [Decimal(word) for word in line.split()]
    except Exception:
        return None


def compare_stdout(prediction, expected, inputs):
    # None when equal, else the wrong-answer record.
    predicted_lines = stripped_lines(prediction)
    expected_lines = stripped_lines(expected)
    record = {
        "output": truncate(prediction),
        "inputs": truncate(inputs),
        "expected": truncate(expected),
        "error_code": -2,
    }
    if len(predicted_lines) != len(expected_lines):
        record["error_message"] = "Wrong answer: mismatched output length"
        return record
    for index, (predicted, wanted) in enumerate(zip(predicted_lines, expected_lines)):
        record["error_message"] = "Wrong answer at output_line_idx=%d: %s != %s" % (
            index, truncate(predicted), truncate(wanted),
        )
        if predicted == wanted:
            continue
        predicted_numbers = as_decimals(predicted)
        if predicted_numbers is None:
            return record
        wanted_numbers = as_decimals(wanted)
        if wanted_numbers is None or predicted_numbers != wanted_numbers:
            return record
    return None


def grade_stdin(code, inputs, outputs, timeout, progress):
    compiled = compile_solution(wrap_in_function(unwrap_main_guard(code)), timeout)
    method = find_function(compiled, "wrapped_function")
    progress["stage"] = "tests"
    results = []
    total_seconds = 0.0
    for text, expected in zip(inputs, outputs):
        signal.alarm(timeout)
        capture = StringIO()
        # As LiveCodeBench's capture: close() takes one argument and does nothing.
        capture.close = lambda x: 1
        saved_stdout = sys.stdout
        sys.stdout = capture
        try:
            start = time.time()
            call_with_stdin(method, text)
            total_seconds += time.time() - start
            signal.alarm(0)
        except Exception as error:
            signal.alarm(0)
            details = failure(error, text, expected)
            results.append(details["error_code"])
            return results, details
        finally:
            signal.alarm(0)
            sys.stdout = saved_stdout
        wrong = compare_stdout(capture.getvalue(), expected, text)
        if wrong is not None:
            results.append(-2)
            return results, wrong
        results.append(True)
    return results, {"execution time": total_seconds}


def disable_destructive_functions():
    # What the reference's reliability_guard() switches off before grading (it is no sandbox).
    builtins.quit = None
    os.environ["OMP_NUM_THREADS"] = "1"
    for name in [
        "kill", "system", "putenv", "remove", "removedirs", "rmdir", "fchdir", "setuid", "fork", "forkpty",
        "killpg", "rename", "renames", "truncate", "replace", "unlink", "fchmod", "fchown", "chmod", "chown",
        "chroot", "lchflags", "lchmod", "lchown", "getcwd", "chdir",
    ]:
        setattr(os, name, None)
    import shutil
    import subprocess

    shutil.rmtree = None
    shutil.move = None
    shutil.chown = None
    subprocess.Popen = None
    builtins.help = None
    for name in ["ipdb", "joblib", "resource", "psutil", "tkinter"]:
        sys.modules[name] = None


def grade(cases, code):
    timeout = int(cases.get("timeout") or DEFAULT_TIMEOUT_SECONDS)
    progress = {"stage": "compile"}
    signal.alarm(timeout)
    try:
        if cases.get("fn_name") is None:
            results, details = grade_stdin(code, cases["inputs"], cases["outputs"], timeout, progress)
        else:
            results, details = grade_call_based(
                code, cases["inputs"], cases["outputs"], cases["fn_name"], timeout, progress
            )
        failed_stage = None if "execution time" in details else "tests"
    except BaseException as error:
        # run_test's own catch: the whole sample is [-4], "Error during testing: <error>".
        results = [-4]
        details = {
            "error_code": -4,
            "error_message": "Error during testing: %s" % (error,),
            "error": repr(error),
        }
        failed_stage = progress["stage"]
    finally:
        signal.alarm(0)
    return {
        "results": results,
        "error_code": details.get("error_code"),
        "error_message": details.get("error_message"),
        "error": details.get("error"),
        "output": details.get("output"),
        "inputs": details.get("inputs"),
        "expected": details.get("expected"),
        "failed_stage": failed_stage,
        "execution_time_s": details.get("execution time"),
    }


def main():
    result_stream = os.fdopen(os.dup(1), "w", encoding="utf-8")
    exit_now = os._exit
    try:
        with open("cases.json", encoding="utf-8") as file:
            cases = json.load(file)
        with open("solution.py", encoding="utf-8") as file:
            code = file.read()
        # The solution sees an empty stdin and writes to nothing, except through the patched objects.
        quiet = os.open(os.devnull, os.O_RDWR)
        os.dup2(quiet, 0)
        os.dup2(quiet, 1)
        if sys.stdin is None:
            sys.stdin = open(os.devnull, encoding="utf-8")
        if hasattr(sys, "set_int_max_str_digits"):
            sys.set_int_max_str_digits(50000)
        signal.signal(signal.SIGALRM, on_alarm)
        disable_destructive_functions()
        report = grade(cases, code)
    except BaseException as error:
        report = {
            "results": [-5],
            "error_code": -5,
            "error_message": "TestRunnerError",
            "error": repr(error),
            "output": None,
            "inputs": None,
            "expected": None,
            "failed_stage": "harness",
            "execution_time_s": None,
        }
    result_stream.write(json.dumps(report) + "\n")
    result_stream.flush()
    exit_now(0)


main()
`;
