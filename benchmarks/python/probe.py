"""Prints what the macro benchmark may use: python_version=, numpy_version= (or numpy_error=), blas=, and
dask_version= or dask_error= (the import error's last line)."""
import platform
import sys


def last_line(e):
    text = f"{type(e).__name__}: {e}"
    return text.strip().splitlines()[-1] if text.strip() else type(e).__name__


print(f"python_version={platform.python_version()}")
print(f"python_executable={sys.executable}")
try:
    import numpy as np
    print(f"numpy_version={np.__version__}")
    try:
        cfg = np.show_config(mode="dicts")
        blas = cfg.get("Build Dependencies", {}).get("blas", {})
        print(f"blas={blas.get('name', '?')} {blas.get('version', '')}".rstrip())
    except Exception as e:  # older NumPy: no dict mode
        print(f"blas=unknown ({last_line(e)})")
except Exception as e:
    print(f"numpy_error={last_line(e)}")
try:
    import dask
    import dask.array  # noqa: F401
    print(f"dask_version={dask.__version__}")
except Exception as e:
    print(f"dask_error={last_line(e)}")
