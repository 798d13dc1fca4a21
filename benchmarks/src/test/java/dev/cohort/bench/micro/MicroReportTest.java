package dev.cohort.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The micro suite's arithmetic and files, from made-up scores (no JMH run). */
class MicroReportTest {
    private static MicroReport.Score kernel(String method, long n, double ns) {
        return new MicroReport.Score("KernelBench", method, Map.of("elements", Long.toString(n)), ns, ns * 1.1);
    }

    private static List<MicroReport.Score> scores() {
        List<MicroReport.Score> s = new ArrayList<>();
        s.add(kernel("cohort_add", 32768, 10_000));
        s.add(kernel("bare_add", 32768, 9_000));
        s.add(kernel("nd4j_add", 32768, 20_000));
        s.add(kernel("cohort_exp", 32768, 100_000));
        s.add(kernel("bare_exp", 32768, 100_000));
        s.add(kernel("cohort_sum", 32768, 5_000));
        s.add(kernel("bare_sum", 32768, 20_000));
        s.add(new MicroReport.Score("GemmBench", "cohort_gemm", Map.of("n", "1024"), 40e6, 41e6));
        s.add(new MicroReport.Score("GemmBench", "nd4j_gemm", Map.of("n", "1024"), 44e6, 45e6));
        s.add(new MicroReport.Score("GemmBench", "nd4jmmul_gemm", Map.of("n", "1024"), 38e6, 39e6));
        s.add(new MicroReport.Score("RuntimeOverheadBench", "launch_points", Map.of("width", "16", "checks", "true"), 4_000, 4_500));
        s.add(new MicroReport.Score("RuntimeOverheadBench", "launch_points", Map.of("width", "16", "checks", "false"), 3_000, 3_500));
        s.add(new MicroReport.Score("RuntimeOverheadBench", "ndarray_op", Map.of("checks", "true"), 50_000, 60_000));
        return s;
    }

    @Test
    void bytesPerKernel() {
        assertEquals(24.0 * 1024, MicroReport.bytes("add", 1024));
        assertEquals(16.0 * 1024, MicroReport.bytes("exp", 1024));
        assertEquals(8.0 * 1024, MicroReport.bytes("sum", 1024));
        assertEquals(8.0 * (1024 + 32 + 32), MicroReport.bytes("matvec", 1024));
    }

    @Test
    void ratiosAreCohortOverReferenceBandwidth() {
        MicroReport r = new MicroReport(scores());
        assertEquals(0.9, r.kernelRatio("add", 32768, "bare").getAsDouble(), 1e-12);
        assertEquals(2.0, r.kernelRatio("add", 32768, "nd4j").getAsDouble(), 1e-12);
        assertEquals(24.0 * 32768 / 10_000, r.kernelGbs("cohort", "add", 32768).getAsDouble(), 1e-12);
        assertEquals(2.0 * 1024 * 1024 * 1024 / 40e6, r.gemmGflops("cohort", 1024).getAsDouble(), 1e-9);
        assertEquals(4.0, r.launchMicros(16, true).getAsDouble(), 1e-12);
        assertEquals(50.0, r.ndarrayOpMicros(true).getAsDouble(), 1e-12);
        assertTrue(r.kernelRatio("mul", 32768, "bare").isEmpty());
    }

    @Test
    void writesTheSuiteFilesAndCharts(@TempDir Path dir) throws Exception {
        new MicroReport(scores()).write(dir, true, 12.0);
        List<String> targets = Files.readAllLines(dir.resolve("micro-targets.csv"), StandardCharsets.UTF_8);
        assertEquals("target,measured,goal,unit,met,note", targets.get(0));
        String all = String.join("\n", targets);
        assertTrue(all.contains("elementwise kernels >= 0.9 x bare loop bandwidth (worst op and size),0.900000,>= 0.9,x bare loop,true"), all);
        assertTrue(all.contains("GEMM 1024^3 >= 0.9 x ND4J GFLOP/s,1.10000,>= 0.9,x ND4J,true"), all);
        assertTrue(all.contains("\"runtime overhead <= 5 us per point task, 1 shard, launches of 16 points\",4.00000,<= 5"), all);
        List<String> csv = Files.readAllLines(dir.resolve("micro.csv"), StandardCharsets.UTF_8);
        assertTrue(csv.contains("micro,kernel-add,cohort/bare,32768,bandwidth_ratio,0.900000,x"), String.join("\n", csv));
        String md = Files.readString(dir.resolve("micro.md"));
        assertTrue(md.contains("| add a + b | 32 Ki |"), md);
        assertTrue(md.contains("micro-kernels-32768.png"), md);
        assertTrue(Files.size(dir.resolve("micro-kernels-32768.png")) > 1000);
        assertTrue(Files.size(dir.resolve("micro-gemm.png")) > 1000);
        assertTrue(Files.size(dir.resolve("micro-runtime.png")) > 1000);
    }
}
