package dev.cohort.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(120)
class MainTest {
    record Run(int status, String out, String err) {
        Map<String, String> values() {
            Map<String, String> kv = new LinkedHashMap<>();
            for (String line : out.split("\n")) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    kv.put(line.substring(0, eq), line.substring(eq + 1).trim());
                }
            }
            return kv;
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void logregPrintsTheReferenceLossAndAccuracyAsKeyValueLines() {
        Run r = run("logreg");
        assertEquals(0, r.status(), r.err());
        Map<String, String> kv = r.values();
        assertTrue(kv.keySet().containsAll(java.util.List.of(
                "loss", "accuracy", "w", "iterations", "shards", "seconds", "seconds_per_iteration")), kv::toString);
        assertEquals(0.069325100379283772, Double.parseDouble(kv.get("loss")), 1e-10);
        assertEquals(0.98418277680140598, Double.parseDouble(kv.get("accuracy")), 1e-10);
        assertEquals("500", kv.get("iterations"));
        assertEquals("1", kv.get("shards"));
        String[] w = kv.get("w").split(",");
        assertEquals(30, w.length);
        for (String v : w) {
            String digits = v.replaceFirst("^-?0\\.0*", "").replaceFirst("^-", "").replace(".", "").replaceFirst("e.*", "");
            assertEquals(17, digits.length(), () -> "17 significant digits: " + v);
        }
    }

    @Test
    void cgPrintsIterationsAndResidual() {
        Run r = run("cg", "--problem", "poisson2d", "--n", "16", "--shards", "2");
        assertEquals(0, r.status(), r.err());
        Map<String, String> kv = r.values();
        assertEquals("poisson2d", kv.get("problem"));
        assertEquals("16", kv.get("n"));
        assertEquals("true", kv.get("converged"));
        assertEquals("2", kv.get("shards"));
        assertTrue(Double.parseDouble(kv.get("residual")) <= 1e-8, kv::toString);
        assertTrue(Integer.parseInt(kv.get("iterations")) > 0, kv::toString);
        assertTrue(kv.containsKey("seconds") && kv.containsKey("seconds_per_iteration"), kv::toString);
    }

    @Test
    void cgWithTwoMemoriesPerShardGivesTheSameResult() {
        Run one = run("cg", "--problem", "poisson2d", "--n", "16", "--shards", "2");
        Run two = run("cg", "--problem", "poisson2d", "--n", "16", "--shards", "2", "--memories", "2");
        assertEquals(0, two.status(), two.err());
        for (String key : new String[] {"iterations", "residual", "true_residual", "solution_sum", "solution_max"}) {
            assertEquals(one.values().get(key), two.values().get(key), key);
        }
    }

    @Test
    void cgMtxSolvesTheShippedMatrixOrTheGivenFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws java.io.IOException {
        Run r = run("cg", "--problem", "mtx", "--shards", "2");
        assertEquals(0, r.status(), r.err());
        Map<String, String> kv = r.values();
        assertEquals("mtx", kv.get("problem"));
        assertEquals("bcsstk01.mtx", kv.get("matrix"));
        assertEquals("48", kv.get("n"));
        assertEquals("true", kv.get("converged"));
        assertEquals(48.0, Double.parseDouble(kv.get("solution_sum")), 1e-4);
        // a file given with --matrix: the 2 x 2 SPD [[4, 1], [1, 3]] (symmetric, lower triangle stored)
        java.nio.file.Path f = tmp.resolve("small.mtx");
        java.nio.file.Files.writeString(f, "%%MatrixMarket matrix coordinate real symmetric\n2 2 3\n1 1 4\n2 1 1\n2 2 3\n");
        r = run("cg", "--problem", "mtx", "--matrix", f.toString());
        assertEquals(0, r.status(), r.err());
        kv = r.values();
        assertEquals("2", kv.get("n"));
        assertEquals(f.toString(), kv.get("matrix"));
        assertEquals(2.0, Double.parseDouble(kv.get("solution_sum")), 1e-9);
        assertBad("--matrix without mtx", "--matrix needs --problem mtx", "cg", "--matrix", f.toString());
        assertBad("--matrix missing", "--matrix: cannot read", "cg", "--problem", "mtx", "--matrix", tmp.resolve("none.mtx").toString());
    }

    @Test
    void g17GivesSeventeenSignificantDigitsOfTheExactValue() {
        assertEquals("0.069325100379283772", Main.g17(0.069325100379283772));
        assertEquals("0.98418277680140598", Main.g17(0.98418277680140598));
        assertEquals("1.0000000000000000", Main.g17(1.0));
        assertEquals("NaN", Main.g17(Double.NaN));
    }

    @Test
    void badArgumentsExitWithStatusTwoAndAMessage() {
        assertBad("'--shards' must be >= 1", "--shards must be >= 1", "logreg", "--shards", "0");
        assertBad("unknown data set", "--data", "logreg", "--data", "iris");
        assertBad("unknown problem", "--problem", "cg", "--problem", "sparse");
        assertBad("not a number", "--n", "cg", "--n", "many");
        assertBad("negative tolerance", "--tol must be a positive number", "cg", "--tol", "-1");
        assertBad("unknown option", "Unknown option", "logreg", "--frobnicate");
        assertBad("negative memories", "--memories must be in 1..64", "cg", "--memories", "-1");
        assertBad("no subcommand", "Missing subcommand");
        assertBad("unknown subcommand", "Unmatched argument", "fft");
    }

    @Test
    void dataBeyondTheMemoryBudgetIsOneLineAndStatusOne() {
        Run r = run("logreg", "--data", "synthetic", "--rows", "10000000000", "--sysmem", "64");
        assertEquals(1, r.status(), r.err());
        assertEquals("logreg: Unable to allocate 2.33 TiB for an array with shape (10000000000,32) and data type float64: "
                + "more than the memory budget of 1 shard x 64. MiB (--sysmem, -Dcohort.sysmem.mib)\n", r.err());
        assertEquals("", r.out());
        Run c = run("cg", "--problem", "dense", "--n", "3000000", "--sysmem", "64", "--shards", "2");
        assertEquals(1, c.status(), c.err());
        assertTrue(c.err().startsWith("cg: Unable to allocate ") && c.err().split("\n").length == 1, c.err());
    }

    @Test
    void aDivergedRunPrintsItsValuesThenSaysSoWithStatusOne() {
        Run r = run("logreg", "--lr", "1e308", "--iterations", "20");
        assertEquals(1, r.status(), r.err());
        assertEquals("NaN", r.values().get("loss"));
        assertEquals("logreg: diverged: the loss is NaN; try a smaller --lr (got 1.0E308)\n", r.err());
    }

    private static void assertBad(String why, String messagePart, String... args) {
        Run r = run(args);
        assertEquals(2, r.status(), why + ": " + r.err());
        assertTrue(r.err().contains(messagePart), () -> why + ": message should contain '" + messagePart + "': " + r.err());
    }
}
