package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.tasks.BinaryOp;
import dev.cohort.tasks.UnaryOp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Eager}'s dense fast paths: every binary op on every dtype (array with array, array with each kind of scalar,
 * scalar with array), every unary op, and the full reductions and arg-reductions (NaN, -0.0 and ties included) on
 * every dtype give the bits of the same operation launched (eager execution off), or fail with the same message; and
 * the fast paths do run.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EagerDenseTest {
    static final long N = 1000;

    /** Each operation's result bits, or its failure's class and message. */
    static List<Object> results(boolean eager) {
        Cohort.Config cfg = new Cohort.Config().shards(1).eagerMaxVolume(eager ? 2048 : 0);
        return Cohort.run(cfg, () -> {
            List<Object> out = new ArrayList<>();
            Object[] scalars = {3L, -2L, 2.5, true, 0L};
            for (DType d : DType.values()) {
                NdArray a = EagerTest.input(d, N, 1);
                NdArray b = EagerTest.input(d, N, 2);
                for (BinaryOp op : BinaryOp.values()) {
                    out.add(attempt(() -> Elementwise.binary(op, a, b, null)));
                    for (Object s : scalars) {
                        out.add(attempt(() -> Elementwise.binary(op, a, s, null)));
                        out.add(attempt(() -> Elementwise.binary(op, s, b, null)));
                    }
                }
                // mixed dtypes take the strided path, the same with or without the fast path
                out.add(attempt(() -> Elementwise.binary(BinaryOp.ADD, a, EagerTest.input(DType.FLOAT32, N, 3), null)));
                for (UnaryOp op : UnaryOp.values()) {
                    out.add(attempt(() -> Elementwise.unary(op, a, null)));
                }
                // full reductions and arg-reductions, also over NaN, -0.0 and ties (floats) and one element
                NdArray special = d.isFloating()
                        ? Np.where(Np.arange(N).mod(7L).equal(3L), Double.NaN, Np.where(Np.arange(N).mod(5L).equal(1L), -0.0, 0.0)).astype(d)
                        : Np.arange(N).mod(4L).astype(d);
                for (NdArray r : List.of(a, special, a.get(Np.slice(0L, 1L, null)).copy())) {
                    out.add(attempt(r::sum));
                    out.add(attempt(r::prod));
                    out.add(attempt(r::max));
                    out.add(attempt(r::min));
                    out.add(attempt(r::mean));
                    out.add(attempt(r::any));
                    out.add(attempt(r::all));
                    out.add(attempt(r::argmax));
                    out.add(attempt(r::argmin));
                }
            }
            Cohort ctx = Cohort.current();
            if (eager) {
                assertTrue(ctx.eagerDenseOperations > 300, "the dense fast path ran " + ctx.eagerDenseOperations + " times");
            } else {
                assertEquals(0, ctx.eagerDenseOperations);
            }
            // the session goes on after the failures
            out.add(FusionDtypesTest.bits(Np.arange(N).add(1L)));
            return out;
        }).get(0);
    }

    interface Op {
        NdArray run();
    }

    static Object attempt(Op op) {
        try {
            return FusionDtypesTest.bits(op.run());
        } catch (RuntimeException e) {
            // a launched operation's failure arrives wrapped (the task, point and operation named around it), an
            // eager one's bare (Eager): compare the cause
            Throwable t = e;
            while (t.getCause() != null) {
                t = t.getCause();
            }
            return t.getClass().getName() + ": " + t.getMessage();
        }
    }

    @Test
    void theFastPathGivesTheLaunchedBitsAndErrors() {
        int failures = assertSameResults(results(true), results(false));
        assertTrue(failures > 0, "some combinations fail (bool subtract, invert of a float, a negative integer power)");
    }

    /**
     * Asserts that the fast path's results ({@link #attempt}'s bits or failures) are the launched ones, one by one;
     * returns how many were failures.
     */
    static int assertSameResults(List<Object> fast, List<Object> launched) {
        assertEquals(launched.size(), fast.size());
        int failures = 0;
        for (int i = 0; i < fast.size(); i++) {
            Object f = fast.get(i);
            Object l = launched.get(i);
            if (l instanceof long[] lb) {
                assertTrue(f instanceof long[], "result " + i + ": launched gave bits, the fast path " + f);
                assertArrayEquals(lb, (long[]) f, "result " + i);
            } else {
                failures++;
                assertEquals(l, f, "result " + i);
            }
        }
        return failures;
    }
}
