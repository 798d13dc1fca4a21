#!/usr/bin/env python3
"""Writes the .npy/.npz fixtures of NpyIoTest with NumPy (run from this directory; commit the output).

Every array holds value(k) at row-major index k: float  k * 1.5 - 7,  int  k * 3 - 5,  bool  k % 3 == 0,
so the test recomputes what each file must hold. Bad files exercise the errors of Np.load.
"""
import io
import numpy as np

DTYPES = {"f8": "float", "f4": "float", "i8": "int", "i4": "int", "b1": "bool"}


def values(kind, shape, dt):
    k = np.arange(int(np.prod(shape)))
    v = {"float": k * 1.5 - 7, "int": k * 3 - 5, "bool": k % 3 == 0}[kind]
    return v.astype(dt).reshape(shape)


def main():
    names = []
    for code, kind in DTYPES.items():
        for order in ("<", ">"):
            if code == "b1" and order == ">":
                continue
            dt = np.dtype(("|" if code == "b1" else order) + code)
            for shape in [(3, 4), (2, 3, 2), (), (0,), (2, 0, 3), (7,)]:
                for fortran in (False, True):
                    if fortran and len(shape) < 2:
                        continue
                    a = values(kind, shape, dt)
                    if fortran:
                        a = np.asfortranarray(a)
                    name = "%s%s_%s%s.npy" % ("le" if order == "<" else "be", code,
                                              "x".join(map(str, shape)) or "0d", "_F" if fortran else "")
                    np.save(name, a)
                    names.append(name)
    # format versions 2.0 and 3.0 (np.save picks 1.0 for these headers)
    for version in [(2, 0), (3, 0)]:
        a = values("float", (4, 5), "<f8")
        with open("v%d_f8_4x5.npy" % version[0], "wb") as f:
            np.lib.format.write_array(f, a, version=version)
    # a header over 64 KiB: np.save writes version 2.0 itself
    # (NumPy refuses shapes with that many dims, so this is checked by the Java test formatting alone)
    # archives
    np.savez("stored.npz", x=values("float", (3, 4), "<f8"), n=values("int", (5,), "<i8"),
             b=values("bool", (2, 2), "|b1"), s=np.array(2.5))
    np.savez_compressed("deflated.npz", x=values("float", (3, 4), ">f8"),
                        f=np.asfortranarray(values("int", (3, 2), "<i4")), e=np.zeros((0, 3)))
    # bad files
    good = open("lef8_3x4.npy", "rb").read()
    open("bad_truncated.npy", "wb").write(good[:-20])
    open("bad_magic.npy", "wb").write(b"\x93NUMPX" + good[6:])
    buf = io.BytesIO()
    np.save(buf, values("float", (2, 2), "<f8"))
    lie = buf.getvalue().replace(b"'shape': (2, 2), ", b"'shape': (9, 9), ")
    open("bad_shape_lie.npy", "wb").write(lie)
    np.save("bad_c16.npy", np.arange(3) * (1 + 1j))
    np.save("bad_object.npy", np.array([1, "a", None], dtype=object), allow_pickle=True)
    open("bad_header.npy", "wb").write(good[:10] + b"{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4" + b" " * 55 + b"\n"
                                       + good[128:])
    with open("MANIFEST", "w") as f:
        f.write("\n".join(names) + "\n")


if __name__ == "__main__":
    main()
