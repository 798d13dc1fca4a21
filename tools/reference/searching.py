#!/usr/bin/env python3
"""Writes ndarray-api/src/test/resources/reference/searching.json: NumPy 2.x references for the searching family
and the statistics leftovers of issue 15 wave 3 (searchsorted, digitize, isin, lexsort, partition/argpartition,
ndarray.sort, nanargmax/nanargmin, nancumsum/nancumprod, nanprod, nanmedian/nanquantile/nanpercentile, histogram,
histogram2d, histogramdd, cov, corrcoef, gradient). SearchingReferenceTest runs every case on 1 and 3 shards.

Same case format as statistics.py: op, inputs {dtype, shape, data}, params, expect (list of outputs) with exact
(bits) or approximate comparison, or error {kind, message}. For partition/argpartition, whose other elements NumPy
leaves in an unspecified order, the reference is the element at kth (argpartition: a's value there)."""
import json
import os
import numpy as np

rng = np.random.default_rng(1280)
cases = []


def enc(a):
    a = np.asarray(a)
    return {"dtype": str(a.dtype), "shape": list(a.shape), "data": [float(v) for v in a.ravel()]}


def arr(dtype, shape, lo=-5, hi=6, nan=False):
    n = int(np.prod(shape))
    if dtype == "bool":
        return rng.integers(0, 2, n).astype(bool).reshape(shape)
    v = rng.integers(lo, hi, n).astype(np.float64)
    if dtype.startswith("float"):
        v = v + rng.integers(0, 4, n) * 0.25
        if nan:
            v[rng.integers(0, n, max(1, n // 5))] = np.nan
    return v.astype(dtype).reshape(shape)


def case(name, op, inputs, params, fn, exact):
    entry = {"name": name, "op": op, "inputs": [enc(a) for a in inputs], "params": params}
    try:
        r = fn(*inputs)
        entry["expect"] = [enc(x) for x in r] if isinstance(r, (tuple, list)) else [enc(r)]
        entry["exact"] = exact
    except Exception as e:  # noqa: BLE001 -- the error NumPy raises is the reference
        entry["error"] = {"kind": type(e).__name__, "message": str(e)}
    cases.append(entry)


NUM = ["float64", "float32", "int64", "int32"]
for dt in NUM:
    s = np.sort(arr(dt, (23,)))
    v = arr(dt, (4, 5), -7, 8)
    for side in ["left", "right"]:
        case(f"searchsorted {side} {dt}", "searchsorted", [s, v], {"side": side},
             lambda s, v, side=side: np.searchsorted(s, v, side=side), True)
    vf = arr("float64", (9,), -7, 8)
    case(f"searchsorted float values in {dt}", "searchsorted", [s, vf], {"side": "left"},
         lambda s, v: np.searchsorted(s, v), True)
    x = arr(dt, (3, 7), -7, 8)
    bins = np.unique(arr(dt, (6,)))
    for right in [False, True]:
        case(f"digitize right={right} {dt}", "digitize", [x, bins], {"right": right},
             lambda x, b, right=right: np.digitize(x, b, right=right), True)
        case(f"digitize decreasing right={right} {dt}", "digitize", [x, bins[::-1].copy()], {"right": right},
             lambda x, b, right=right: np.digitize(x, b, right=right), True)
    t = arr(dt, (8,))
    for inv in [False, True]:
        case(f"isin invert={inv} {dt}", "isin", [x, t], {"invert": inv},
             lambda x, t, inv=inv: np.isin(x, t, invert=inv), True)
    k0, k1, k2 = arr(dt, (19,), 0, 3), arr(dt, (19,), 0, 3), arr(dt, (19,), 0, 2)
    case(f"lexsort 3 keys {dt}", "lexsort", [k0, k1, k2], {}, lambda *k: np.lexsort(k), True)
    a = arr(dt, (17,))
    for kth in [0, 5, -1]:
        case(f"partition kth={kth} {dt}", "partition", [a], {"kth": kth},
             lambda a, kth=kth: np.partition(a, kth)[kth], True)
        case(f"argpartition kth={kth} {dt}", "argpartition", [a], {"kth": kth},
             lambda a, kth=kth: a[np.argpartition(a, kth)][kth], True)
    b = arr(dt, (5, 6))
    for ax in [0, 1]:
        case(f"partition axis={ax} {dt}", "partition_axis", [b], {"kth": 2, "axis": ax},
             lambda b, ax=ax: np.take(np.partition(b, 2, axis=ax), 2, axis=ax), True)
        case(f"ndarray.sort axis={ax} {dt}", "sort_inplace", [b], {"axis": ax},
             lambda b, ax=ax: np.sort(b, axis=ax), True)
    case(f"ndarray.sort 1-d {dt}", "sort_inplace", [a], {"axis": -1}, lambda a: np.sort(a), True)
    h = arr(dt, (41,))
    case(f"histogram 7 bins {dt}", "histogram", [h], {"bins": 7}, lambda h: np.histogram(h, 7), True)
    case(f"histogram range density {dt}", "histogram_range", [h], {"bins": 5, "lo": -2.0, "hi": 3.5, "density": True},
         lambda h: np.histogram(h, 5, range=(-2.0, 3.5), density=True), False)
    edges = np.array([-4.0, -1.5, 0.0, 0.0, 2.25, 4.0])
    case(f"histogram edges {dt}", "histogram_edges", [h, edges], {"density": False},
         lambda h, e: np.histogram(h, bins=e), True)
    y = arr(dt, (41,), -2, 3)
    case(f"histogram2d {dt}", "histogram2d", [h, y], {"nx": 4, "ny": 3},
         lambda x, y: np.histogram2d(x, y, bins=[4, 3]), True)
    case(f"histogramdd {dt}", "histogramdd", [np.stack([h, y, h[::-1]], axis=1)], {"bins": 3},
         lambda s: (lambda r: (r[0], *r[1]))(np.histogramdd(s, bins=3)), True)
    m = arr(dt, (3, 11))
    case(f"cov {dt}", "cov", [m], {"rowvar": True, "bias": False, "ddof": None}, lambda m: np.cov(m), False)
    case(f"cov rowvar=False bias {dt}", "cov", [m.T.copy()], {"rowvar": False, "bias": True, "ddof": None},
         lambda m: np.cov(m, rowvar=False, bias=True), False)
    case(f"cov ddof=2 1-d {dt}", "cov", [m[0].copy()], {"rowvar": True, "bias": False, "ddof": 2},
         lambda m: np.cov(m, ddof=2), False)
    case(f"corrcoef {dt}", "corrcoef", [m], {}, lambda m: np.corrcoef(m), False)
    g = arr(dt, (4, 7))
    case(f"gradient {dt}", "gradient", [g], {"h": 0.5}, lambda g: np.gradient(g, 0.5), False)
    for ax in [0, -1]:
        case(f"gradient axis={ax} {dt}", "gradient_axis", [g], {"h": 2.0, "axis": ax},
             lambda g, ax=ax: np.gradient(g, 2.0, axis=ax), False)
    case(f"gradient 1-d n=2 {dt}", "gradient", [g[0, :2].copy()], {"h": 1.0}, lambda g: [np.gradient(g, 1.0)], False)
    case(f"nanprod {dt}", "nanprod", [arr(dt, (9,), -2, 3)], {}, np.nanprod, dt.startswith("int"))
    case(f"nanvar {dt}", "nanvar", [b], {}, np.nanvar, False)
    case(f"histogram_bin_edges range {dt}", "histogram_bin_edges_range", [b], {"bins": 4, "lo": -1.5, "hi": 2.0},
         lambda b: np.histogram_bin_edges(b, 4, range=(-1.5, 2.0)), True)
    case(f"nancumsum {dt}", "nancumsum", [b], {}, np.nancumsum, dt.startswith("int"))
    case(f"nanargmax {dt}", "nanargmax", [b], {}, np.nanargmax, True)
    case(f"nanmedian {dt}", "nanmedian", [a], {}, np.nanmedian, False)
for dt in ["float64", "float32"]:
    a = arr(dt, (31,), nan=True)
    b = arr(dt, (5, 6), nan=True)
    case(f"nanargmax nan {dt}", "nanargmax", [a], {}, np.nanargmax, True)
    case(f"nanargmin nan {dt}", "nanargmin", [a], {}, np.nanargmin, True)
    for ax in [0, 1]:
        b2 = b.copy()
        b2[:, 0] = 1.0
        b2[0, :] = 2.0
        case(f"nanargmax axis={ax} {dt}", "nanargmax_axis", [b2], {"axis": ax}, lambda b, ax=ax: np.nanargmax(b, axis=ax), True)
        case(f"nanargmin axis={ax} {dt}", "nanargmin_axis", [b2], {"axis": ax}, lambda b, ax=ax: np.nanargmin(b, axis=ax), True)
        case(f"nancumsum axis={ax} {dt}", "nancumsum_axis", [b], {"axis": ax}, lambda b, ax=ax: np.nancumsum(b, axis=ax), False)
        case(f"nancumprod axis={ax} {dt}", "nancumprod_axis", [b], {"axis": ax}, lambda b, ax=ax: np.nancumprod(b, axis=ax), False)
        case(f"nanprod axis={ax} {dt}", "nanprod_axis", [b], {"axis": ax}, lambda b, ax=ax: np.nanprod(b, axis=ax), False)
    case(f"nanvar nan {dt}", "nanvar", [a], {}, np.nanvar, False)
    case(f"nanstd nan {dt}", "nanstd", [a], {}, np.nanstd, False)
    for ax in [0, 1]:
        case(f"nanvar axis={ax} ddof=1 keepdims {dt}", "nanvar_axis", [b], {"axis": ax, "ddof": 1, "keepdims": True},
             lambda b, ax=ax: np.nanvar(b, axis=ax, ddof=1, keepdims=True), False)
        case(f"nanstd axis={ax} ddof=5 {dt}", "nanstd_axis", [b], {"axis": ax, "ddof": 5, "keepdims": False},
             lambda b, ax=ax: np.nanstd(b, axis=ax, ddof=5), False)
    case(f"histogram_bin_edges {dt}", "histogram_bin_edges", [a], {"bins": 6}, lambda a: np.histogram_bin_edges(a[~np.isnan(a)], 6), True)
    case(f"nancumsum nan {dt}", "nancumsum", [a], {}, np.nancumsum, False)
    case(f"nancumprod nan {dt}", "nancumprod", [arr(dt, (12,), -2, 3, nan=True)], {}, np.nancumprod, False)
    case(f"nanprod nan {dt}", "nanprod", [arr(dt, (12,), -2, 3, nan=True)], {}, np.nanprod, False)
    case(f"nanmedian nan {dt}", "nanmedian", [a], {}, np.nanmedian, False)
    case(f"nanmedian nan even {dt}", "nanmedian", [a[:-1].copy()], {}, np.nanmedian, False)
    case(f"nanquantile 0.3 {dt}", "nanquantile", [b], {"q": 0.3}, lambda b: np.nanquantile(b, 0.3), False)
    case(f"nanpercentile 85 {dt}", "nanpercentile", [b], {"q": 85.0}, lambda b: np.nanpercentile(b, 85.0), False)
    s = np.sort(a)
    case(f"searchsorted NaN values {dt}", "searchsorted", [s, a], {"side": "right"}, lambda s, v: np.searchsorted(s, v, side="right"), True)
    case(f"isin NaN {dt}", "isin", [a, a[:5].copy()], {"invert": False}, lambda x, t: np.isin(x, t), True)
    case(f"histogram with NaN range {dt}", "histogram_range", [a], {"bins": 4, "lo": -3.0, "hi": 3.0, "density": False},
         lambda h: np.histogram(h, 4, range=(-3.0, 3.0)), True)
case("histogram of a constant array", "histogram", [np.full(5, 2.5)], {"bins": 4}, lambda h: np.histogram(h, 4), True)
case("histogram of an empty array", "histogram", [np.zeros(0)], {"bins": 3}, lambda h: np.histogram(h, 3), True)
case("histogram float32 constant", "histogram", [np.full(5, 0.1, dtype=np.float32)], {"bins": 3}, lambda h: np.histogram(h, 3), True)
case("searchsorted empty a", "searchsorted", [np.zeros(0), e0 := arr("float64", (5,))], {"side": "left"},
     lambda a, v: np.searchsorted(a, v), True)
case("isin empty test", "isin", [e0, np.zeros(0)], {"invert": True}, lambda x, t: np.isin(x, t, invert=True), True)
case("nanmedian all NaN", "nanmedian", [np.full(3, np.nan)], {}, np.nanmedian, False)
# errors, in NumPy's words
e1 = arr("float64", (6,))
e2 = arr("float64", (3, 4))
case("searchsorted 2-d a", "searchsorted", [e2, e1], {"side": "left"}, lambda a, v: np.searchsorted(a, v), True)
case("searchsorted bad side", "searchsorted", [np.sort(e1), e1], {"side": "middle"}, lambda a, v: np.searchsorted(a, v, side="middle"), True)
case("digitize not monotonic", "digitize", [e1, np.array([1.0, 3.0, 2.0])], {"right": False}, lambda x, b: np.digitize(x, b), True)
case("digitize 2-d bins", "digitize", [e1, e2], {"right": False}, lambda x, b: np.digitize(x, b), True)
case("lexsort keys of different shapes", "lexsort", [e1, e1[:4].copy()], {}, lambda *k: np.lexsort(k), True)
case("partition kth too large", "partition", [e1], {"kth": 6}, lambda a: np.partition(a, 6)[0], True)
case("argpartition kth too small", "argpartition", [e1], {"kth": -7}, lambda a: np.argpartition(a, -7)[0], True)
case("nanargmax all NaN", "nanargmax", [np.full(4, np.nan)], {}, np.nanargmax, True)
case("nanargmin all-NaN row", "nanargmin_axis", [np.array([[np.nan, 1.0], [np.nan, np.nan]])], {"axis": 1},
     lambda a: np.nanargmin(a, axis=1), True)
case("nanargmax empty", "nanargmax", [np.zeros(0)], {}, np.nanargmax, True)
case("nanquantile out of range", "nanquantile", [e1], {"q": 1.5}, lambda a: np.nanquantile(a, 1.5), False)
case("nanpercentile out of range", "nanpercentile", [e1], {"q": -1.0}, lambda a: np.nanpercentile(a, -1.0), False)
case("histogram zero bins", "histogram", [e1], {"bins": 0}, lambda h: np.histogram(h, 0), True)
case("histogram edges decrease", "histogram_edges", [e1, np.array([0.0, 2.0, 1.0])], {"density": False},
     lambda h, e: np.histogram(h, bins=e), True)
case("histogram reversed range", "histogram_range", [e1], {"bins": 3, "lo": 2.0, "hi": 1.0, "density": False},
     lambda h: np.histogram(h, 3, range=(2.0, 1.0)), True)
case("histogram NaN autodetected range", "histogram", [np.array([1.0, np.nan])], {"bins": 3}, lambda h: np.histogram(h, 3), True)
case("histogram2d lengths differ", "histogram2d", [e1, e1[:5].copy()], {"nx": 2, "ny": 2},
     lambda x, y: np.histogram2d(x, y, bins=[2, 2]), True)
case("cov of 3-d", "cov", [np.zeros((2, 2, 2))], {"rowvar": True, "bias": False, "ddof": None}, lambda m: np.cov(m), False)
case("gradient too short", "gradient", [np.ones(1)], {"h": 1.0}, lambda g: np.gradient(g), False)
case("gradient axis out of bounds", "gradient_axis", [e1], {"h": 1.0, "axis": 1}, lambda g: np.gradient(g, axis=1), False)

out = os.path.join(os.path.dirname(__file__), "../../ndarray-api/src/test/resources/reference/searching.json")
with open(out, "w") as f:
    json.dump({"numpy": np.__version__, "cases": cases}, f, separators=(",", ":"))
print(len(cases), "cases ->", os.path.normpath(out))
