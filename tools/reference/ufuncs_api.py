#!/usr/bin/env python3
"""NumPy references for ndarray-api's UfuncsApiTest: the element-wise functions of issue 15 (Np's ufunc section)
called through Cohort's public API, for every dtype, plus NumPy 2's scalar rules and errors.

Writes ndarray-api/src/test/resources/reference/ufuncs_api.json: {"cases": [case, ...]}, each case
    {"name", "fn", "args": [arg, ...], "method": bool, "out": dtype|null, "exact": bool,
     "shape", "dtype", "values"}                  (a result array; "dtype": "pybool" for a Python bool)
  or {..., "error": {"type": NumPy's exception class, "message": its text}}
an arg is {"array": i} (the i-th of "inputs": {"dtype", "shape", "values"}), {"long": n}, {"double": "x"}, {"bool": b}, {"int": n}
(a Java int: decimals, axis), {"shape": [..]} (a long[]), {"dtype": name} or {"null": true}.
"fn" is the Np function (or, with "method", the NdArray method of the first arg) of that name; the Java test
resolves the overload from the arg kinds. Where NumPy's loop runs in a dtype Cohort lacks (int8 for bool
arithmetic, float16 for float functions of bool) the bool inputs are cast to the dtype Cohort computes in
(int32, float32) first, as tools/reference/ufuncs.py does. erf is scipy.special.erf.

Run: python3 tools/reference/ufuncs_api.py
"""
import json
import os

import numpy as np
import scipy.special

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "ndarray-api", "src", "test", "resources", "reference",
                   "ufuncs_api.json")
MAPPED = {"int8": "int32", "int16": "int32", "uint8": "int32", "float16": "float32"}
DTYPES = ["float64", "float32", "int64", "int32", "bool"]

F = [-2.5, -1.5, -0.5, -0.0, 0.0, 0.3, 0.5, 0.75, 1.0, 1.5, 2.5, 3.7, 100.25, np.nan, np.inf, -np.inf]
F2 = [2.0, -3.0, 0.5, 0.0, -0.0, np.inf, np.nan, 1.5, -0.25, 7.0, -2.5, 0.3, 4.0, 1.0, -1.0, 3.0]
I = [-7, -3, -2, -1, 0, 1, 2, 3, 5, 9, 64, 31, 100000, -100000, 12, 40]
I2 = [3, -2, 1, 1, -1, 64, 31, 5, 0, 2, -3, 7, 4, 33, 2, 1]
B = [True, False, True, True, False, False, True, False, True, True, False, True, False, False, True, True]
B2 = [True, True, False, True, False, True, False, False, True, False, True, True, False, True, True, False]

UNARY = ["floor", "ceil", "trunc", "rint", "sign", "log10", "log2", "exp2", "expm1", "log1p", "sinh", "cosh", "tan",
         "arcsin", "arccos", "arctan", "arcsinh", "arccosh", "arctanh", "cbrt", "erf", "deg2rad", "radians",
         "rad2deg", "degrees", "isnan", "isinf", "isfinite", "signbit", "invert", "bitwise_not", "positive",
         "reciprocal", "absolute", "sin", "cos", "square"]
