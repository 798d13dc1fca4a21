package dev.cohort.bench.macro;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java floor ({@link FloorWorkloads}) computes the same iterations as Cohort and NumPy: the same checksums on
 * small cases, whatever the team size and block size; its kernels against plain reference loops; its team of threads.
 */
class FloorWorkloadsTest {
    private static final CohortWorkloads.Rounds ROUNDS = new CohortWorkloads.Rounds(1, 2, 3);

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void logisticRegressionIsTheSameIterationAsCohortAndAPlainLoop() {
        int n = 301; // not a multiple of 4 (the 4-row dots' remainder) nor of the block sizes below
        int d = 5; // odd: the pairwise loop's remainder
        MacroData.LogReg data = MacroData.logreg(n, d, 7);
        CohortWorkloads.Run cohort = CohortWorkloads.logreg(CohortWorkloads.config(1), data.x(), data.y(), n, d, 0.1, ROUNDS);

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
        for (int threads : new int[]{1, 2, 3}) {
            for (int block : new int[]{7, 64, FloorWorkloads.DEFAULT_BLOCK_ROWS}) {
                FloorWorkloads.Run floor = FloorWorkloads.logreg(data.x(), data.y(), n, d, 0.1, ROUNDS, threads, block);
                String what = threads + " threads, blocks of " + block + ": " + floor.checks() + " vs " + cohort.checks();
                assertEquals(2, floor.samples().length, what);
                assertEquals("agree", MacroBenchmark.compareChecks(floor.checks(), cohort.checks()), what);
                assertEquals(wSum, floor.checks().get("w_sum"), 1e-12, what);
                double xSum = 0;
                for (double v : data.x()) {
                    xSum += v;
                }
                assertEquals(xSum, floor.info().get("read_pass_sum"), 1e-9, "the read pass reads every element of X");
                assertEquals(8.0 * n * d, floor.info().get("read_pass_bytes"));
                assertTrue(floor.info().get("read_pass_seconds") > 0);
                assertEquals(1.0, floor.info().get("passes"));
            }
        }
    }

    @Test
    @Timeout(120)
    void poissonIsTheSameIterationAsCohortForAnyGridAndTeam() {
        // grids with more distinct eigenvalues among b's modes than iterations, so that CG has not converged (0 / 0)
        for (int n : new int[]{10, 13, 24}) {
            CohortWorkloads.Run cohort = CohortWorkloads.cgPoisson(CohortWorkloads.config(1), n, ROUNDS);
            for (int threads : new int[]{1, 2, 3}) {
                FloorWorkloads.Run floor = FloorWorkloads.cgPoisson(n, ROUNDS, threads);
                assertEquals("agree", MacroBenchmark.compareChecks(floor.checks(), cohort.checks()),
                        "n=" + n + ", " + threads + " threads: " + floor.checks() + " vs " + cohort.checks());
                assertEquals(8.0 * FloorWorkloads.POISSON_STREAMS * n * n, floor.info().get("bytes_per_iteration"));
            }
        }
    }

    @Test
    void theStencilRowsMatchTheZeroBorderedSlices() {
        for (int n : new int[]{1, 2, 3, 4, 13}) {
            stencilRowsMatchTheSlices(n);
        }
    }

