#!/usr/bin/env bash
# Times task-library's pure-Java solve and cholesky (LinalgBench) against NumPy in the same run,
# at n = 256 and 1024; NumPy with its default OpenBLAS threads and with one thread.
# Run from the repository root after `./mvnw ... test-compile -pl task-library`; M2 is the local repository.
set -euo pipefail
M2=${M2:-$HOME/.m2/repository}
CP=task-library/target/test-classes:task-library/target/classes
java -cp "$CP" dev.cohort.tasks.linalg.LinalgBench 256 1024
for threads in default 1; do
  if [ "$threads" = 1 ]; then export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1; fi
  python3 - "$threads" <<'PY'
import sys, time
import numpy as np
for n in (256, 1024):
    rng = np.random.default_rng(n)
    a = rng.standard_normal((n, n)) + 2 * np.sqrt(n) * np.eye(n)
    b = rng.standard_normal(n)
    spd = a @ a.T + n * np.eye(n)
    def best(f, reps):
        for _ in range(max(2, reps // 2)):
            f()
        t = []
        for _ in range(reps):
            t0 = time.perf_counter(); f(); t.append(time.perf_counter() - t0)
        return min(t)
    reps = 20 if n <= 256 else 3
    s = best(lambda: np.linalg.solve(a, b), reps)
    c = best(lambda: np.linalg.cholesky(spd), reps)
    print(f"numpy(threads={sys.argv[1]}) n={n} solve_ms={s*1e3:.3f} cholesky_ms={c*1e3:.3f}")
PY
done
