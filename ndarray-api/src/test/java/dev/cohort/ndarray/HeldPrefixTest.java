package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code any}, {@code all}, {@code max}, {@code min}, {@code argmax} and {@code argmin} of a launched bool array whose
 * first elements decide them are answered from those elements read in place ({@code Reductions.firstHeld}, the
 * runtime's {@code heldInstance}) with no launch, on one shard; a deciding element past the prefix, or more shards,
 * launch as before; both give NumPy's values, also after a write into the prefix and for a 2-d array's first row.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HeldPrefixTest {
    private static final int N = 300_000;

    private static boolean[] withFlipped(boolean base, int n, int at) {
        boolean[] b = new boolean[n];
        java.util.Arrays.fill(b, base);
        if (at >= 0) {
            b[at] = !base;
        }
        return b;
    }

    /** The six values of {@code a}, each with whether it issued a launch. */
    private static List<Object> decide(NdArray a) {
        Cohort ctx = Cohort.current();
        List<Object> out = new ArrayList<>();
        for (String op : new String[] {"any", "all", "max", "min", "argmax", "argmin"}) {
            long ops = ctx.runtime().stats().operations();
            NdArray r = switch (op) {
                case "any" -> a.any();
                case "all" -> a.all();
                case "max" -> a.max();
                case "min" -> a.min();
                case "argmax" -> a.argmax();
                default -> a.argmin();
            };
            out.add(op + "=" + r.item());
            out.add(op + (ctx.runtime().stats().operations() > ops ? " launched" : " in place"));
        }
        return out;
    }

    @Test
    void aPrefixThatDecidesIssuesNoLaunch() {
        Cohort.run(1, () -> {
            // false everywhere but a[5]: any, max and argmax decided in the prefix; all, min, argmin by a[0]
            assertEquals(List.of("any=true", "any in place", "all=false", "all in place", "max=true", "max in place",
                    "min=false", "min in place", "argmax=5", "argmax in place", "argmin=0", "argmin in place"),
                    decide(Np.array(withFlipped(false, N, 5))));
            // true everywhere but a[7]
            assertEquals(List.of("any=true", "any in place", "all=false", "all in place", "max=true", "max in place",
                    "min=false", "min in place", "argmax=0", "argmax in place", "argmin=7", "argmin in place"),
                    decide(Np.array(withFlipped(true, N, 7))));
            // the deciding element past the prefix (4 096 elements): a launch, the same values
            assertEquals(List.of("any=true", "any launched", "all=false", "all in place", "max=true", "max launched",
                    "min=false", "min in place", "argmax=5000", "argmax launched", "argmin=0", "argmin in place"),
                    decide(Np.array(withFlipped(false, N, 5000))));
            // nowhere: all false
            List<Object> none = decide(Np.array(withFlipped(false, N, -1)));
            assertEquals("any=false", none.get(0));
            assertEquals("any launched", none.get(1));
            assertEquals("argmax=0", none.get(8));
            // a 2-d array: its first row is the prefix
            boolean[] b = withFlipped(false, 600 * 500, 3);
            NdArray m = Np.array(b).reshape(600, 500);
            assertEquals(List.of("argmax=3", "argmax in place"), decide(m).subList(8, 10));
            boolean[] c = withFlipped(false, 600 * 500, 500);
            assertEquals(List.of("argmax=500", "argmax launched"), decide(Np.array(c).reshape(600, 500)).subList(8, 10));
            // a write into the prefix before the read: the read waits for it and sees it
            NdArray z = Np.zeros(new long[] {N}, DType.BOOL);
            z.set(new Object[] {10L}, 1.0);
            z.set(new Object[] {3L}, 1.0);
            assertEquals(3L, z.argmax().item());
            assertTrue((Boolean) z.any().item());
            return null;
        });
    }

    @Test
    void moreShardsLaunchAndAgree() {
        List<List<Object>> got = Cohort.run(3, () -> decide(Np.array(withFlipped(false, N, 5))));
        for (List<Object> shard : got) {
            assertEquals("argmax=5", shard.get(8));
            assertEquals("any launched", shard.get(1), "no shard reads in place when there are several");
        }
    }
}
