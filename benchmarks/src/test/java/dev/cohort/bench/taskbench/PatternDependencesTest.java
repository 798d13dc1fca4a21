package dev.cohort.bench.taskbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.RuntimeConfig;
import dev.cohort.runtime.ShardGroup;
import dev.cohort.transport.LocalCommunicator;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every pattern's graph, run on the runtime with 1 and 2 in-process shards, gives every task the
 * value the plain sequential evaluation of the pattern's definition gives it. A task's value is a
 * hash of its identity and of the values it read, so a missing dependence (a reader that ran
 * before its producer and saw zero), a spurious one, or a wrong edge changes some value.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PatternDependencesTest {
    static final long ITERATIONS = 50;

    static Stream<Arguments> graphs() {
        return Stream.of(
                Arguments.of(Pattern.TRIVIAL, 4, 5),
                Arguments.of(Pattern.STENCIL, 5, 6),
                Arguments.of(Pattern.STENCIL, 1, 3),
                Arguments.of(Pattern.SWEEP, 4, 9),
                Arguments.of(Pattern.SWEEP, 5, 3),
                Arguments.of(Pattern.FFT, 8, 8),
                Arguments.of(Pattern.FFT, 6, 7),
                Arguments.of(Pattern.TREE, 8, 2),
                Arguments.of(Pattern.TREE, 2, 3),
                Arguments.of(Pattern.MAP_REDUCE, 4, 3),
                Arguments.of(Pattern.ALL_TO_ALL, 3, 4),
                Arguments.of(Pattern.CHOLESKY, 5, 2),
                Arguments.of(Pattern.CHOLESKY, 1, 1));
    }

    static RuntimeConfig config() {
        return new RuntimeConfig().registry(TaskBenchTasks.registry()).blockingTimeout(Duration.ofSeconds(60));
    }

    @ParameterizedTest(name = "{0} width {1} x {2} on 1 and 2 shards")
    @MethodSource("graphs")
    void valuesMatchTheSequentialEvaluation(Pattern pattern, int width, int units) {
        Map<String, long[]> expected = pattern.reference(width, units, ITERATIONS);
        long written = expected.values().stream().mapToLong(a -> java.util.Arrays.stream(a).filter(v -> v != 0).count()).sum();
        if (pattern != Pattern.CHOLESKY) { // Cholesky's updates overwrite tiles; elsewhere each task has its own element
            assertEquals(pattern.tasks(width, units), written, "every task writes one non-zero value");
        }
        for (int shards : new int[] {1, 2}) {
            List<Map<String, long[]>> results = ShardGroup.runShards(LocalCommunicator.create(shards), config(),
                    rt -> GraphRun.runAndRead(rt, pattern, width, units, ITERATIONS));
            assertEquals(shards, results.size());
            for (Map<String, long[]> r : results) {
                assertNull(GraphRun.firstDifference(expected, r), () -> pattern + " on " + shards + " shards");
            }
        }
    }

    @Test
    void issuedTasksMatchTheCount() {
        for (Arguments a : graphs().toList()) {
            Pattern p = (Pattern) a.get()[0];
            int w = (int) a.get()[1];
            int u = (int) a.get()[2];
            long[] counts = ShardGroup.runShards(LocalCommunicator.create(1), config(), rt -> {
                GraphIssuer g = new GraphIssuer(rt, 0, false);
                p.issue(g, w, u);
                rt.sync();
                return new long[] {g.tasks(), rt.stats().pointTasks()};
            }).get(0);
            assertEquals(p.tasks(w, u), counts[0], () -> p + " issued");
            assertEquals(p.tasks(w, u), counts[1], () -> p + " ran");
        }
    }

    @Test
    void aDroppedDependenceIsDetected() {
        // the check is sensitive: the stencil with one input fewer (no halo) differs from the reference
        Map<String, long[]> expected = Pattern.STENCIL.reference(4, 3, ITERATIONS);
        Map<String, long[]> independent = Pattern.TRIVIAL.reference(4, 3, ITERATIONS);
        assertNotEquals(null, GraphRun.firstDifference(expected, independent));
        assertEquals(expected.get("s0")[2], independent.get("s0")[2]);
        assertTrue(expected.get("s1")[2] != independent.get("s1")[2]);
    }
}