BINARY = ["floor_divide", "remainder", "mod", "fmod", "arctan2", "hypot", "fmax", "fmin", "copysign", "nextafter",
          "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "true_divide"]
# not compared bit for bit: libm-dependent functions (Cohort's measured bounds are task-library's UfuncReferenceTest)
APPROX = {"log10", "log2", "exp2", "expm1", "log1p", "sinh", "cosh", "tan", "arcsin", "arccos", "arctan", "arcsinh",
          "arccosh", "arctanh", "cbrt", "erf", "deg2rad", "radians", "rad2deg", "degrees", "sin", "cos", "arctan2",
          "hypot", "isclose_f32"}


def data(dtype, second=False):
    if dtype.startswith("float"):
        v = F2 if second else F
    elif dtype == "bool":
        v = B2 if second else B
    else:
        v = I2 if second else I
    return np.array(v, dtype=dtype).reshape(4, 4) if not second else np.array(v, dtype=dtype)[:4]


def fmt(x, dtype):
    if dtype == "bool":
        return "True" if x else "False"
    if dtype.startswith("int"):
        return str(int(x))
    x = float(x)
    if np.isnan(x):
        return "nan"
    if np.isinf(x):
        return "inf" if x > 0 else "-inf"
    return repr(x)


INPUTS = {}  # key -> index into the JSON's "inputs" (each input array written once)


def arr(a):
    a = np.asarray(a)
    spec = {"dtype": str(a.dtype), "shape": list(a.shape), "values": [fmt(x, str(a.dtype)) for x in a.ravel()]}
    key = json.dumps(spec)
    if key not in INPUTS:
        INPUTS[key] = len(INPUTS)
    return {"array": INPUTS[key]}


def func(name):
    if name == "erf":
        return scipy.special.erf
    return getattr(np, name)


def to_py(a):
    if isinstance(a, dict):
        return a
    if isinstance(a, np.ndarray):
        return arr(a)
    if isinstance(a, bool):
        return {"bool": a}
    if isinstance(a, int):
        return {"long": a}
    if isinstance(a, float):
        return {"double": fmt(a, "float64")}
    raise TypeError(a)


cases = []


def case(name, fn, args, call, method=False, out=None, exact=True, java_args=None):
    c = {"name": name, "fn": fn, "args": java_args if java_args is not None else [to_py(a) for a in args],
         "method": method, "out": out, "exact": exact}
    try:
        with np.errstate(all="ignore"):
            r = call()
    except Exception as e:  # NumPy's error, in NumPy's words
        c["error"] = {"type": type(e).__name__, "message": str(e)}
        cases.append(c)
        return
    if isinstance(r, bool):  # a Python bool (allclose, array_equal, array_equiv); np.bool_ is a 0-d array
        c.update({"shape": [], "dtype": "pybool", "values": ["True" if r else "False"]})
    else:
        r = np.asarray(r)
        c.update({"shape": list(r.shape), "dtype": str(r.dtype), "values": [fmt(x, str(r.dtype)) for x in r.ravel()]})
    cases.append(c)


def mapped_call(f, *args, **kw):
    """f(*args); where NumPy answers in a dtype Cohort lacks, f of the bool arrays cast to Cohort's dtype."""
    with np.errstate(all="ignore"):
        r = f(*args, **kw)
    dt = str(np.asarray(r).dtype)
    if dt in MAPPED:
        args = [a.astype(MAPPED[dt]) if isinstance(a, np.ndarray) and a.dtype == np.bool_ else a for a in args]
        with np.errstate(all="ignore"):
            r = f(*args, **kw)
        assert str(np.asarray(r).dtype) == MAPPED[dt], (f, dt, r.dtype)
    return r


for name in UNARY:
    f = func(name)
    for dt in DTYPES:
        x = data(dt)
        case(f"{name}/{dt}", name, [x], lambda: mapped_call(f, x), exact=name not in APPROX)
    x = data("float64")
    case(f"{name}/method", name, [x], lambda: mapped_call(f, x), method=True, exact=name not in APPROX)
    for dt in ["float64", "int32"]:
        x = data(dt)
        outdt = "float64"
        case(f"{name}/out-{dt}", name, [x], lambda: mapped_call(f, x, out=np.empty(x.shape, outdt)), out=outdt,
             exact=name not in APPROX)
    x = data("float64")
    case(f"{name}/out-int64", name, [x], lambda: mapped_call(f, x, out=np.empty(x.shape, "int64")), out="int64",
         exact=name not in APPROX)

SCALARS = [3, -2, 1.5, -0.25, True]
for name in BINARY:
    f = func(name)
    ex = name not in APPROX
    for dt in DTYPES:
        a, b = data(dt), data(dt, True)
        case(f"{name}/{dt}", name, [a, b], lambda: mapped_call(f, a, b), exact=ex)
        for s in SCALARS:
            if isinstance(s, bool):
                continue  # Np has no boolean-scalar overloads
            case(f"{name}/{dt}-s{s}", name, [a, s], lambda: mapped_call(f, a, s), exact=ex)
            case(f"{name}/s{s}-{dt}", name, [s, a], lambda: mapped_call(f, s, a), exact=ex)
    for da, db in [("int32", "float32"), ("bool", "int32"), ("int64", "float64"), ("int32", "int64")]:
        a, b = data(da), data(db, True)
        case(f"{name}/{da}-{db}", name, [a, b], lambda: mapped_call(f, a, b), exact=ex)
    a, b = data("int64"), data("int64", True)
    case(f"{name}/method", name, [a, b], lambda: mapped_call(f, a, b), method=True, exact=ex)
    a, b = data("float64"), data("float64", True)
    case(f"{name}/out-int64", name, [a, b], lambda: mapped_call(f, a, b, out=np.empty((4, 4), "int64")),
         out="int64", exact=ex)
    case(f"{name}/out-float64", name, [a, b], lambda: mapped_call(f, a, b, out=np.empty((4, 4), "float64")),
         out="float64", exact=ex)
    case(f"{name}/shapes", name, [a, data("float64")[:3]], lambda: f(a, data("float64")[:3]), exact=ex)

# round / around with decimals
RV = np.array([1.25, 2.5, -0.55, 123.456, -2.5, 0.5, 1.5, 1e300, np.nan, -np.inf, 0.125, 7.0])
for name in ["round", "around"]:
    for dt in DTYPES:
        x = RV.astype(dt) if dt.startswith("float") else np.array(I[:12], dt) if dt != "bool" else np.array(B[:12])
        for d in [0, 1, 2, -1, -2]:
            case(f"{name}/{dt}/{d}", name, [x], lambda: mapped_call(getattr(np, name), x, d),
                 java_args=[arr(x), {"int": d}])
        case(f"{name}/{dt}", name, [x], lambda: mapped_call(getattr(np, name), x))
x = RV.astype("float32")
case("round/method/2", "round", [x], lambda: np.round(x, 2), method=True, java_args=[arr(x), {"int": 2}])
case("round/out/1", "round", [x], lambda: np.round(x, 1, out=np.empty(x.shape, "float64")), out="float64",
     java_args=[arr(x), {"int": 1}])

# isclose / allclose / array_equal / array_equiv / nan_to_num
P = np.array([1.0, 2.0, np.nan, np.inf, -np.inf, 1e-9, 100.0, 1.00001])
Q = np.array([1.0, 2.00002, np.nan, np.inf, np.inf, 0.0, 100.001, 1.0])
for da, db in [("float64", "float64"), ("float32", "float32"), ("int64", "float64"), ("float64", "int32"),
               ("int32", "int64"), ("bool", "bool"), ("float32", "float64")]:
    a = P.astype(da) if da.startswith("float") else np.array([1, 2, 0, 5, -3, 0, 100, 1], da) if da != "bool" else np.array(B[:8])
    b = Q.astype(db) if db.startswith("float") else np.array([1, 3, 0, 5, 3, 1, 100, 1], db) if db != "bool" else np.array(B2[:8])
    ex = not (da == "float32" or db == "float32")
    case(f"isclose/{da}-{db}", "isclose", [a, b], lambda: np.isclose(a, b))
    case(f"isclose/{da}-{db}/tol", "isclose", [a, b], lambda: np.isclose(a, b, 1e-3, 1e-2, True),
         java_args=[arr(a), arr(b), {"double": "0.001"}, {"double": "0.01"}, {"bool": True}])
    case(f"allclose/{da}-{db}", "allclose", [a, b], lambda: np.allclose(a, b))
    case(f"array_equal/{da}-{db}", "array_equal", [a, b], lambda: np.array_equal(a, b))
    case(f"array_equal/{da}-{db}/nan", "array_equal", [a, b], lambda: np.array_equal(a, a, equal_nan=True),
         java_args=[arr(a), arr(a), {"bool": True}])
    case(f"array_equiv/{da}-{db}", "array_equiv", [a, b], lambda: np.array_equiv(a, b))
a = P.reshape(2, 4)
case("isclose/scalar", "isclose", [P, 1.0], lambda: np.isclose(P, 1.0))
case("isclose/broadcast", "isclose", [a, Q[:4]], lambda: np.isclose(a, Q[:4]))
case("isclose/badshape", "isclose", [a, Q[:3]], lambda: np.isclose(a, Q[:3]))
case("allclose/self", "allclose", [np.array([1.0, 2.0]), np.array([1.0, 2.0000001])],
     lambda: np.allclose(np.array([1.0, 2.0]), np.array([1.0, 2.0000001])))
case("allclose/nan", "allclose", [P, P], lambda: np.allclose(P, P, equal_nan=True),
     java_args=[arr(P), arr(P), {"double": "1e-05"}, {"double": "1e-08"}, {"bool": True}])
case("array_equal/shapes", "array_equal", [a, P], lambda: np.array_equal(a, P))
case("array_equiv/broadcast", "array_equiv", [np.array([[1, 2], [1, 2]]), np.array([1, 2])],
     lambda: np.array_equiv(np.array([[1, 2], [1, 2]]), np.array([1, 2])))
case("array_equiv/nobroadcast", "array_equiv", [np.array([[1, 2], [1, 2]]), np.array([1, 2, 3])],
     lambda: np.array_equiv(np.array([[1, 2], [1, 2]]), np.array([1, 2, 3])))
case("array_equiv/differ", "array_equiv", [np.array([[1, 2], [1, 3]]), np.array([1, 2])],
     lambda: np.array_equiv(np.array([[1, 2], [1, 3]]), np.array([1, 2])))
for dt in DTYPES:
    x = P.astype(dt) if dt.startswith("float") else data(dt)
    case(f"nan_to_num/{dt}", "nan_to_num", [x], lambda: np.nan_to_num(x))
x = P.astype("float32")
case("nan_to_num/values", "nan_to_num", [x], lambda: np.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=None),
     java_args=[arr(x), {"double": "-1.0"}, {"double": "9.0"}, {"null": True}])

