package dev.cohort.bench.macro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Cohort loops and the NumPy scripts do the same arithmetic: on tiny cases their checksums agree (NumPy must be
 * importable; otherwise the tests are skipped), and the Cohort logistic regression agrees with a plain Java loop.
 */
class SameAlgorithmTest {
    private static final CohortWorkloads.Rounds ROUNDS = new CohortWorkloads.Rounds(1, 2, 3);
    private static PythonRunner python;
    private static PythonRunner.Probe probe;
    private static PythonRunner.DaskChoice dask;

    @TempDir
    Path dir;

    @BeforeAll
    static void probe() {
        python = new PythonRunner("python3", PythonRunner.defaultScripts());
        probe = python.probe();
        dask = PythonRunner.chooseDask("auto", "python3", PythonRunner.defaultScripts());
    }

    private List<String> roundArgs() {
        return new ArrayList<>(List.of("--warmup", "1", "--rounds", "2", "--round-length", "3"));
    }

    private PythonRunner.Result reference(String script, List<String> args) {
        assumeTrue(probe.numpy(), "needs python3 with numpy: " + probe.describe());
        PythonRunner.Result r = python.run(script, args, Duration.ofSeconds(60));
        assertEquals(0, r.exitCode(), r.tail(10));
        assertEquals(2, PythonRunner.samples(r.values()).length, "one sample per timed round");
        return r;
    }

    /** The script's Dask branch (threaded scheduler, 4 row blocks) on the interpreter the suite would choose. */
    private PythonRunner.Result daskReference(String script, List<String> args) {
        assumeTrue(dask.available(), "needs a Python that imports dask.array and numpy: " + dask.describe());
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--system", "dask", "--chunks", "4"));
        PythonRunner.Result r = dask.runner().run(script, all, Duration.ofSeconds(90));
        assertEquals(0, r.exitCode(), r.tail(10));
        assertEquals("dask", r.values().get("system"));
        assertEquals("threads", r.values().get("dask_scheduler"));
        assertTrue(r.values().get("dask_chunks").startsWith("4 "), r.values().toString());
        assertEquals(2, PythonRunner.samples(r.values()).length, "one sample per timed round");
        return r;
    }

    @Test
    @Timeout(240)
    void daskBranchesRunTheSameAlgorithmAsCohortAndNumpy() throws Exception {
        assumeTrue(dask.available(), "needs a Python that imports dask.array and numpy: " + dask.describe());
        int n = 300;
        int d = 5;
        MacroData.LogReg lr = MacroData.logreg(n, d, 7);
        Npy.write(dir.resolve("X.npy"), lr.x(), n, d);
        Npy.write(dir.resolve("y.npy"), lr.y(), n);
        MacroData.Dense dense = MacroData.dense(40, 3);
        Npy.write(dir.resolve("M.npy"), dense.m(), 40, 40);
        Npy.write(dir.resolve("b.npy"), dense.b(), 40);

        List<String> lrArgs = roundArgs();
        lrArgs.addAll(List.of("--data", dir.toString(), "--lr", "0.1"));
        List<String> poissonArgs = roundArgs();
        poissonArgs.addAll(List.of("--n", "24"));
        List<String> denseArgs = roundArgs();
        denseArgs.addAll(List.of("--data", dir.toString()));
        record Check(String caseText, String script, List<String> args, CohortWorkloads.Run cohort) {
        }
        for (Check c : List.of(
                new Check("logreg:300x5", "logreg.py", lrArgs, CohortWorkloads.logreg(CohortWorkloads.config(1), lr.x(), lr.y(), n, d, 0.1, ROUNDS)),
                new Check("poisson:24", "cg_poisson.py", poissonArgs, CohortWorkloads.cgPoisson(CohortWorkloads.config(1), 24, ROUNDS)),
                new Check("dense:40", "cg_dense.py", denseArgs, CohortWorkloads.cgDense(CohortWorkloads.config(1), dense.m(), dense.b(), 40, ROUNDS)))) {
            MacroBenchmark.Case mc = MacroBenchmark.Case.parse(c.caseText());
            MacroBenchmark.Measured dk = MacroBenchmark.fromPython(mc, "dask", daskReference(c.script(), c.args()));
            assertTrue(dk.ok(), dk.error());
            assertEquals(c.cohort().checks().keySet(), dk.checks().keySet());
            assertEquals("agree", MacroBenchmark.compareChecks(c.cohort().checks(), dk.checks()),
                    c.caseText() + ": Cohort " + c.cohort().checks() + " vs Dask " + dk.checks());
            if (probe.numpy()) {
                List<String> npArgs = new ArrayList<>(c.args());
                MacroBenchmark.Measured np = MacroBenchmark.fromPython(mc, "numpy", reference(c.script(), npArgs));
                assertEquals("agree", MacroBenchmark.compareChecks(dk.checks(), np.checks()),
                        c.caseText() + ": Dask " + dk.checks() + " vs NumPy " + np.checks());
            }
        }
    }

