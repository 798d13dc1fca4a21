package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A deferred expression of one element is evaluated where its value is read ({@code Fusion#evaluateOnThread}): the
 * value read is the bits the FUSED launch gives (the same expression materialised by an operation that needs its
 * storage), no launch is issued for it, the array stays usable as an operand afterwards, and every shard reads the
 * same value. Over {@code argmax}/{@code argmin} of every dtype (the mask of their keyed reduction), {@code mean},
 * {@code linalg.norm} and chains over a sum, on arrays that launch (above the eager bound).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReadTimeEvaluationTest {
    private static final long N = 300_000;

    private static List<Function<NdArray, NdArray>> expressions() {
        return List.of(
                NdArray::argmax,
                NdArray::argmin,
                NdArray::mean,
                a -> Np.linalg.norm(a.astype(DType.FLOAT64)),
                a -> a.astype(DType.FLOAT64).sum().multiply(2.5).add(1.0),
                a -> Np.sqrt(a.astype(DType.FLOAT64).mean().add(10.0)));
    }

    /** Per shard: for every dtype and expression, the value read, then the bits after materialising, and the launch counts. */
    private static List<Object> run(int shards) {
        return Cohort.run(shards, () -> {
            List<Object> out = new ArrayList<>();
            Cohort ctx = Cohort.current();
            int[] evaluatedHere = {0};
            for (DType d : DType.values()) {
                NdArray a = EagerTest.input(d, N, 3);
                for (Function<NdArray, NdArray> f : expressions()) {
                    NdArray r = f.apply(a);
                    boolean deferred = r.base.pending != null;    // argmax of a float dtype is materialised already
                    long ops = ctx.runtime().stats().operations();
                    long evaluated = ctx.fusion.evaluatedOnThread;
                    Object read = r.item();
                    if (deferred) {
                        assertEquals(ops, ctx.runtime().stats().operations(), d + ": reading " + read + " issued no launch");
                        assertEquals(evaluated + 1, ctx.fusion.evaluatedOnThread, d + ": the value was evaluated on the thread");
                        assertTrue(r.base.pending != null, d + ": the array stays deferred");
                        evaluatedHere[0]++;
                    }
                    // what the FUSED launch gives: the deferred array materialised by an operation on its storage
                    NdArray copy = r.copy();
                    assertArrayEquals(FusionDtypesTest.bits(copy), FusionDtypesTest.bits(r), d + ": read " + read);
                    assertEquals(read, copy.item(), d + " value");
                    // still usable as an operand once read
                    NdArray used = r.astype(DType.FLOAT64).add(1.0);
                    assertEquals(((Number) (read instanceof Boolean b ? (b ? 1 : 0) : read)).doubleValue() + 1.0, used.itemDouble(), 0.0);
                    out.add(read);
                }
            }
            // every mean, norm and chain, and argmax/argmin of the dtypes whose arg-reduction is keyed
            assertTrue(evaluatedHere[0] >= DType.values().length * (expressions().size() - 2), evaluatedHere[0] + " evaluated");
            return out;
        }).get(0);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void oneElementExpressionsAreEvaluatedWhereRead(int shards) {
        List<Object> one = run(1);
        if (shards > 1) {
            assertEquals(one, run(shards), "the values on " + shards + " shards");
        }
    }
}
