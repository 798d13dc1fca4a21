package dev.cohort.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The examples' checkpoint options in process: a run stopped early (--max-iterations / --iterations)
 * and restarted from its newest checkpoint prints what an uninterrupted run prints, bit for bit, on
 * the same shard count; checkpoints are pruned to the newest 3; bad options exit 2 with a message.
 */
@Timeout(120)
class CheckpointOptionsTest {
    static final List<String> CG = List.of("problem", "n", "iterations", "residual", "true_residual", "converged",
            "solution_sum", "solution_max");

    @Test
    void cgStoppedAndRestartedPrintsTheUninterruptedRunsBits(@TempDir Path tmp) throws IOException {
        Path d = tmp.resolve("ck");
        MainTest.Run whole = MainTest.run("cg", "--n", "24", "--shards", "2");
        assertEquals(0, whole.status(), whole.err());
        MainTest.Run first = MainTest.run("cg", "--n", "24", "--shards", "2", "--max-iterations", "25",
                "--checkpoint-every", "5", "--checkpoint-dir", d.toString());
        assertEquals(0, first.status(), first.err());
        assertEquals("5", first.values().get("checkpoints"));
        assertEquals(List.of("ckpt-000000015", "ckpt-000000020", "ckpt-000000025"), names(d), "pruned to the newest 3");
        MainTest.Run rest = MainTest.run("cg", "--n", "24", "--shards", "2", "--restart-from", d.toString());
        assertEquals(0, rest.status(), rest.err());
        assertEquals("25", rest.values().get("restarted_from"));
        assertEquals(MultiProcessTest.pick(whole.values(), CG), MultiProcessTest.pick(rest.values(), CG));
    }

    @Test
    void logregStoppedAndRestartedPrintsTheUninterruptedRunsBits(@TempDir Path tmp) {
        Path d = tmp.resolve("ck");
        MainTest.Run whole = MainTest.run("logreg", "--iterations", "60", "--shards", "3");
        MainTest.Run first = MainTest.run("logreg", "--iterations", "40", "--shards", "3", "--checkpoint-every", "20",
                "--checkpoint-dir", d.toString());
        assertEquals(0, first.status(), first.err());
        MainTest.Run rest = MainTest.run("logreg", "--iterations", "60", "--shards", "2", "--restart-from", d.toString());
        assertEquals(0, rest.status(), rest.err());
        assertEquals("40", rest.values().get("restarted_from"));
        assertEquals("60", rest.values().get("iterations"));
        String[] w1 = whole.values().get("w").split(",");
        String[] w2 = rest.values().get("w").split(",");
        for (int i = 0; i < w1.length; i++) {
            double a = Double.parseDouble(w1[i]);
            assertEquals(a, Double.parseDouble(w2[i]), 1e-12 * Math.abs(a), "w[" + i + "] restarted on another shard count");
        }
        MainTest.Run same = MainTest.run("logreg", "--iterations", "60", "--shards", "3", "--restart-from", d.toString());
        assertEquals(whole.values().get("w"), same.values().get("w"), "restarted on the same shard count: the same bits");
        assertEquals(whole.values().get("loss"), same.values().get("loss"));
    }

    @Test
    void badCheckpointOptionsExitWithAMessage(@TempDir Path tmp) {
        MainTest.Run r = MainTest.run("cg", "--checkpoint-every", "5");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--checkpoint-every needs --checkpoint-dir"), r.err());
        r = MainTest.run("logreg", "--checkpoint-dir", tmp.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--checkpoint-dir needs --checkpoint-every K > 0"), r.err());
        r = MainTest.run("cg", "--restart-from", tmp.resolve("nowhere").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--restart-from " + tmp.resolve("nowhere") + ": no such directory"), r.err());
        MainTest.Run empty = MainTest.run("cg", "--n", "8", "--restart-from", tmp.toString());
        assertEquals(1, empty.status());
        assertTrue(empty.err().contains("--restart-from " + tmp + ": no complete checkpoint there"), empty.err());
        MainTest.Run other = MainTest.run("cg", "--n", "8", "--max-iterations", "4", "--checkpoint-every", "2",
                "--checkpoint-dir", tmp.resolve("ck").toString());
        assertEquals(0, other.status(), other.err());
        MainTest.Run wrongN = MainTest.run("cg", "--n", "9", "--restart-from", tmp.resolve("ck").toString());
        assertEquals(1, wrongN.status());
        assertTrue(wrongN.err().contains("the checkpoint's 'x' has shape [8, 8], this problem's vectors [9, 9]"), wrongN.err());
    }

    static List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
