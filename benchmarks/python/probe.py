"""Prints what the macro benchmark may use: python_version=, python_executable=, numpy_version= (or numpy_error=),
blas= (the BLAS NumPy was built with, from numpy.show_config, when this NumPy can say), blas_loaded= (the BLAS shared
libraries this process has loaded after importing NumPy, from /proc/self/maps on Linux), and dask_version= or
dask_error= (the import error's last line)."""
import os
import platform
import sys


def last_line(e):
    text = f"{type(e).__name__}: {e}"
    return text.strip().splitlines()[-1] if text.strip() else type(e).__name__


def loaded_blas():
    names = []
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                path = line.split()[-1]
                base = os.path.basename(path).lower()
                if path.startswith("/") and "blas" in base:
                    real = os.path.realpath(path)
                    if real not in names:
                        names.append(real)
    except OSError:
        return None
    return ", ".join(names) if names else None


print(f"python_version={platform.python_version()}")
print(f"python_executable={sys.executable}")
try:
    import numpy as np
    print(f"numpy_version={np.__version__}")
    try:
        cfg = np.show_config(mode="dicts")
        blas = cfg.get("Build Dependencies", {}).get("blas", {})
        print(f"blas={blas.get('name', '?')} {blas.get('version', '')}".rstrip())
    except Exception:  # NumPy before 1.25: no dict mode; blas_loaded= says which library it uses
        pass
    loaded = loaded_blas()
    if loaded:
        print(f"blas_loaded={loaded}")
except Exception as e:
    print(f"numpy_error={last_line(e)}")
try:
    import dask
    import dask.array  # noqa: F401
    print(f"dask_version={dask.__version__}")
except Exception as e:
    print(f"dask_error={last_line(e)}")
