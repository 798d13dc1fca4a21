"""Shared writer of ndarray-api's differential references (manipulation.py, index_routines.py).

write(cases, file_name) calls every case (a name -> zero-argument function) with NumPy and writes
ndarray-api/src/test/resources/reference/<file_name>: per case either its results (shape, dtype and
values as text: bools True/False, integers exactly, floats by repr) or the exception NumPy raised
(class and message). A case named err_* must raise. Run from the repository root.
"""
import json
import os

import numpy as np


def value_str(x, dtype):
    if dtype == np.bool_:
        return "True" if x else "False"
    if np.issubdtype(dtype, np.integer):
        return str(int(x))
    return repr(float(x))


def encode(a):
    a = np.asarray(a)
    return {"shape": list(a.shape), "dtype": str(a.dtype), "values": [value_str(x, a.dtype) for x in a.ravel()]}


def write(cases, file_name):
    out = []
    for name, f in cases.items():
        try:
            r = f()
        except Exception as e:  # noqa: BLE001 - the reference records what NumPy raises
            out.append({"name": name, "error": type(e).__name__, "message": str(e)})
            continue
        if name.startswith("err_"):
            raise SystemExit(name + " did not raise")
        rs = list(r) if isinstance(r, (list, tuple)) else [r]
        out.append({"name": name, "results": [encode(x) for x in rs]})
    path = os.path.join("ndarray-api", "src", "test", "resources", "reference", file_name)
    with open(path, "w") as fh:
        json.dump({"numpy": np.__version__, "cases": out}, fh, indent=0)
        fh.write("\n")
    print("wrote", path, len(out), "cases")
