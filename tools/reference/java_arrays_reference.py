#!/usr/bin/env python3
"""Reference values for JavaArraysTest (ndarray-api), computed with NumPy.

Writes ndarray-api/src/test/resources/reference/java_arrays_reference.json:
  "ragged":      case name -> the ValueError text of np.array(<nested lists>) for ragged input;
  "conversions": case name -> {"dtype", "shape", "values"}: np.array(np.array(<input>), dtype=<dtype>),
                 values as strings (float reprs are shortest round-trip strings; bools "True"/"False").
JavaArraysTest builds the same inputs as Java arrays under the same names.

Run from the repository root:  python3 tools/reference/java_arrays_reference.py
"""
import json
import os

import numpy as np

RAGGED = {
    "r2": [[1.0, 2.0], [3.0]],
    "r2_empty_first": [[], [1.0]],
    "r3_depth1": [[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0]]],
    "r3_depth2": [[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0]]],
    "r3_both": [[[1.0, 2.0], [3.0]], [[5.0, 6.0]]],
    "r3_empty_leaf": [[[1.0]], [[]]],
    "r4_depth3": [[[[1.0, 2.0]], [[3.0, 4.0]]], [[[5.0, 6.0]], [[7.0]]]],
}

# (input as a typed NumPy array, target dtype); inputs in range so that every cast is defined in C.
CONVERSIONS = {
    "f64_to_i32": (np.array([[1.5, -2.7], [-0.0, 2147483647.0]], dtype=np.float64), "int32"),
    "f64_to_i64": (np.array([1.9, -1.9, 9007199254740993.0, -9.2e18], dtype=np.float64), "int64"),
    "f64_to_bool": (np.array([0.0, -0.0, 1e-300, np.nan, -np.inf], dtype=np.float64), "bool"),
    "f64_to_f32": (np.array([0.1, 1e-40, 3.4e38, 1e39, -2.5], dtype=np.float64), "float32"),
    "i64_to_i32": (np.array([2**31 + 5, -2**31 - 1, -1, 2**40], dtype=np.int64), "int32"),
    "i64_to_f32": (np.array([[2**53 + 1, 16777217], [-16777219, 3]], dtype=np.int64), "float32"),
    "i64_to_f64": (np.array([2**53 + 1, -(2**63)], dtype=np.int64), "float64"),
    "i32_to_bool": (np.array([[[0, 1], [-7, 0]]], dtype=np.int32), "bool"),
    "bool_to_f64": (np.array([True, False, True], dtype=np.bool_), "float64"),
    "f32_to_i64": (np.array([2.5, -3.75, 16777216.0], dtype=np.float32), "int64"),
}


def value_str(v, dtype):
    if dtype == "bool":
        return "True" if bool(v) else "False"
    if dtype in ("int32", "int64"):
        return str(int(v))
    return repr(float(v)) if dtype == "float64" else str(np.float32(v))


def main():
    ragged = {}
    for name, x in RAGGED.items():
        try:
            np.array(x)
        except ValueError as e:
            ragged[name] = str(e)
        else:
            raise SystemExit(name + " is not ragged")
    conv = {}
    with np.errstate(all="ignore"):
        for name, (x, dt) in CONVERSIONS.items():
            y = np.array(x, dtype=dt)
            conv[name] = {"dtype": dt, "shape": list(y.shape), "values": [value_str(v, dt) for v in y.ravel()]}
    out = os.path.join("ndarray-api", "src", "test", "resources", "reference", "java_arrays_reference.json")
    with open(out, "w") as f:
        json.dump({"numpy": np.__version__, "ragged": ragged, "conversions": conv}, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", out)


if __name__ == "__main__":
    main()
