"""Writes ndarray-api/src/test/resources/reference/windows.txt: NumPy's window functions and logspace.

Each line: name, then the arguments, then '|', then the float64 values as repr (exact round trip)."""
import pathlib
import numpy as np

out = pathlib.Path(__file__).resolve().parents[2] / "ndarray-api/src/test/resources/reference/windows.txt"
lines = []
for name in ["bartlett", "blackman", "hamming", "hanning"]:
    for m in [0, 1, 2, 5, 12, 13]:
        lines.append(f"{name} {m} | " + " ".join(repr(float(v)) for v in getattr(np, name)(m)))
for args in [(0.0, 3.0, 7, True, 10.0), (1.0, -2.0, 9, False, 2.0), (0.5, 2.5, 1, True, 10.0), (0.0, 1.0, 0, True, 10.0)]:
    v = np.logspace(args[0], args[1], args[2], endpoint=args[3], base=args[4])
    lines.append("logspace " + " ".join(str(a) for a in args) + " | " + " ".join(repr(float(x)) for x in v))
out.write_text("\n".join(lines) + "\n")