    @Test
    @Timeout(120)
    void denseCgBuildsTheSystemOnceAndReusesItFromTheCache() throws Exception {
        int n = 40;
        MacroData.Dense data = MacroData.dense(n, 3);
        Npy.write(dir.resolve("M.npy"), data.m(), n, n);
        Npy.write(dir.resolve("b.npy"), data.b(), n);
        Path cache = dir.resolve("A.npy");
        List<String> args = roundArgs();
        args.addAll(List.of("--data", dir.toString(), "--system-cache", cache.toString()));
        PythonRunner.Result first = reference("cg_dense.py", args);
        assertEquals("built", first.values().get("system_from"));
        assertTrue(Files.isRegularFile(cache));
        assertEquals(List.of((long) n, (long) n), java.util.Arrays.stream(Npy.read(cache).shape()).boxed().toList());
        PythonRunner.Result second = reference("cg_dense.py", args);
        assertEquals("cache", second.values().get("system_from"));
        assertEquals(first.values().get("x_sum"), second.values().get("x_sum"));
    }

    @Test
    @Timeout(120)
    void logisticRegressionMatchesAPlainLoopAndNumpy() throws Exception {
        int n = 300;
        int d = 5;
        MacroData.LogReg data = MacroData.logreg(n, d, 7);
        CohortWorkloads.Run run = CohortWorkloads.logreg(CohortWorkloads.config(1), data.x(), data.y(), n, d, 0.1, ROUNDS);
        assertEquals(2, run.samples().length);
        assertTrue(run.windowEndNs() > run.windowStartNs());

        double[] w = new double[d];
        for (int it = 0; it < ROUNDS.iterations(); it++) {
            double[] g = new double[d];
            for (int i = 0; i < n; i++) {
                double z = 0;
                for (int j = 0; j < d; j++) {
                    z += data.x()[i * d + j] * w[j];
                }
                double p = 1.0 / (Math.exp(-z) + 1.0);
                for (int j = 0; j < d; j++) {
                    g[j] += data.x()[i * d + j] * (p - data.y()[i]);
                }
            }
            for (int j = 0; j < d; j++) {
                w[j] -= g[j] / n * 0.1;
            }
        }
        double wSum = 0;
        for (double v : w) {
            wSum += v;
        }
        assertEquals(wSum, run.checks().get("w_sum"), 1e-12);

        Npy.write(dir.resolve("X.npy"), data.x(), n, d);
        Npy.write(dir.resolve("y.npy"), data.y(), n);
        List<String> args = roundArgs();
        args.addAll(List.of("--data", dir.toString(), "--lr", "0.1"));
        MacroBenchmark.Measured np = MacroBenchmark.fromPython(MacroBenchmark.Case.parse("logreg:300x5"), "numpy", reference("logreg.py", args));
        assertEquals("agree", MacroBenchmark.compareChecks(run.checks(), np.checks()), run.checks() + " vs " + np.checks());
    }

    @Test
    @Timeout(120)
    void poissonCgMatchesNumpy() {
        CohortWorkloads.Run run = CohortWorkloads.cgPoisson(CohortWorkloads.config(2), 24, ROUNDS);
        List<String> args = roundArgs();
        args.addAll(List.of("--n", "24"));
        MacroBenchmark.Measured np = MacroBenchmark.fromPython(MacroBenchmark.Case.parse("poisson:24"), "numpy", reference("cg_poisson.py", args));
        assertEquals(List.of("residual", "x_sum"), new ArrayList<>(np.checks().keySet()));
        assertEquals("agree", MacroBenchmark.compareChecks(run.checks(), np.checks()), run.checks() + " vs " + np.checks());
    }

