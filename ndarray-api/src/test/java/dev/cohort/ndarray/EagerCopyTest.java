package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Eager#copy}, the copy fast path: {@code copy()} and {@code astype} of every dtype into every dtype, through
 * views with steps, negative steps, offsets, a transpose, fixed rows and columns and a single element, give the bits
 * of the same copy launched (eager execution off); an assignment into a view, and one between views of one storage,
 * still take the launched path; and the fast path does run.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EagerCopyTest {
    private static final List<Function<NdArray, NdArray>> VIEWS = List.of(
            a -> a,
            a -> a.get(Np.slice(null, null, 2L)),
            a -> a.get(Np.slice(null, null, -1L)),
            a -> a.get(Np.slice(3L, 17L, 3L), Np.slice(null, null, -4L)),
            NdArray::T,
            a -> a.T().get(Np.slice(1L, null, 5L)),
            a -> a.get(5L),
            a -> a.get(Np.slice(null, null, null), 7L),
            a -> a.get(Np.slice(2L, 3L, null), Np.slice(null, null, 5L)),
            a -> a.get(4L, 6L));

    static List<Object> results(boolean eager) {
        Cohort.Config cfg = new Cohort.Config().shards(1).eagerMaxVolume(eager ? 2048 : 0);
        return Cohort.run(cfg, () -> {
            List<Object> out = new ArrayList<>();
            for (DType d : DType.values()) {
                NdArray a = EagerTest.input(d, 720, 3).reshape(24, 30);
                for (Function<NdArray, NdArray> view : VIEWS) {
                    NdArray v = view.apply(a);
                    out.add(EagerDenseTest.attempt(v::copy));
                    for (DType to : DType.values()) {
                        out.add(EagerDenseTest.attempt(() -> v.astype(to)));
                    }
                }
                // into a view of another array (dst does not cover its storage), and within one storage: launched
                NdArray b = Np.zeros(new long[] {24, 30}, d);
                b.set(new Object[] {Np.slice(null, null, 2L)}, a.get(Np.slice(null, null, -2L)));
                out.add(FusionDtypesTest.bits(b));
                NdArray c = a.copy();
                c.set(new Object[] {Np.slice(null, null, null)}, c.get(Np.slice(null, null, -1L)));
                out.add(FusionDtypesTest.bits(c));
            }
            Cohort ctx = Cohort.current();
            if (eager) {
                assertTrue(ctx.eagerDenseOperations > 250, "the copy fast path ran: " + ctx.eagerDenseOperations + " dense operations");
            } else {
                assertEquals(0, ctx.eagerDenseOperations);
            }
            return out;
        }).get(0);
    }

    @Test
    void theCopyFastPathGivesTheLaunchedBits() {
        int failures = EagerDenseTest.assertSameResults(results(true), results(false));
        assertEquals(0, failures, "every copy and conversion is defined");
    }
}
