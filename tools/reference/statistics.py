#!/usr/bin/env python3
"""Writes ndarray-api/src/test/resources/reference/statistics.json: NumPy 2.x references for the statistics,
scans, sorting/searching and boolean-mask family (StatisticsReferenceTest runs every case on 1 and 3 shards).

Each case: op, input arrays {dtype, shape, data} (NaN as NaN), params, and either expect {dtype, shape, data}
(a list of outputs for functions returning several arrays) with exact (bits) or approximate comparison, or
error {kind, message} (kind: the Python exception class name)."""
import json
import os
import numpy as np

rng = np.random.default_rng(15)
cases = []


def enc(a):
    a = np.asarray(a)
    return {"dtype": str(a.dtype), "shape": list(a.shape), "data": [float(v) for v in a.ravel()]}


def arr(dtype, shape, lo=-5, hi=6, nan=False, dup=True):
    n = int(np.prod(shape))
    if dtype == "bool":
        return rng.integers(0, 2, n).astype(bool).reshape(shape)
    v = rng.integers(lo, hi, n).astype(np.float64)
    if dtype.startswith("float"):
        v = v + rng.integers(0, 4, n) * 0.25
        if nan:
            v[rng.integers(0, n, max(1, n // 6))] = np.nan
    return v.astype(dtype).reshape(shape)


def case(name, op, inputs, params, fn, exact):
    entry = {"name": name, "op": op, "inputs": [enc(a) for a in inputs], "params": params}
    try:
        r = fn(*inputs)
        if isinstance(r, tuple):
            entry["expect"] = [enc(x) for x in r]
        else:
            entry["expect"] = [enc(r)]
        entry["exact"] = exact
    except Exception as e:  # noqa: BLE001 -- the error NumPy raises is the reference
        entry["error"] = {"kind": type(e).__name__, "message": str(e)}
    cases.append(entry)


DT = ["float64", "float32", "int64", "int32", "bool"]
NUM = ["float64", "float32", "int64", "int32"]
for dt in NUM:
    for shape in [(37,), (6, 7)]:
        a = arr(dt, shape)
        case(f"var {dt} {shape}", "var", [a], {}, lambda a: np.var(a), False)
        case(f"std ddof=1 {dt} {shape}", "std_ddof", [a], {"ddof": 1}, lambda a: np.std(a, ddof=1), False)
        case(f"ptp {dt} {shape}", "ptp", [a], {}, lambda a: np.ptp(a), True)
        w = arr("float64", shape, 0, 4) + 0.5
        case(f"average weights {dt} {shape}", "average_w", [a, w], {}, lambda a, w: np.average(a, weights=w), False)
        case(f"cumsum {dt} {shape}", "cumsum", [a], {}, lambda a: np.cumsum(a), dt.startswith("int"))
        p = arr(dt, shape, -1, 3)
        p[np.asarray(p) == 0] = 1
        case(f"cumprod {dt} {shape}", "cumprod", [p], {}, lambda a: np.cumprod(a), dt.startswith("int"))
        case(f"sort None {dt} {shape}", "sort_none", [a], {}, lambda a: np.sort(a, axis=None), True)
        case(f"argsort None {dt} {shape}", "argsort_none", [a], {}, lambda a: np.argsort(a, axis=None, kind="stable"), True)
        case(f"sort {dt} {shape}", "sort", [a], {}, lambda a: np.sort(a), True)
        case(f"argsort {dt} {shape}", "argsort", [a], {}, lambda a: np.argsort(a, kind="stable"), True)
        case(f"unique {dt} {shape}", "unique_counts", [a], {}, lambda a: np.unique(a, return_counts=True), True)
        case(f"median {dt} {shape}", "median", [a], {}, lambda a: np.median(a), False)
        case(f"percentile 30 {dt} {shape}", "percentile", [a], {"q": 30.0}, lambda a: np.percentile(a, 30.0), False)
        case(f"quantile 0.85 {dt} {shape}", "quantile", [a], {"q": 0.85}, lambda a: np.quantile(a, 0.85), False)
        case(f"diff {dt} {shape}", "diff", [a], {}, lambda a: np.diff(a), dt.startswith("int"))
        case(f"count_nonzero {dt} {shape}", "count_nonzero", [a], {}, lambda a: np.asarray(np.count_nonzero(a), dtype=np.int64), True)
        m = arr("bool", shape)
        case(f"mask get {dt} {shape}", "mask_get", [a, m], {}, lambda a, m: a[m], True)
        case(f"nonzero {dt} {shape}", "nonzero", [a], {}, lambda a: np.nonzero(a), True)
        case(f"argwhere {dt} {shape}", "argwhere", [a], {}, lambda a: np.argwhere(a), True)
        case(f"flatnonzero {dt} {shape}", "flatnonzero", [a], {}, lambda a: np.flatnonzero(a), True)
    b = arr(dt, (5, 8))
    for ax in [0, 1, -1]:
        case(f"var axis={ax} ddof=1 keepdims {dt}", "var_axis", [b], {"axis": ax, "ddof": 1, "keepdims": True},
             lambda a, ax=ax: np.var(a, axis=ax, ddof=1, keepdims=True), False)
        case(f"cumsum axis={ax} {dt}", "cumsum_axis", [b], {"axis": ax}, lambda a, ax=ax: np.cumsum(a, axis=ax), dt.startswith("int"))
        case(f"sort axis={ax} {dt}", "sort_axis", [b], {"axis": ax}, lambda a, ax=ax: np.sort(a, axis=ax), True)
        case(f"argsort axis={ax} {dt}", "argsort_axis", [b], {"axis": ax}, lambda a, ax=ax: np.argsort(a, axis=ax, kind="stable"), True)
        case(f"diff axis={ax} {dt}", "diff_axis", [b], {"axis": ax, "n": 2}, lambda a, ax=ax: np.diff(a, n=2, axis=ax), dt.startswith("int"))
for dt in ["float64", "float32"]:
    for shape in [(29,), (4, 9)]:
        a = arr(dt, shape, nan=True)
        for op in ["nansum", "nanmax", "nanmin", "nanmean"]:
            case(f"{op} {dt} {shape}", op, [a], {}, getattr(np, op), op in ("nanmax", "nanmin"))
        case(f"sort with NaN {dt} {shape}", "sort_none", [a], {}, lambda a: np.sort(a, axis=None), True)
        case(f"argsort with NaN {dt} {shape}", "argsort_none", [a], {}, lambda a: np.argsort(a, axis=None, kind="stable"), True)
        case(f"unique with NaN {dt} {shape}", "unique_counts", [a], {}, lambda a: np.unique(a, return_counts=True, equal_nan=True), True)
        case(f"median with NaN {dt} {shape}", "median", [a], {}, lambda a: np.median(a), False)
        case(f"nonzero with NaN {dt} {shape}", "nonzero", [a], {}, lambda a: np.nonzero(a), True)
    b = arr(dt, (4, 6), nan=True)
    for ax in [0, 1]:
        for op in ["nansum", "nanmax", "nanmin", "nanmean"]:
            case(f"{op} axis={ax} {dt}", op + "_axis", [b], {"axis": ax}, lambda a, op=op, ax=ax: getattr(np, op)(a, axis=ax),
                 op in ("nanmax", "nanmin"))
bb = arr("bool", (3, 5))
case("cumsum bool", "cumsum", [bb], {}, lambda a: np.cumsum(a), True)
case("sort bool", "sort_none", [bb], {}, lambda a: np.sort(a, axis=None), True)
case("unique bool", "unique_counts", [bb], {}, lambda a: np.unique(a, return_counts=True), True)
case("diff bool", "diff", [bb], {}, lambda a: np.diff(a), True)
case("nonzero bool", "nonzero", [bb], {}, lambda a: np.nonzero(a), True)
# errors, in NumPy's words
e2 = arr("float64", (3, 4))
case("sort axis out of bounds", "sort_axis", [e2], {"axis": 2}, lambda a: np.sort(a, axis=2), True)
case("cumsum axis out of bounds", "cumsum_axis", [e2], {"axis": -3}, lambda a: np.cumsum(a, axis=-3), True)
case("mask of another shape", "mask_get", [e2, arr("bool", (4, 4))], {}, lambda a, m: a[m], True)
case("percentile out of range", "percentile", [e2], {"q": 101.0}, lambda a: np.percentile(a, 101.0), False)
case("quantile out of range", "quantile", [e2], {"q": -0.5}, lambda a: np.quantile(a, -0.5), False)
case("nonzero of 0-d", "nonzero", [np.asarray(3.0)], {}, lambda a: np.nonzero(a), True)
case("diff of 0-d", "diff", [np.asarray(3.0)], {}, lambda a: np.diff(a), True)
case("average zero weights", "average_w", [e2, np.zeros((3, 4))], {}, lambda a, w: np.average(a, weights=w), False)

out = os.path.join(os.path.dirname(__file__), "../../ndarray-api/src/test/resources/reference/statistics.json")
with open(out, "w") as f:
    json.dump({"numpy": np.__version__, "cases": cases}, f, separators=(",", ":"))
print(len(cases), "cases ->", os.path.normpath(out))
