"""Shared helpers of the macro benchmark's reference scripts (logreg.py, cg_poisson.py, cg_dense.py).

dev.cohort.bench.macro.MacroBenchmark runs each script with python3 and parses the `key=value` lines it prints:
  system=numpy|dask, python_executable=..., numpy_version=..., dask_version=..., dask_scheduler=..., dask_workers=...,
  dask_chunks=... (dask only),
  samples=s1,s2,...   seconds per iteration of each timed round (wall time of the round / its iterations),
  plus the workload's checksums (loss=, w_sum=, residual=, x_sum=), printed with repr() so that they round-trip.
Rounds: `--warmup` untimed rounds, then `--rounds` timed ones, each of `--round-length` iterations ending with
the round's result in memory (NumPy is eager; Dask rounds end with compute/persist).
"""
import argparse
import os
import sys
import time


def parser(description):
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--system", choices=["numpy", "dask"], default="numpy")
    p.add_argument("--warmup", type=int, default=1, help="untimed rounds")
    p.add_argument("--rounds", type=int, default=5, help="timed rounds")
    p.add_argument("--round-length", type=int, default=1, help="iterations per round")
    p.add_argument("--chunks", type=int, default=2 * (os.cpu_count() or 1),
                   help="dask: row blocks of the arrays (default: 2 per core)")
    return p


def setup_dask(args):
    """Dask's threaded scheduler with one worker thread per core, set explicitly (it is also Dask's default for
    arrays); returns the modules (dask, dask.array)."""
    import dask
    import dask.array as da
    dask.config.set(scheduler="threads", num_workers=os.cpu_count() or 1)
    return dask, da


def row_block(rows, args):
    """Rows per block so that `rows` split into `--chunks` blocks (the last may be smaller)."""
    return max(1, -(-rows // max(1, args.chunks)))


def emit(key, value):
    if isinstance(value, float):
        value = repr(value)
    print(f"{key}={value}", flush=True)


def emit_versions(system):
    import numpy as np
    emit("system", system)
    emit("python_executable", sys.executable)
    emit("numpy_version", np.__version__)
    if system == "dask":
        import dask
        emit("dask_version", dask.__version__)
        emit("dask_scheduler", dask.config.get("scheduler", "default"))
        emit("dask_workers", dask.config.get("num_workers", os.cpu_count()))


def emit_samples(samples):
    emit("samples", ",".join(repr(float(s)) for s in samples))


class Rounds:
    """Times `--warmup` untimed and `--rounds` timed rounds of `--round-length` iterations each."""

    def __init__(self, args):
        self.warmup = args.warmup
        self.rounds = args.rounds
        self.length = args.round_length
        self.samples = []

    def run(self, iteration, sync):
        """Runs warmup + timed rounds of `iteration()` calls, `sync()` at the end of each round."""
        for r in range(self.warmup + self.rounds):
            t0 = time.perf_counter()
            for _ in range(self.length):
                iteration()
            sync()
            elapsed = (time.perf_counter() - t0) / self.length
            if r >= self.warmup:
                self.samples.append(elapsed)
        return self.samples


def fail(message):
    print(message, file=sys.stderr, flush=True)
    sys.exit(1)