# NumPy functions composed of the ufuncs (real dtypes)
for name in ["fabs", "isposinf", "isneginf", "conjugate", "conj", "real", "imag", "angle", "real_if_close", "iscomplex",
             "isreal", "iscomplexobj", "isrealobj"]:
    f = getattr(np, name)
    for dt in DTYPES:
        x = data(dt)
        case(f"{name}/{dt}", name, [x], lambda: mapped_call(f, x), exact=name != "angle")
for name in ["conjugate", "conj"]:
    x = data("int32")
    case(f"{name}/method", name, [x], lambda: getattr(np, name)(x), method=True)
x = data("float64")
case("fabs/out-int64", "fabs", [x], lambda: np.fabs(x, out=np.empty(x.shape, "int64")), out="int64")
case("fabs/out-float32", "fabs", [x], lambda: np.fabs(x, out=np.empty(x.shape, "float32")), out="float32")
for name in ["float_power", "logaddexp", "logaddexp2"]:
    f = getattr(np, name)
    for dt in DTYPES:
        a, b = data(dt), data(dt, True)
        case(f"{name}/{dt}", name, [a, b], lambda: mapped_call(f, a, b), exact=False)
    for da, db in [("int32", "float32"), ("bool", "int32"), ("float32", "float64")]:
        a, b = data(da), data(db, True)
        case(f"{name}/{da}-{db}", name, [a, b], lambda: mapped_call(f, a, b), exact=False)
    a = data("float64")
    case(f"{name}/shapes", name, [a, a[:3]], lambda: f(a, a[:3]))
