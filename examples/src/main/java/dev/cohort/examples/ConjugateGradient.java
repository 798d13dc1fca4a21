package dev.cohort.examples;

import dev.cohort.ndarray.MatrixMarket;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import dev.cohort.ndarray.ShapeMismatchException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Jacobi-preconditioned conjugate gradient for {@code A x = b} with symmetric positive definite
 * {@code A}, as one would write it in NumPy:
 *
 * <pre>
 * r = b - A(x); z = M_inv * r; p = z; rz = sum(r * z)
 * while norm(r) / norm(b) > tol:
 *     Ap = A(p); alpha = rz / sum(p * Ap)
 *     x += alpha p; r -= alpha Ap
 *     z = M_inv * r; rz_new = sum(r * z)
 *     p = z + (rz_new / rz) p; rz = rz_new
 * </pre>
 *
 * <p>Three problems: {@link #poisson2d} (the 5-point Laplacian on an n×n grid, applied with slices),
 * {@link #dense} ({@code M Mᵀ + n I} from Cohort's random numbers) and {@link #matrixMarket} (an SPD
 * matrix from a Matrix Market file, by default the shipped Harwell-Boeing {@code bcsstk01}). Scalars that steer the loop
 * come back with {@link NdArray#itemDouble()}; they are the same on every shard, as DCR requires.
 */
public final class ConjugateGradient {
    /** The problems the command line knows. */
    public enum Problem {
        poisson2d, dense, mtx
    }

    /** The shipped Matrix Market matrix (48 x 48 SPD, Harwell-Boeing bcsstk01), a resource next to this class. */
    public static final String BCSSTK01_RESOURCE = "bcsstk01.mtx";

    private ConjugateGradient() {
    }

    /**
     * What a solve gives.
     *
     * @param problem     which system
     * @param n           the grid side (poisson2d) or the matrix order (dense, mtx)
     * @param iterations  CG iterations taken
     * @param residual    final relative residual {@code ||r|| / ||b||} (the recurrence's r)
     * @param converged   whether {@code residual <= tol}
     * @param trueResidual {@code ||b - A x|| / ||b||} recomputed from the solution
     * @param solutionSum {@code sum(x)}
     * @param solutionMax {@code max(x)}
     * @param seconds     wall time of the iterations (set-up excluded)
     * @param restartedFrom the iteration the run started from (its checkpoint's), or -1 for a fresh start
     * @param checkpoints checkpoints written by this run
     */
    public record Result(Problem problem, long n, int iterations, double residual, boolean converged,
                         double trueResidual, double solutionSum, double solutionMax, double seconds,
                         int restartedFrom, int checkpoints) {
    }

    /** The solution {@code x} and the state a caller may inspect. */
    record Solve(NdArray x, int iterations, double residual, boolean converged, double seconds, int restartedFrom,
                 int checkpoints) {
    }

    /**
     * The 2-D Poisson problem {@code -Δu = 1} on the n×n interior points of the unit square's grid,
     * zero on the boundary: {@code (A u)[i,j] = 4 u[i,j] - u[i-1,j] - u[i+1,j] - u[i,j-1] - u[i,j+1]}
     * (grid spacing folded into b = ones). x, r and p are (n, n) arrays; the Jacobi preconditioner
     * is {@code 1/4}.
     */
    public static Result poisson2d(long n, double tol, int maxIterations) {
        return poisson2d(n, tol, maxIterations, Checkpointing.NONE);
    }

    /** {@link #poisson2d(long, double, int)} with checkpoints and restart as {@code ck} says. */
    public static Result poisson2d(long n, double tol, int maxIterations, Checkpointing ck) {
        return poisson2d(n, tol, maxIterations, ck, Progress.Sink.OFF);
    }

    /** {@link #poisson2d(long, double, int, Checkpointing)} reporting its progress to {@code sink}. */
    public static Result poisson2d(long n, double tol, int maxIterations, Checkpointing ck, Progress.Sink sink) {
        NdArray b = Np.ones(n, n);
        UnaryOperator<NdArray> laplacian = poissonLaplacian(n);
        Solve s = solve(laplacian, r -> r.multiply(0.25), b, tol, maxIterations, ck, sink.start("cg poisson2d n=" + n,
                maxIterations, "residual", tol));
        return result(Problem.poisson2d, n, s, laplacian, b, ck);
    }

    /**
     * {@code u -> A u} for the 5-point Laplacian on an n×n grid with zero Dirichlet boundary, applied with slices
     * as in NumPy: {@code u} (shape (n, n)) is written into the interior of a zero-bordered (n+2, n+2) array the
     * operator keeps, and {@code 4 u - up - down - left - right} is read back through four shifted slices of it.
     */
    public static UnaryOperator<NdArray> poissonLaplacian(long n) {
        NdArray padded = Np.zeros(n + 2, n + 2); // its border stays 0: the Dirichlet condition
        return u -> {
            padded.set("1:-1, 1:-1", u);
            return padded.get("1:-1, 1:-1").multiply(4.0)
                    .subtract(padded.get(":-2, 1:-1"))
                    .subtract(padded.get("2:, 1:-1"))
                    .subtract(padded.get("1:-1, :-2"))
                    .subtract(padded.get("1:-1, 2:"));
        };
    }

    /**
     * A dense SPD system: {@code M = randn(n, n)}, {@code A = M @ M.T + n I}, {@code b = randn(n)}
     * (seeded, so the same on any number of shards); preconditioner {@code 1 / diag(A)}.
     */
    public static Result dense(long n, double tol, int maxIterations, long seed) {
        return dense(n, tol, maxIterations, seed, Checkpointing.NONE);
    }

    /** {@link #dense(long, double, int, long)} with checkpoints and restart as {@code ck} says. */
    public static Result dense(long n, double tol, int maxIterations, long seed, Checkpointing ck) {
        return dense(n, tol, maxIterations, seed, ck, Progress.Sink.OFF);
    }

    /** {@link #dense(long, double, int, long, Checkpointing)} reporting its progress to {@code sink}. */
    public static Result dense(long n, double tol, int maxIterations, long seed, Checkpointing ck, Progress.Sink sink) {
        Np.random.seed(seed);
        NdArray M = Np.random.randn(n, n);
        NdArray eye = Np.eye(n);
        NdArray A = M.matmul(M.T()).add(eye.multiply((double) n));
        NdArray b = Np.random.randn(n);
        NdArray diagonal = A.multiply(eye).sum(1);
        Solve s = solve(A::matmul, r -> r.divide(diagonal), b, tol, maxIterations, ck,
                sink.start("cg dense n=" + n, maxIterations, "residual", tol));
        return result(Problem.dense, n, s, A::matmul, b, ck);
    }

    /**
     * The SPD system of a Matrix Market file: {@code A = mmread(file)} (dense float64),
     * {@code b = A @ ones(n)} (so the exact solution is all ones), Jacobi preconditioner
     * {@code 1 / diag(A)}, as {@link #dense}.
     *
     * @throws ShapeMismatchException when the matrix is not square
     */
    public static Result matrixMarket(Path file, double tol, int maxIterations) {
        return matrixMarket(file, tol, maxIterations, Checkpointing.NONE);
    }

    /** {@link #matrixMarket(Path, double, int)} with checkpoints and restart as {@code ck} says. */
    public static Result matrixMarket(Path file, double tol, int maxIterations, Checkpointing ck) {
        return matrixMarket(file, tol, maxIterations, ck, Progress.Sink.OFF);
    }

    /** {@link #matrixMarket(Path, double, int, Checkpointing)} reporting its progress to {@code sink}. */
    public static Result matrixMarket(Path file, double tol, int maxIterations, Checkpointing ck, Progress.Sink sink) {
        NdArray A = MatrixMarket.mmread(file);
        long n = A.shape()[0];
        if (A.shape()[1] != n) {
            throw new ShapeMismatchException("CG needs a square matrix; " + file + " is " + n + " x " + A.shape()[1]);
        }
        NdArray b = A.matmul(Np.ones(n));
        NdArray diagonal = A.multiply(Np.eye(n)).sum(1);
        Solve s = solve(A::matmul, r -> r.divide(diagonal), b, tol, maxIterations, ck,
                sink.start("cg " + file.getFileName() + " n=" + n, maxIterations, "residual", tol));
        return result(Problem.mtx, n, s, A::matmul, b, ck);
    }

    /**
     * {@link #matrixMarket} of the shipped {@code bcsstk01.mtx}. The resource is copied once to
     * {@link #shippedMatrix()}, a path named after its content, so that every shard (thread or
     * process) reads the same path: the path is an argument of the read's launches, which the
     * runtime checks to be identical on every shard.
     */
    public static Result bcsstk01(double tol, int maxIterations) {
        return bcsstk01(tol, maxIterations, Checkpointing.NONE);
    }

    /** {@link #bcsstk01(double, int)} with checkpoints and restart as {@code ck} says. */
    public static Result bcsstk01(double tol, int maxIterations, Checkpointing ck) {
        return bcsstk01(tol, maxIterations, ck, Progress.Sink.OFF);
    }

    /** {@link #bcsstk01(double, int, Checkpointing)} reporting its progress to {@code sink}. */
    public static Result bcsstk01(double tol, int maxIterations, Checkpointing ck, Progress.Sink sink) {
        return matrixMarket(shippedMatrix(), tol, maxIterations, ck, sink);
    }

    /**
     * The shipped {@code bcsstk01.mtx} as a file: {@code <java.io.tmpdir>/cohort-<sha-256 prefix>/bcsstk01.mtx},
     * written (through a temporary file and an atomic move) only when it is not there yet.
     */
    public static Path shippedMatrix() {
        byte[] bytes;
        try (InputStream in = ConjugateGradient.class.getResourceAsStream(BCSSTK01_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource not found: " + BCSSTK01_RESOURCE);
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String digest;
        try {
            digest = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "cohort-" + digest);
        Path file = dir.resolve(BCSSTK01_RESOURCE);
        try {
            if (Files.isRegularFile(file) && Files.size(file) == bytes.length) {
                return file;
            }
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "bcsstk01-", ".part");
            Files.write(tmp, bytes);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Preconditioned CG from {@code x = 0}. Vectors may have any shape (the Poisson problem keeps
     * them as grids); inner products are {@code sum(u * v)}.
     *
     * <p>With {@code ck}, the loop state ({@code x}, {@code r}, {@code p}, {@code rz} and the
     * iteration count) is checkpointed after every {@code ck.every()}-th iteration, and a restarted
     * run continues from the newest checkpoint's state instead of {@code x = 0}: on the same shard
     * count it takes the same iterations with the same bits as a run that was never interrupted.
     *
     * @param applyA        {@code p -> A p}
     * @param applyMinv     {@code r -> M⁻¹ r}
     * @param tol           stop when {@code ||r|| / ||b|| <= tol}
     * @param maxIterations stop after this many iterations regardless
     * @param progress      told the iteration and the relative residual after each iteration (it only reads them)
     */
    static Solve solve(UnaryOperator<NdArray> applyA, UnaryOperator<NdArray> applyMinv, NdArray b,
                       double tol, int maxIterations, Checkpointing ck, Progress progress) {
        NdArray x;
        NdArray r;
        NdArray p;
        NdArray rz;
        int k;
        Map<String, NdArray> restored = ck.restore();
        if (restored == null) {
            x = Np.zeros_like(b);
            r = b.copy();
            NdArray z = applyMinv.apply(r);
            p = z;
            rz = r.multiply(z).sum();
            k = 0;
        } else {
            x = state(restored, "x", b);
            r = state(restored, "r", b);
            p = state(restored, "p", b);
            rz = Checkpointing.require(restored, "rz", "cg");
            k = Checkpointing.iteration(restored);
        }
        int restartedFrom = restored == null ? -1 : k;
        rz.item(); // operations are deferred: finish building the system before the clock starts
        long start = System.nanoTime();
        double bNorm = Np.linalg.norm(b).itemDouble();
        double residual = Np.linalg.norm(r).itemDouble() / bNorm;
        int checkpoints = 0;
        while (residual > tol && k < maxIterations) {
            State next = step(applyA, applyMinv, new State(x, r, p, rz));
            x = next.x();
            r = next.r();
            p = next.p();
            rz = next.rz();
            k++;
            residual = Np.linalg.norm(r).itemDouble() / bNorm;
            progress.update(k, residual);
            if (ck.due(k)) {
                ck.save(k, Map.of("x", x, "r", r, "p", p, "rz", rz, Checkpointing.ITERATION, Np.full(new long[0], k, Np.int64)));
                checkpoints++;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        progress.done(k, residual);
        return new Solve(x, k, residual, residual <= tol, seconds, restartedFrom, checkpoints);
    }

    /** The loop state of preconditioned CG: iterate {@code x}, residual {@code r}, direction {@code p}, {@code rz = sum(r * z)} (0-d). */
    record State(NdArray x, NdArray r, NdArray p, NdArray rz) {
    }

    /**
     * One iteration of preconditioned CG (the loop body of {@link #solve} before its residual norm):
     * {@code Ap = A(p); alpha = rz / sum(p * Ap); x += alpha p; r -= alpha Ap; z = M_inv(r); rz' = sum(r * z);
     * p = z + (rz' / rz) p}. Nothing waits; the projection of {@code bin/cohort simulate} issues exactly these
     * operations.
     */
    static State step(UnaryOperator<NdArray> applyA, UnaryOperator<NdArray> applyMinv, State s) {
        NdArray Ap = applyA.apply(s.p());
        NdArray alpha = s.rz().divide(s.p().multiply(Ap).sum());
        NdArray x = s.x().add(alpha.multiply(s.p()));
        NdArray r = s.r().subtract(alpha.multiply(Ap));
        NdArray z = applyMinv.apply(r);
        NdArray rzNext = r.multiply(z).sum();
        NdArray p = z.add(rzNext.divide(s.rz()).multiply(s.p()));
        return new State(x, r, p, rzNext);
    }

    /** A restored vector, which must have {@code b}'s shape. */
    private static NdArray state(Map<String, NdArray> restored, String name, NdArray b) {
        NdArray a = Checkpointing.require(restored, name, "cg");
        if (!java.util.Arrays.equals(a.shape(), b.shape())) {
            throw new IllegalArgumentException("the checkpoint's '" + name + "' has shape " + java.util.Arrays.toString(a.shape())
                    + ", this problem's vectors " + java.util.Arrays.toString(b.shape()) + ": restart with the same --problem and --n");
        }
        return a;
    }

    private static Result result(Problem problem, long n, Solve s, UnaryOperator<NdArray> applyA, NdArray b, Checkpointing ck) {
        ck.saveSolution(s.x());
        double trueResidual = Np.linalg.norm(b.subtract(applyA.apply(s.x()))).itemDouble()
                / Np.linalg.norm(b).itemDouble();
        return new Result(problem, n, s.iterations(), s.residual(), s.converged(), trueResidual,
                s.x().sum().itemDouble(), s.x().max().itemDouble(), s.seconds(), s.restartedFrom(), s.checkpoints());
    }
}
