package dev.cohort.bench.opmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.bench.KeyValues;
import dev.cohort.bench.SuiteOutput;
import dev.cohort.bench.macro.PythonRunner;
import dev.cohort.bench.opmix.OpMixCases.Case;
import dev.cohort.bench.opmix.OpMixCases.Kind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The op-mix suite: its cases, value check and summaries, and a quick run end to end (Cohort child and NumPy). */
class OpMixBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(30)
    void casesLeaveOutWhatNumPyRejectsAndRoundTripAsLines() {
        List<Case> cases = OpMixCases.cases(List.of("add", "subtract", "negative", "matmul"), OpMixCases.DTYPES, List.of(1000L, 100_000L), false);
        assertEquals(2 * (4 * 4 + 1), cases.size(), "bool has add only, the others all four");
        assertFalse(cases.stream().anyMatch(c -> c.dtype().equals("bool") && !c.op().equals("add")));
        assertEquals(1000L, cases.get(0).size(), "ordered by size first");
        for (Case c : cases) {
            assertEquals(c, OpMixCases.parse(OpMixCases.line(c)));
        }
        assertEquals(List.of("subtract", "negative", "matmul"), OpMixCases.skipped(List.of("add", "subtract", "negative", "matmul"),
                List.of("bool")).stream().map(OpMixCases.Skipped::op).toList());
        assertThrows(IllegalArgumentException.class, () -> OpMixCases.parse("add float64 1000 1 2"));
        assertThrows(IllegalArgumentException.class, () -> OpMixCases.cases(List.of("addd"), List.of("float64"), List.of(1000L), false));
        assertThrows(IllegalArgumentException.class, () -> OpMixCases.cases(List.of("add"), List.of("float16"), List.of(1000L), false));
        assertTrue(OpMixCases.plan(1000, false).inner() > OpMixCases.plan(10_000_000, false).inner(), "small cases batch calls");
        assertEquals(40, OpMixCases.OPS.size());
    }

    @Test
    @Timeout(30)
    void inputsAreExactInEveryDtypeAndStayInRange() {
        for (long i = 0; i < 100_000; i += 7) {
            for (String d : List.of("float64", "float32")) {
                assertEquals(OpMixCases.x(d, i), (float) OpMixCases.x(d, i), "x exact in float32");
                assertEquals(OpMixCases.y(d, i), (float) OpMixCases.y(d, i));
                assertEquals(OpMixCases.p(d, i), (float) OpMixCases.p(d, i));
                assertTrue(OpMixCases.x(d, i) > 0 && Math.exp(OpMixCases.x(d, i)) < Float.MAX_VALUE, "exp stays finite in float32");
            }
            assertTrue(OpMixCases.x("int32", i) >= 1 && OpMixCases.y("int32", i) <= 7);
        }
        assertEquals(666_667L, OpMixCases.index(1_000_000));
        assertEquals(3162, OpMixCases.matvecN(10_000_000));
        assertEquals(156_250, OpMixCases.matmulM(10_000_000));
    }

    @Test
    @Timeout(30)
    void valuesAgreeExactlyForIntegersAndWithinToleranceForFloats() {
        assertTrue(OpMixBenchmark.agree(Kind.BINARY, "int64", 5, 5));
        assertFalse(OpMixBenchmark.agree(Kind.REDUCE, "int64", 5, 6));
        assertTrue(OpMixBenchmark.agree(Kind.UNARY, "float64", Double.NaN, Double.NaN));
        assertFalse(OpMixBenchmark.agree(Kind.UNARY, "float64", Double.NaN, 1));
        assertTrue(OpMixBenchmark.agree(Kind.UNARY, "float64", Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY));
        assertFalse(OpMixBenchmark.agree(Kind.UNARY, "float64", Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
        assertTrue(OpMixBenchmark.agree(Kind.REDUCE, "float64", 1e6 * (1 + 1e-10), 1e6));
        assertFalse(OpMixBenchmark.agree(Kind.BINARY, "float64", 1e6 * (1 + 1e-10), 1e6), "element-wise is tighter");
        assertTrue(OpMixBenchmark.agree(Kind.REDUCE, "float32", 3.0e7 * (1 + 5e-5), 3.0e7));
        assertFalse(OpMixBenchmark.agree(Kind.REDUCE, "float32", 3.0e7 * (1 + 5e-3), 3.0e7));
        assertTrue(OpMixBenchmark.agree(Kind.UNARY, "float16", Math.E, 2.719));
        assertEquals(Double.NEGATIVE_INFINITY, OpMixBenchmark.parseValue("-inf"));
        assertEquals(Double.POSITIVE_INFINITY, OpMixBenchmark.parseValue("Infinity"));
        assertTrue(Double.isNaN(OpMixBenchmark.parseValue("nan")));
        assertEquals(0.25, OpMixBenchmark.parseValue("0.25"));
    }

    @Test
    @Timeout(30)
    void answersAreReadAndSummarisedPerSize() {
        Case add = new Case("add", "float64", 1000, OpMixCases.plan(1000, true));
        Case sum = new Case("sum", "int32", 1000, OpMixCases.plan(1000, true));
        OpMixBenchmark.Reading c1 = OpMixBenchmark.reading(add.key(), KeyValues.parse(List.of(
                "add.float64.1000.samples=4e-6,2e-6,3e-6", "add.float64.1000.value=9.5", "add.float64.1000.dtype=float64", "done=x")), null);
        OpMixBenchmark.Reading n1 = OpMixBenchmark.reading(add.key(), KeyValues.parse(List.of(
                "add.float64.1000.samples=1e-6,1e-6,1e-6", "add.float64.1000.value=9.5", "add.float64.1000.dtype=float64")), null);
        assertEquals(3e-6, c1.median(), 1e-18);
        OpMixBenchmark.Reading failed = OpMixBenchmark.reading(sum.key(), KeyValues.parse(List.of("sum.int32.1000.error=Boom: no")), null);
        assertEquals("Boom: no", failed.error());
        assertEquals("Cohort exited", OpMixBenchmark.reading(sum.key(), null, "Cohort exited").error());
        OpMixBenchmark.Reading n2 = OpMixBenchmark.reading(sum.key(), KeyValues.parse(List.of(
                "sum.int32.1000.samples=1e-6", "sum.int32.1000.value=3.0", "sum.int32.1000.dtype=int64")), null);
        OpMixBenchmark.Reading c2 = OpMixBenchmark.reading(sum.key(), KeyValues.parse(List.of(
                "sum.int32.1000.samples=2e-5", "sum.int32.1000.value=4.0", "sum.int32.1000.dtype=int64")), null);
        List<OpMixBenchmark.Row> rows = List.of(new OpMixBenchmark.Row(add, c1, n1), new OpMixBenchmark.Row(sum, c2, n2));
        assertEquals(3.0, rows.get(0).ratio(), 1e-9);
        assertTrue(rows.get(0).valueOk());
        assertFalse(rows.get(1).valueOk(), "3 != 4");
        assertEquals("20.00 ✘ value", OpMixBenchmark.cell(rows.get(1)));
        assertEquals("Cohort failed", OpMixBenchmark.cell(new OpMixBenchmark.Row(sum, failed, n2)));
        String line = OpMixBenchmark.summaryLine(rows, 1000);
        assertTrue(line.contains("2 cases measured; 0 <= 1 x NumPy, 1 <= 3 x, 1 <= 5 x; median 11.50 x, worst 20.00 x (sum int32)"), line);
        List<List<String>> summary = OpMixBenchmark.summaryRows(rows, List.of(1000L));
        assertEquals(List.of("1e3", "2", "2", "1", "0", "1", "1", "11.50", "20.00", "sum int32"), summary.get(1));
        assertEquals("1e7", OpMixBenchmark.sizeLabel(10_000_000));
        assertEquals("1234", OpMixBenchmark.sizeLabel(1234));
    }

    @Test
    @Timeout(60)
    void theCasesCsvReadsBackAndASectionCanBeWrittenAgainFromTwoRuns() throws Exception {
        Case add = new Case("add", "int64", 1000, OpMixCases.plan(1000, false));
        Case sum = new Case("sum", "bool", 1000, OpMixCases.plan(1000, false));
        OpMixBenchmark.Reading ok = new OpMixBenchmark.Reading(new double[]{2e-6}, 7, "int64", null);
        OpMixBenchmark.Reading np = new OpMixBenchmark.Reading(new double[]{1e-6}, 7, "int64", null);
        SuiteOutput first = new SuiteOutput(dir.resolve("a"), "opmix");
        OpMixBenchmark.write(first, List.of(new OpMixBenchmark.Row(add, ok, np),
                new OpMixBenchmark.Row(sum, OpMixBenchmark.Reading.failed("shard 0 did not finish, within 610000 ms"), np)),
                List.of(), List.of(1000L), List.of("int64", "bool"), "python3", 512, false, "first run.");
        first.write();
        List<OpMixBenchmark.Row> back = OpMixBenchmark.readRows(Files.readAllLines(dir.resolve("a/opmix-cases.csv")), false);
        assertEquals(2, back.size());
        assertEquals(2.0, back.get(0).ratio(), 1e-9);
        assertTrue(back.get(0).valueOk());
        assertEquals("shard 0 did not finish, within 610000 ms", back.get(1).cohort().error(), "quoted cell with a comma");
        SuiteOutput second = new SuiteOutput(dir.resolve("b"), "opmix");
        OpMixBenchmark.write(second, List.of(new OpMixBenchmark.Row(sum, new OpMixBenchmark.Reading(new double[]{4e-6}, 1, "int64", null), np)),
                List.of(), List.of(1000L), List.of("bool"), "python3", 512, false, "second run.");
        second.write();
        int status = new CommandLine(new OpMixBenchmark()).execute("--out", dir.resolve("c").toString(), "--python", "none", "--from-csv",
                dir.resolve("a/opmix-cases.csv") + "," + dir.resolve("b/opmix-cases.csv"), "--note", "merged for the test.");
        assertEquals(0, status);
        String md = Files.readString(dir.resolve("c/opmix.md"));
        assertTrue(md.contains("written again from the per-case CSV files of 2 run(s)") && md.contains(": merged for the test."), md);
        assertTrue(md.contains("| add | int64 | 2.00 |") && md.contains("| sum | bool | 4.00 ✘ value |"), "the second run's sum replaced the first's: " + md);
        assertFalse(md.contains("Cases that did not run"), md);
        assertThrows(IllegalArgumentException.class, () -> OpMixBenchmark.readRows(List.of("op,dtype"), false));
    }

    @Test
    @Timeout(30)
    void aFailedServersGistLeavesOutStackFrames() {
        assertEquals(List.of("Exception in thread \"main\" java.lang.IllegalStateException: boom", "Caused by: java.io.IOException: x"),
                CaseServer.gist(List.of("Exception in thread \"main\" java.lang.IllegalStateException: boom", "\tat a.b.C.d(C.java:1)",
                        "Caused by: java.io.IOException: x", "\t... 15 more", "")));
        assertEquals(203, CaseServer.gist(List.of("y".repeat(500))).get(0).length());
    }

    /** The quick mode end to end on a couple of cases: the NumPy server and the Cohort child, case by case. */
    @Test
    @Timeout(300)
    void aQuickRunWritesTheCsvTheSectionAndTheChart() throws Exception {
        PythonRunner.Probe probe = new PythonRunner("python3", PythonRunner.defaultScripts()).probe();
        Assumptions.assumeTrue(probe.numpy(), "needs python3 with NumPy: " + probe.describe());
        int status = new CommandLine(new OpMixBenchmark()).execute("--out", dir.toString(), "--quick", "--ops", "add,sum,where",
                "--dtypes", "float32,int32", "--sizes", "1000", "--child-xmx-mib", "512");
        assertEquals(0, status);
        List<String> cases = Files.readAllLines(dir.resolve("opmix-cases.csv"));
        assertEquals("op,dtype,size,cohort_s,numpy_s,ratio,value_ok,cohort_value,numpy_value,cohort_dtype,numpy_dtype,error", cases.get(0));
        assertEquals(7, cases.size(), "a header and 3 ops x 2 dtypes: " + cases);
        for (String l : cases.subList(1, cases.size())) {
            List<String> f = List.of(l.split(",", -1));
            assertTrue(Double.parseDouble(f.get(3)) > 0 && Double.parseDouble(f.get(4)) > 0, l);
            assertTrue(Double.parseDouble(f.get(5)) > 0, "ratio positive: " + l);
            assertEquals("true", f.get(6), "the value read back agrees with NumPy's: " + l);
        }
        assertTrue(cases.stream().anyMatch(l -> l.startsWith("sum,int32,1000,") && l.contains(",int64,int64,")),
                "int32 sums are int64 on both sides: " + cases);
        List<String> csv = Files.readAllLines(dir.resolve("opmix.csv"));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("opmix,add.float32,cohort-1shard,1000,ratio_to_numpy,")), csv.toString());
        String md = Files.readString(dir.resolve("opmix.md"));
        assertTrue(md.startsWith("## NumPy op mix (issue 12)"), md);
        assertTrue(md.contains("| where | int32 | "), md);
        assertTrue(md.contains("- **1e3**: 6 cases measured;"), md);
        assertTrue(md.contains("None: every measured case read back the value NumPy did"), md);
        assertTrue(md.contains("![opmix-1e3.png](opmix-1e3.png)"), md);
        assertTrue(Files.size(dir.resolve("opmix-1e3.png")) > 1000);
        List<String> targets = Files.readAllLines(dir.resolve("opmix-targets.csv"));
        assertTrue(targets.stream().anyMatch(l -> l.startsWith("op-mix at 1e3: median case <= 3 x NumPy,")), targets.toString());
        assertTrue(targets.stream().anyMatch(l -> l.startsWith("\"op-mix at 1e3: every case <= 5 x NumPy (worst case)\"")
                || l.startsWith("op-mix at 1e3: every case <= 5 x NumPy (worst case),")), targets.toString());
    }

    /** Without Python the Cohort side still runs and every case says NumPy did not. */
    @Test
    @Timeout(300)
    void withoutPythonCohortStillRunsAndTheCasesSayWhy() throws Exception {
        int status = new CommandLine(new OpMixBenchmark()).execute("--out", dir.toString(), "--quick", "--ops", "logical_not",
                "--dtypes", "bool", "--sizes", "1000", "--python", "none", "--child-xmx-mib", "512");
        assertEquals(0, status);
        List<String> cases = Files.readAllLines(dir.resolve("opmix-cases.csv"));
        assertEquals(2, cases.size(), cases.toString());
        List<String> f = List.of(cases.get(1).split(",", -1));
        assertTrue(Double.parseDouble(f.get(3)) > 0, "Cohort measured: " + cases);
        assertEquals("", f.get(4));
        assertEquals("numpy: NumPy not run (--python none)", f.get(11));
        String md = Files.readString(dir.resolve("opmix.md"));
        assertTrue(md.contains("| logical_not | bool | NumPy failed |"), md);
        assertTrue(md.contains("- logical_not bool 1e3: NumPy: NumPy not run (--python none)"), md);
    }
}