for s_ in [-2.0, 0.5]:
    a = data("int64")
    case(f"float_power/int64-s{s_}", "float_power", [a, s_], lambda: np.float_power(a, s_), exact=False)
    case(f"float_power/s{s_}-int64", "float_power", [s_, a], lambda: np.float_power(s_, a), exact=False)
# modf, frexp (two results: "fn" gives an NdArray[]; the case names the result it compares, "/0" or "/1"), ldexp
MF = np.array([-2.0, -0.0, 0.0, 1.5, -2.75, np.inf, -np.inf, np.nan, 5e-324, 1e308, 0.1, -3.0, 2.2250738585072014e-308,
               1.7976931348623157e308, 0.5, 1.0])
for name in ["modf", "frexp"]:
    for dt in DTYPES:
        x = MF.astype(dt) if dt.startswith("float") else data(dt).ravel()
        for k in (0, 1):
            case(f"{name}/{dt}/{k}", name + "#" + str(k), [x], lambda: mapped_call(lambda v: getattr(np, name)(v)[k], x))
LI = np.array([0, 1, -1, 3, -1074, 1023, 1024, -1075, 2000, -2000, 5, -5, 60, -60, 7, 2], np.int64)
for dt in DTYPES:
    x = MF.astype(dt) if dt.startswith("float") else data(dt).ravel()
    for idt in ["int64", "int32", "bool"]:
        i = LI.astype(idt)
        case(f"ldexp/{dt}-{idt}", "ldexp", [x, i], lambda: mapped_call(np.ldexp, x, i))
    case(f"ldexp/{dt}-s3", "ldexp", [x, 3], lambda: mapped_call(np.ldexp, x, 3))
