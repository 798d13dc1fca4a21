package dev.cohort.examples;

import dev.cohort.simulator.Calibration;
import dev.cohort.simulator.Projection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SimulateTest {
    /** Costs for these tests only, not a measurement. */
    static final String TEST_CALIBRATION = """
            machine = test costs, not measured
            kernel.default = 1000, 0.0, 0.06
            launch = 20000, 900
            wait = 60000
            link.IN_PROCESS = 2000, 4.5
            link.IPC = 9000, 2.1
            link.NETWORK = 25000, 0.9
            simulator = 180
            """;

    @TempDir
    Path dir;

    private Path calibration() throws IOException {
        Path f = dir.resolve("calibration.properties");
        Files.writeString(f, TEST_CALIBRATION);
        return f;
    }

    /** The table's data lines: nodes, tasks, s/iter, throughput/node, efficiency. */
    private static List<double[]> rows(String out) {
        List<double[]> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("nodes")) {
                continue;
            }
            String[] f = t.split("\\s+");
            rows.add(new double[]{Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                    Double.parseDouble(f[3]), Double.parseDouble(f[4])});
        }
        return rows;
    }

    @Test
    @Timeout(180)
    void logregEndToEndPrintsTheTableAndWritesAPng() throws IOException {
        Path png = dir.resolve("plots/logreg.png");
        MainTest.Run r = MainTest.run("simulate", "--calibration", calibration().toString(), "--nodes", "1,2,4",
                "--network", "ib-hdr: 25 GB/s, 1.5 us", "--png", png.toString(), "logreg", "--rows", "300000",
                "--features", "8");
        assertEquals(0, r.status(), r.err());
        List<double[]> rows = rows(r.out());
        assertEquals(3, rows.size(), r.out());
        assertEquals(1.0, rows.get(0)[4], 1e-12, r.out());
        for (int i = 0; i < 3; i++) {
            assertEquals(1 << i, (int) rows.get(i)[0]);
            assertTrue(rows.get(i)[1] > 0 && rows.get(i)[2] > 0, r.out());
            // throughput per node = rows per node / seconds per iteration
            assertEquals(300000 / rows.get(i)[2], rows.get(i)[3], 1e-3 * rows.get(i)[3], r.out());
            assertTrue(rows.get(i)[4] > 0 && rows.get(i)[4] <= 1 + 1e-9, r.out());
        }
        assertTrue(rows.get(2)[1] > rows.get(0)[1], "more nodes, more tasks: " + r.out());
        assertTrue(r.out().contains("ib-hdr: 25 GB/s, 1.5 us"), r.out());
        assertTrue(r.out().contains("DCR paper: 11.4 speed-up over Dask at 32 nodes"), r.out());
        assertTrue(r.out().contains("# simulator: "), r.out());
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, "a PNG at " + png);
        assertEquals(900, image.getWidth());
    }

    @Test
    @Timeout(180)
    void cgRecordsTheSolversStepAndWaitsEachIteration() throws IOException {
        Projection.Workload w = Simulate.cg(64);
        assertTrue(w.blocksEachIteration());
        assertEquals(2 * w.launchesPerIteration(), w.recorded().size());
        // the grid side grows with the square root of the nodes: 64 * 2 on 4 nodes
        assertEquals(128, Simulate.side(64, 4));
        assertEquals(128.0 * 128, w.work().applyAsDouble(4));
        assertEquals(130, w.extents().apply(4).applyAsLong(66));
        assertEquals(1, w.extents().apply(4).applyAsLong(1));
        Calibration c = Calibration.load(calibration());
        // 4 096 unknowns a node: every array is below the minimum tile on 1 and on 4 nodes, so every launch is one
        // replicated point on each node and nothing crosses the network (4x the tasks, none a transfer or a
        // collective). Each node then computes the whole 128 x 128 grid, 4x the one-node kernels, which the program
        // thread's analysis of the launches (~13.6 us each, the calibration's) mostly covers: nearly the one-node time
        // per iteration (0.95 with the ten launches of an iteration since the norm's sqrt is evaluated where it is read;
        // 1.0 with eleven)
        List<Projection.Point> p = Projection.project(w, new int[]{1, 4}, new Projection.Node(2, c));
        assertEquals(1.0, p.get(0).efficiency(), 1e-12);
        assertTrue(p.get(1).efficiency() > 0.9 && p.get(1).efficiency() <= 1 + 1e-12, p.toString());
        assertEquals(4 * p.get(0).tasksPerIteration(), p.get(1).tasksPerIteration(), "no transfer or collective task");
        // 65 536 unknowns a node: the grid is tiled over the nodes, and the halos and all-gathers the program waits for
        // each iteration cost efficiency
        Projection.Workload big = Simulate.cg(256);
        List<Projection.Point> q = Projection.project(big, new int[]{1, 4}, new Projection.Node(2, c));
        assertTrue(q.get(1).efficiency() < 1, q.toString());
        assertTrue(q.get(1).tasksPerIteration() > 4 * q.get(0).tasksPerIteration(), "transfers and collectives: " + q);
    }

    @Test
    void badOptionsFailNamingTheText() throws IOException {
        MainTest.Run r = MainTest.run("simulate", "--calibration", calibration().toString(), "--network", "25 GB/s", "logreg");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--network '25 GB/s'"), r.err());
        r = MainTest.run("simulate", "--calibration", calibration().toString(), "--gpus-per-node", "4", "cg");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--gpus-per-node needs --gpu"), r.err());
        r = MainTest.run("simulate", "--calibration", calibration().toString(), "--nodes", "1,0", "cg");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--nodes must be >= 1, got 0"), r.err());
        r = MainTest.run("simulate", "fft");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("fft"), r.err());
    }

    @Test
    @Timeout(180)
    void gpusAreModelledFromTheGivenRate() throws IOException {
        MainTest.Run r = MainTest.run("simulate", "--calibration", calibration().toString(), "--nodes", "1,2",
                "--gpus-per-node", "4", "--gpu", "v100: 900 GB/s, 5 us", "cg", "--n", "64");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("4 GPUs modelled as v100: 900 GB/s, 5 us"), r.out());
        assertEquals(2, rows(r.out()).size(), r.out());
    }
}