    @Test
    @Timeout(120)
    void denseCgMatchesNumpy() throws Exception {
        int n = 40;
        MacroData.Dense data = MacroData.dense(n, 3);
        CohortWorkloads.Run run = CohortWorkloads.cgDense(CohortWorkloads.config(1), data.m(), data.b(), n, ROUNDS);
        Npy.write(dir.resolve("M.npy"), data.m(), n, n);
        Npy.write(dir.resolve("b.npy"), data.b(), n);
        List<String> args = roundArgs();
        args.addAll(List.of("--data", dir.toString()));
        MacroBenchmark.Measured np = MacroBenchmark.fromPython(MacroBenchmark.Case.parse("dense:40"), "numpy", reference("cg_dense.py", args));
        assertEquals("agree", MacroBenchmark.compareChecks(run.checks(), np.checks()), run.checks() + " vs " + np.checks());
    }
    @Test
    @Timeout(120)
    void kmeansMatchesNumpy() throws Exception {
        int n = 400;
        int d = 6;
        MacroData.LogReg data = MacroData.kmeans(n, d, 4, 5);
        CohortWorkloads.Run run = CohortWorkloads.kmeans(CohortWorkloads.config(2), data.x(), n, d, 4, ROUNDS);
        assertEquals(2, run.samples().length);
        Npy.write(dir.resolve("X.npy"), data.x(), n, d);
        List<String> args = roundArgs();
        args.addAll(List.of("--data", dir.toString(), "--k", "4"));
        MacroBenchmark.Measured np = MacroBenchmark.fromPython(MacroBenchmark.Case.parse("kmeans:400x6"), "numpy", reference("kmeans.py", args));
        assertEquals(List.of("inertia", "centroid_sum"), new ArrayList<>(np.checks().keySet()));
        assertEquals("agree", MacroBenchmark.compareChecks(run.checks(), np.checks()), run.checks() + " vs " + np.checks());
        daskAgrees("kmeans:400x6", "kmeans.py", args, np);
    }

    @Test
    @Timeout(120)
    void blackScholesMatchesNumpy() throws Exception {
        int n = 5000;
        MacroData.Options o = MacroData.options(n, 9);
        CohortWorkloads.Run run = CohortWorkloads.blackScholes(CohortWorkloads.config(2), o.s(), o.k(), o.t(), ROUNDS);
        Npy.write(dir.resolve("S.npy"), o.s(), n);
        Npy.write(dir.resolve("K.npy"), o.k(), n);
        Npy.write(dir.resolve("T.npy"), o.t(), n);
        List<String> args = roundArgs();
        args.addAll(List.of("--data", dir.toString()));
        MacroBenchmark.Measured np = MacroBenchmark.fromPython(MacroBenchmark.Case.parse("blackscholes:5000"), "numpy",
                reference("blackscholes.py", args));
        assertEquals(List.of("call_sum", "put_sum"), new ArrayList<>(np.checks().keySet()));
        assertEquals("agree", MacroBenchmark.compareChecks(run.checks(), np.checks()), run.checks() + " vs " + np.checks());
        daskAgrees("blackscholes:5000", "blackscholes.py", args, np);
    }

    @Test
    @Timeout(120)
    void heatMatchesNumpy() {
        CohortWorkloads.Run run = CohortWorkloads.heat(CohortWorkloads.config(2), 24, ROUNDS);
        List<String> args = roundArgs();
        args.addAll(List.of("--n", "24"));
        MacroBenchmark.Measured np = MacroBenchmark.fromPython(MacroBenchmark.Case.parse("heat:24"), "numpy", reference("heat.py", args));
        assertEquals(List.of("change", "u_sum"), new ArrayList<>(np.checks().keySet()));
        // the sweeps have NumPy's bits: the last change is equal, not only close
        assertEquals(np.checks().get("change"), run.checks().get("change"));
        assertEquals("agree", MacroBenchmark.compareChecks(run.checks(), np.checks()), run.checks() + " vs " + np.checks());
        // Dask's map_overlap sweep applies the same expression to each block: NumPy's bits too
        MacroBenchmark.Measured dk = daskAgrees("heat:24", "heat.py", args, np);
        assertEquals(np.checks().get("change"), dk.checks().get("change"));
    }

    /**
     * The script's Dask branch on the same arguments agrees with its NumPy branch (where a Python with Dask exists:
     * {@code benchmarks/python/install-dask}); returns the Dask measurement.
     */
    private MacroBenchmark.Measured daskAgrees(String label, String script, List<String> args, MacroBenchmark.Measured np) {
        assumeTrue(dask.available(), "needs a Python that imports dask.array and numpy: " + dask.describe());
        MacroBenchmark.Measured dk = MacroBenchmark.fromPython(MacroBenchmark.Case.parse(label), "dask", daskReference(script, args));
        assertEquals(np.checks().keySet(), dk.checks().keySet());
        assertEquals("agree", MacroBenchmark.compareChecks(dk.checks(), np.checks()), dk.checks() + " vs " + np.checks());
        return dk;
    }
}