case("ldexp/float-exponent", "ldexp", [MF, MF], lambda: np.ldexp(MF, MF))
case("ldexp/overflow", "ldexp", [MF, 5000000000], lambda: np.ldexp(MF, 5000000000))

# NumPy 2 scalar rules
i32 = np.array([1, -2, 3, 2147483647], np.int32)
i64 = np.array([2 ** 53 + 1, 2 ** 53, -(2 ** 63), 2 ** 63 - 1], np.int64)
for fn in ["add", "subtract", "multiply", "maximum", "minimum", "floor_divide", "remainder", "bitwise_and",
           "left_shift", "power"]:
    case(f"overflow/{fn}", fn, [i32, 5000000000], lambda: getattr(np, fn)(i32, 5000000000))
    case(f"overflow/{fn}/left", fn, [-5000000000, i32], lambda: getattr(np, fn)(-5000000000, i32)) if fn not in ("power",) else None
case("overflow/divide-ok", "divide", [i32, 5000000000], lambda: np.divide(i32, 5000000000))
case("overflow/arctan2-ok", "arctan2", [i32, 5000000000], lambda: np.arctan2(i32, 5000000000), exact=False)
case("overflow/float32-ok", "add", [np.array([1.5], np.float32), 5000000000],
     lambda: np.add(np.array([1.5], np.float32), 5000000000))
case("overflow/int32-min-ok", "add", [i32, -(2 ** 31)], lambda: np.add(i32, -(2 ** 31)))
for fn in ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]:
    case(f"compare/{fn}/int32-big", fn, [i32, 5000000000], lambda: getattr(np, fn)(i32, 5000000000))
    case(f"compare/{fn}/int32-small", fn, [i32, -5000000000], lambda: getattr(np, fn)(i32, -5000000000))
    case(f"compare/{fn}/big-int32", fn, [5000000000, i32], lambda: getattr(np, fn)(5000000000, i32))
    case(f"compare/{fn}/int64-exact", fn, [i64, 2 ** 53], lambda: getattr(np, fn)(i64, 2 ** 53))
    case(f"compare/{fn}/int64-exact-left", fn, [2 ** 53 + 1, i64], lambda: getattr(np, fn)(2 ** 53 + 1, i64))
    case(f"compare/{fn}/int64-min", fn, [i64, -(2 ** 63)], lambda: getattr(np, fn)(i64, -(2 ** 63)))
    case(f"compare/{fn}/method", fn, [i64, 2 ** 53 + 1], lambda: getattr(np, fn)(i64, 2 ** 53 + 1), method=True)
for dt in ["int64", "int32", "bool"]:
    x = data(dt)
    case(f"power/negative-scalar/{dt}", "power", [x, -1], lambda: np.power(x, -1))
    case(f"power/zero-scalar/{dt}", "power", [x, 0], lambda: np.power(x, 0))