    private static void stencilRowsMatchTheSlices(int n) {
        SplittableRandom random = new SplittableRandom(5);
        double[] p = new double[n * n];
        double[] r = new double[n * n];
        for (int k = 0; k < p.length; k++) {
            p[k] = random.nextGaussian();
            r[k] = random.nextGaussian();
        }
        // the NumPy script's way: a zero-bordered copy and five slices
        double[] padded = new double[(n + 2) * (n + 2)];
        for (int i = 0; i < n; i++) {
            System.arraycopy(p, i * n, padded, (i + 1) * (n + 2) + 1, n);
        }
        double alpha = 0.37;
        double[] rExpected = r.clone();
        double[] zero = new double[n];
        double[] rActual = r.clone();
        for (int i = 0; i < n; i++) {
            double dotExpected = 0;
            double rrExpected = 0;
            for (int j = 0; j < n; j++) {
                int c = (i + 1) * (n + 2) + j + 1;
                double ap = padded[c] * 4.0 - padded[c - (n + 2)] - padded[c + (n + 2)] - padded[c - 1] - padded[c + 1];
                dotExpected += p[i * n + j] * ap;
                rExpected[i * n + j] = rExpected[i * n + j] - alpha * ap;
                rrExpected += rExpected[i * n + j] * rExpected[i * n + j];
            }
            assertEquals(dotExpected, FloorWorkloads.stencilDotRow(p, i, n, zero), 1e-12 * (1 + Math.abs(dotExpected)), "n " + n + " row " + i);
            assertEquals(rrExpected, FloorWorkloads.stencilUpdateRow(p, rActual, alpha, i, n, zero), 1e-12 * (1 + rrExpected), "n " + n + " row " + i);
        }
        // each Ap value is formed as the slices form it, so the updated r is bit for bit the same
        assertArrayEquals(rExpected, rActual);
    }

