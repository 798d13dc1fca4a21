#!/usr/bin/env python3
"""NumPy's ufunc type resolution for Cohort's five dtypes, for task-library's UfuncTypesTest.

For every UnaryOp x dtype and BinaryOp x dtype x dtype, writes one tab-separated line
    op  in1 [in2]  compute  result
where compute is the input dtype of the loop NumPy picks (ufunc.resolve_dtypes) and result its
output dtype, or
    op  in1 [in2]  error  <TypeError message>
when NumPy raises. NumPy dtypes outside the five are written as NumPy names them (int8, float16);
the test maps them to the smallest of the five they cast to safely (int8 -> int32, float16 -> float32).
ERF is scipy.special.erf. DIVIDE is numpy.divide (true division).
Then, for every BinaryOp x dtype x Python scalar (True, 3, 1.5: NEP 50's weak scalars), one line
    op  in1  pybool|pyint|pyfloat  compute  result      (or error)
for op(array, scalar) (NumPy's resolution is symmetric: scalar op array gives the same).

Run: python3 tools/reference/ufunc_types.py > task-library/src/test/resources/ufunc/ufunc_types.tsv
"""
import numpy as np
import scipy.special

DTYPES = ["float64", "float32", "int64", "int32", "bool"]

UNARY = ["NEGATIVE", "EXP", "LOG", "SQRT", "ABS", "TANH", "SIN", "COS", "SQUARE", "RECIPROCAL", "SIGN", "FLOOR",
         "CEIL", "LOGICAL_NOT", "LOG1P", "EXPM1", "TRUNC", "RINT", "LOG10", "LOG2", "EXP2", "SINH", "COSH", "TAN",
         "ARCSIN", "ARCCOS", "ARCTAN", "ARCSINH", "ARCCOSH", "ARCTANH", "CBRT", "ERF", "DEG2RAD", "RAD2DEG",
         "ISNAN", "ISINF", "ISFINITE", "SIGNBIT", "INVERT", "POSITIVE"]
BINARY = ["ADD", "SUBTRACT", "MULTIPLY", "DIVIDE", "POWER", "MAXIMUM", "MINIMUM", "EQUAL", "NOT_EQUAL", "LESS",
          "LESS_EQUAL", "GREATER", "GREATER_EQUAL", "LOGICAL_AND", "LOGICAL_OR", "FLOOR_DIVIDE", "REMAINDER",
          "FMOD", "ARCTAN2", "HYPOT", "FMAX", "FMIN", "COPYSIGN", "LOGICAL_XOR", "BITWISE_AND", "BITWISE_OR",
          "BITWISE_XOR", "LEFT_SHIFT", "RIGHT_SHIFT", "NEXTAFTER", "GCD", "LCM"]


def ufunc(name):
    if name == "ERF":
        return scipy.special.erf
    if name == "ABS":
        return np.absolute
    return getattr(np, name.lower())


def resolve(f, dts):
    """(compute, result) of the loop NumPy runs for arrays of dtypes dts, or ('error', message)."""
    arrays = [np.ones(2, dtype=d) for d in dts]
    try:
        with np.errstate(all="ignore"):
            r = f(*arrays)
    except TypeError as e:
        return "error", str(e)
    try:
        loop = f.resolve_dtypes(tuple(np.dtype(d) for d in dts) + (None,))
        compute = str(loop[0])
    except (TypeError, AttributeError):
        # scipy's ufuncs: the first loop whose inputs every operand casts to safely
        compute = next(t.split("->")[0][0] for t in f.types
                       if all(np.can_cast(d, np.dtype(t[i])) for i, d in enumerate(dts)))
        compute = str(np.dtype(compute))
    return compute, str(r.dtype)


SCALARS = {"pybool": True, "pyint": 3, "pyfloat": 1.5}


def resolve_scalar(f, dtype, kind):
    """(compute, result) of f(array of dtype, Python scalar), or ('error', message)."""
    s = SCALARS[kind]
    try:
        with np.errstate(all="ignore"):
            r = f(np.ones(2, dtype=dtype), s)
    except TypeError as e:
        return "error", str(e)
    try:
        loop = f.resolve_dtypes((np.dtype(dtype), type(s) if kind != "pybool" else np.dtype(bool), None))
        compute = str(loop[0])
    except (TypeError, AttributeError):
        compute = str(r.dtype)
    return compute, str(r.dtype)


def main():
    for name in UNARY:
        for a in DTYPES:
            c, r = resolve(ufunc(name), [a])
            print("\t".join([name, a, c, r]))
    for name in BINARY:
        for a in DTYPES:
            for b in DTYPES:
                c, r = resolve(ufunc(name), [a, b])
                print("\t".join([name, a, b, c, r]))
    for name in BINARY:
        for a in DTYPES:
            for kind in SCALARS:
                c, r = resolve_scalar(ufunc(name), a, kind)
                print("\t".join([name, a, kind, c, r]))


if __name__ == "__main__":
    main()