case("power/negative-scalar/float64", "power", [data("float64"), -1], lambda: np.power(data("float64"), -1))
case("power/negative-double/int64", "power", [data("int64"), -1.0], lambda: np.power(data("int64"), -1.0))
case("full/long", "full", [], lambda: np.full((2, 3), 7), java_args=[{"shape": [2, 3]}, {"long": 7}])
case("full/long-big", "full", [], lambda: np.full((2,), 2 ** 53 + 1), java_args=[{"shape": [2]}, {"long": 2 ** 53 + 1}])
case("full/double", "full", [], lambda: np.full((2,), 7.0), java_args=[{"shape": [2]}, {"double": "7.0"}])
case("full/bool", "full", [], lambda: np.full((3,), True), java_args=[{"shape": [3]}, {"bool": True}])
case("full/int32", "full", [], lambda: np.full((2,), -5, np.int32),
     java_args=[{"shape": [2]}, {"long": -5}, {"dtype": "int32"}])
case("full/int32-overflow", "full", [], lambda: np.full((2,), 5000000000, np.int32),
     java_args=[{"shape": [2]}, {"long": 5000000000}, {"dtype": "int32"}])
case("full/float32-long", "full", [], lambda: np.full((2,), 16777217, np.float32),
     java_args=[{"shape": [2]}, {"long": 16777217}, {"dtype": "float32"}])
BA = np.array([[True, False, True], [False, False, True]])
BB = np.array([[True, False], [False, False], [False, True]])
BV = np.array([False, True, True])
case("matmul/bool-2d", "matmul", [BA, BB], lambda: np.matmul(BA, BB))
case("matmul/bool-2d-1d", "matmul", [BA, BV], lambda: np.matmul(BA, BV))
case("matmul/bool-1d", "matmul", [BV, BV], lambda: np.matmul(BV, BV))
case("matmul/bool-none", "matmul", [BV, ~BV], lambda: np.matmul(BV, ~BV))
case("dot/bool-2d", "dot", [BA, BB], lambda: np.dot(BA, BB))
case("matmul/bool-int32", "matmul", [BA, BB.astype(np.int32)], lambda: np.matmul(BA, BB.astype(np.int32)))
for dt in ["float64", "int64", "bool"]:
    e30 = np.zeros((3, 0), dt)
    e03 = np.zeros((0, 3), dt)
    e00 = np.zeros((0, 0), dt)
    for fn in ["max", "min", "argmax", "argmin"]:
        case(f"empty/{fn}/{dt}/3x0-axis0", fn, [e30], lambda: getattr(np, fn)(e30, axis=0), java_args=[arr(e30), {"int": 0}])
        case(f"empty/{fn}/{dt}/3x0-axis1", fn, [e30], lambda: getattr(np, fn)(e30, axis=1), java_args=[arr(e30), {"int": 1}])
        case(f"empty/{fn}/{dt}/0x3-axis0", fn, [e03], lambda: getattr(np, fn)(e03, axis=0), java_args=[arr(e03), {"int": 0}])
        case(f"empty/{fn}/{dt}/0x3-axis1", fn, [e03], lambda: getattr(np, fn)(e03, axis=1), java_args=[arr(e03), {"int": 1}])
        case(f"empty/{fn}/{dt}/0x0-axis0", fn, [e00], lambda: getattr(np, fn)(e00, axis=0), java_args=[arr(e00), {"int": 0}])
        case(f"empty/{fn}/{dt}/all", fn, [e30], lambda: getattr(np, fn)(e30), java_args=[arr(e30)])

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as fh:
    inputs = [json.loads(k) for k in sorted(INPUTS, key=INPUTS.get)]
    # one input, one case per line
    one = lambda o: json.dumps(o, separators=(",", ":"))
    fh.write('{"numpy":' + one(np.__version__) + ',\n"inputs":[\n' + ",\n".join(map(one, inputs)) + '],\n"cases":[\n'
             + ",\n".join(map(one, cases)) + "]}\n")
print(len(cases), "cases ->", os.path.relpath(OUT))
