"""NumPy reference of dev.cohort.bench.latency.LatencyBenchmark: the loops of LatencyChild, timed the same way, with
the same key=value arguments: warmup=W iterations=N steady_warmup=W2 program_runs=R.

x = arange(1000.0), y likewise; W untimed then N timed calls of each operation, one after the other,
each timed alone with time.perf_counter_ns:
  sum_ns=      float(x.sum())
  add_get_ns=  float((x + y)[5])
then R runs (after 2 untimed) of the program c = arange(1_000_000) (int64); 10 x c = c + 1; int(c.sum()):
  program_ns=  nanoseconds per run.
then each operation again, W2 untimed and N timed calls: sum_steady_ns=, add_get_steady_ns=.
Every result is checked.
"""
import sys
import time

import numpy as np

import benchcommon as bc


def timed(operation, expected, warmup, iterations):
    samples = []
    for i in range(warmup + iterations):
        t0 = time.perf_counter_ns()
        value = operation()
        elapsed = time.perf_counter_ns() - t0
        if value != expected:
            bc.fail(f"call {i} gave {value}, expected {expected}")
        if i >= warmup:
            samples.append(elapsed)
    return samples


def program():
    c = np.arange(1_000_000)
    for _ in range(10):
        c = c + 1
    return int(c.sum())


def main():
    args = {key: int(value) for key, value in (arg.split("=", 1) for arg in sys.argv[1:])}
    bc.emit_versions("numpy")
    x = np.arange(1000.0)
    y = np.arange(1000.0)
    for key, operation, expected in (("sum_ns", lambda: float(x.sum()), 499500.0),
                                     ("add_get_ns", lambda: float((x + y)[5]), 10.0)):
        bc.emit(key, ",".join(str(s) for s in timed(operation, expected, args["warmup"], args["iterations"])))
    bc.emit("program_ns", ",".join(str(s) for s in timed(program, 500009500000, 2, args["program_runs"])))
    for key, operation, expected in (("sum_steady_ns", lambda: float(x.sum()), 499500.0),
                                     ("add_get_steady_ns", lambda: float((x + y)[5]), 10.0)):
        bc.emit(key, ",".join(str(s) for s in timed(operation, expected, args["steady_warmup"], args["iterations"])))


if __name__ == "__main__":
    main()