    @Test
    @Timeout(120)
    void denseCgIsTheSameIterationAsCohort() {
        int n = 40;
        MacroData.Dense data = MacroData.dense(n, 3);
        CohortWorkloads.Run cohort = CohortWorkloads.cgDense(CohortWorkloads.config(1), data.m(), data.b(), n, ROUNDS);
        double[] a = FloorWorkloads.denseSystem(data.m(), n, 2);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                double expected = i == k ? n : 0;
                for (int j = 0; j < n; j++) {
                    expected += data.m()[i * n + j] * data.m()[k * n + j];
                }
                assertEquals(expected, a[i * n + k], 1e-9, "A = M Mᵀ + n I at " + i + ", " + k);
            }
        }
        for (int threads : new int[]{1, 2, 3}) {
            FloorWorkloads.Run floor = FloorWorkloads.cgDense(a, data.b(), n, ROUNDS, threads);
            assertEquals("agree", MacroBenchmark.compareChecks(floor.checks(), cohort.checks()),
                    threads + " threads: " + floor.checks() + " vs " + cohort.checks());
            assertEquals(8.0 * n * n, floor.info().get("matvec_bytes"));
            assertTrue(floor.info().get("matvec_seconds") > 0);
        }
        assertThrows(IllegalArgumentException.class, () -> FloorWorkloads.cgDense(a, new double[n - 1], n, ROUNDS, 1));
    }

    @Test
    @Timeout(60)
    void reductionsAreDeterministicForAGivenTeam() {
        MacroData.LogReg data = MacroData.logreg(1000, 8, 11);
        Map<String, Double> first = FloorWorkloads.logreg(data.x(), data.y(), 1000, 8, 0.1, ROUNDS, 2, 100).checks();
        Map<String, Double> second = FloorWorkloads.logreg(data.x(), data.y(), 1000, 8, 0.1, ROUNDS, 2, 100).checks();
        assertEquals(first, second, "bit for bit");
        assertEquals(FloorWorkloads.cgPoisson(30, ROUNDS, 2).checks(), FloorWorkloads.cgPoisson(30, ROUNDS, 2).checks());
    }

    @Test
    void theDotKernelsAreDotProducts() {
        SplittableRandom random = new SplittableRandom(9);
        for (int len : new int[]{0, 1, 3, 7, 8, 9, 33}) {
            double[] a = new double[len + 4 * len + 3];
            double[] b = new double[len];
            for (int k = 0; k < a.length; k++) {
                a[k] = random.nextGaussian();
            }
            for (int k = 0; k < len; k++) {
                b[k] = random.nextGaussian();
            }
            double[] z = new double[4];
            FloorWorkloads.dot4Rows(a, 3, len, b, z, 0);
            for (int q = 0; q < 4; q++) {
                double expected = 0;
                for (int j = 0; j < len; j++) {
                    expected += a[3 + q * len + j] * b[j];
                }
                assertEquals(expected, z[q], 1e-12, "dot4Rows len " + len + " row " + q);
                assertEquals(expected, FloorWorkloads.dot(a, 3 + q * len, b, 0, len), 1e-12, "dot len " + len);
            }
            double expected = 0;
            double sum = 0;
            for (int j = 0; j < len; j++) {
                expected += a[2 + j] * b[j];
                sum += a[2 + j];
            }
            assertEquals(expected, FloorWorkloads.dot8(a, 2, b, len), 1e-12, "dot8 len " + len);
            assertEquals(sum, FloorWorkloads.sumRange(a, 2, 2 + len), 1e-12, "sumRange len " + len);
        }
    }

    @Test
    @Timeout(30)
    void theTeamRunsEveryIndexOnceAndPassesOnFailures() {
        for (int size : new int[]{1, 2, 3}) {
            try (FloorWorkloads.Team team = new FloorWorkloads.Team(size)) {
                AtomicIntegerArray calls = new AtomicIntegerArray(size);
                for (int k = 0; k < 100; k++) {
                    team.run(calls::incrementAndGet);
                }
                for (int t = 0; t < size; t++) {
                    assertEquals(100, calls.get(t), "thread " + t + " of " + size);
                }
                assertEquals(0, team.lo(0, 10));
                assertEquals(10, team.lo(size, 10), "the shares cover every row");
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> team.run(t -> {
                    if (t == size - 1) {
                        throw new ArithmeticException("boom");
                    }
                }));
                assertTrue(e.getMessage().contains("boom"), e.getMessage());
                team.run(calls::incrementAndGet); // still usable after a failure
                assertEquals(101, calls.get(0));
            }
        }
        assertThrows(IllegalArgumentException.class, () -> new FloorWorkloads.Team(0));
    }

    @Test
    @Timeout(240)
    void theFloorChildJvmReadsTheNpyFilesAndAgreesWithTheInProcessRun() throws Exception {
        MacroData.LogReg lr = MacroData.logreg(300, 5, 7);
        Npy.write(dir.resolve("X.npy"), lr.x(), 300, 5);
        Npy.write(dir.resolve("y.npy"), lr.y(), 300);
        MacroData.Dense dense = MacroData.dense(40, 3);
        Npy.write(dir.resolve("M.npy"), dense.m(), 40, 40);
        Npy.write(dir.resolve("b.npy"), dense.b(), 40);

        MacroBenchmark.Case logreg = MacroBenchmark.Case.parse("logreg:300x5");
        List<String> cmd = MacroBenchmark.floorCommand(logreg, ROUNDS, dir, 1024, List.of("-Xlog:disable"), 2);
        assertEquals(FloorChild.class.getName(), cmd.get(cmd.indexOf("-cp") + 2));
        assertTrue(cmd.contains("-Xmx1024m") && cmd.contains("-Xlog:disable") && !cmd.contains("--shards"), cmd.toString());
        assertEquals("--workload logreg --n 300 --warmup 1 --rounds 2 --round-length 3 --features 5 --lr 0.1 --data " + dir
                + " --threads 2", String.join(" ", cmd.subList(cmd.indexOf("-cp") + 3, cmd.size())));

        record Expect(String text, Map<String, Double> inProcess) {
        }
        List<Expect> cases = new ArrayList<>(List.of(
                new Expect("logreg:300x5", FloorWorkloads.logreg(lr.x(), lr.y(), 300, 5, 0.1, ROUNDS, 2, 2048).checks()),
                new Expect("poisson:24", FloorWorkloads.cgPoisson(24, ROUNDS, 2).checks()),
                new Expect("dense:40", FloorWorkloads.cgDense(FloorWorkloads.denseSystem(dense.m(), 40, 2), dense.b(), 40, ROUNDS, 2).checks())));
        for (Expect e : cases) {
            MacroBenchmark.Case c = MacroBenchmark.Case.parse(e.text());
            PythonRunner.Result r = PythonRunner.runCommand(MacroBenchmark.floorCommand(c, ROUNDS, dir, 512, List.of(), 2),
                    Duration.ofSeconds(90), false);
            assertEquals(0, r.exitCode(), e.text() + ": " + r.tail(10));
            assertEquals(FloorChild.SYSTEM, r.values().get("system"));
            assertEquals("2", r.values().get("threads"));
            MacroBenchmark.Measured m = MacroBenchmark.fromChild(c, FloorChild.SYSTEM, r, 512);
            assertTrue(m.ok(), m.error());
            assertEquals(2, m.samples().length);
            assertEquals(e.inProcess(), m.checks(), e.text() + ": the same program on the same data, bit for bit");
            assertEquals(2.0, m.info("threads"));
            assertTrue(m.info("bytes_per_iteration") > 0, m.info().toString());
            if (c.workload() == MacroBenchmark.Workload.dense) {
                assertEquals(0.0, m.info("system_from_cache"), "no A.npy: built in Java");
            }
        }

        // with NumPy's A.npy beside the data the child reads A from it (here: the Java-built A, so the same result)
        Npy.write(dir.resolve("A.npy"), FloorWorkloads.denseSystem(dense.m(), 40, 1), 40, 40);
        MacroBenchmark.Case c = MacroBenchmark.Case.parse("dense:40");
        PythonRunner.Result r = PythonRunner.runCommand(MacroBenchmark.floorCommand(c, ROUNDS, dir, 512, List.of(), 2),
                Duration.ofSeconds(90), false);
        MacroBenchmark.Measured m = MacroBenchmark.fromChild(c, FloorChild.SYSTEM, r, 512);
        assertTrue(m.ok(), m.error());
        assertEquals(1.0, m.info("system_from_cache"));
        assertEquals(cases.get(2).inProcess(), m.checks());
    }

    @Test
    @Timeout(240)
    void theFloorAgreesWithTheNumpyScripts() throws Exception {
        PythonRunner python = new PythonRunner("python3", PythonRunner.defaultScripts());
        PythonRunner.Probe probe = python.probe();
        assumeTrue(probe.numpy(), "needs python3 with numpy: " + probe.describe());
        MacroData.LogReg lr = MacroData.logreg(300, 5, 7);
        Npy.write(dir.resolve("X.npy"), lr.x(), 300, 5);
        Npy.write(dir.resolve("y.npy"), lr.y(), 300);
        MacroData.Dense dense = MacroData.dense(40, 3);
        Npy.write(dir.resolve("M.npy"), dense.m(), 40, 40);
        Npy.write(dir.resolve("b.npy"), dense.b(), 40);
        List<String> rounds = List.of("--warmup", "1", "--rounds", "2", "--round-length", "3");
        record Check(String caseText, String script, List<String> args, Map<String, Double> floor) {
        }
        for (Check c : List.of(
                new Check("logreg:300x5", "logreg.py", List.of("--data", dir.toString(), "--lr", "0.1"),
                        FloorWorkloads.logreg(lr.x(), lr.y(), 300, 5, 0.1, ROUNDS, 2, 64).checks()),
                new Check("poisson:24", "cg_poisson.py", List.of("--n", "24"), FloorWorkloads.cgPoisson(24, ROUNDS, 2).checks()),
                new Check("dense:40", "cg_dense.py", List.of("--data", dir.toString()),
                        FloorWorkloads.cgDense(FloorWorkloads.denseSystem(dense.m(), 40, 2), dense.b(), 40, ROUNDS, 2).checks()))) {
            List<String> args = new ArrayList<>(rounds);
            args.addAll(c.args());
            PythonRunner.Result r = python.run(c.script(), args, Duration.ofSeconds(60));
            assertEquals(0, r.exitCode(), r.tail(10));
            MacroBenchmark.Measured np = MacroBenchmark.fromPython(MacroBenchmark.Case.parse(c.caseText()), "numpy", r);
            assertEquals(np.checks().keySet(), c.floor().keySet());
            assertEquals("agree", MacroBenchmark.compareChecks(c.floor(), np.checks()), c.caseText() + ": " + c.floor() + " vs " + np.checks());
        }
    }
}
