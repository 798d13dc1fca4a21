package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;
import java.nio.ByteBuffer;

/**
 * Binary search of values in a sorted array (id 1280, {@code numpy.searchsorted}). Like the sort family it works
 * on <em>pieces</em> of C-ordered stores; elements compare by {@link SortKernels#key}, NumPy's sort order
 * (NaN after {@code +inf}, {@code -0.0 == 0.0}), so a search agrees with {@code numpy.sort}'s result.
 */
public final class SearchKernels {
    private SearchKernels() {
    }

    /**
     * SEARCHSORTED: for every element {@code v} of the {@code values} piece, {@code out} (INT64, same piece) :=
     * the number of elements of the whole sorted 1-d store {@code sorted} (read replicated) that are {@code < v}
     * ({@code right == false}, NumPy's {@code side='left'}) or {@code <= v} ({@code side='right'}).
     * {@code sorted} and {@code values} have one dtype.
     */
    public record SearchSorted(int sorted, int values, int out, boolean right) {
        public byte[] encode() {
            return new ArgCodec.Writer().i32(sorted).i32(values).i32(out).i32(right ? 1 : 0).bytes();
        }

        public static SearchSorted decode(ByteBuffer buf) {
            ArgCodec.Reader r = new ArgCodec.Reader(buf);
            return new SearchSorted(r.i32(), r.i32(), r.i32(), r.i32() != 0);
        }
    }

    static void searchSorted(TaskContext ctx) {
        SearchSorted a = SearchSorted.decode(ctx.scalars());
        Instance s = ctx.instance(a.sorted());
        Instance v = ctx.instance(a.values());
        Instance out = ctx.instance(a.out());
        Rect pv = ctx.piece(a.values());
        if (pv.isEmpty()) {
            return;
        }
        if (s.type() != v.type()) {
            throw new IllegalArgumentException("searchsorted: values of " + v.type() + " in a sorted " + s.type());
        }
        if (out.type() != FieldType.INT64) {
            throw new IllegalArgumentException("searchsorted: output must be INT64, got " + out.type());
        }
        FieldType type = s.type();
        int n = s.size();
        int sBase = n == 0 ? 0 : s.index(s.rect().lo());
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = SortKernels.key(type, s.getBits(sBase + i));
        }
        int first = v.index(pv.lo());
        int outFirst = out.index(ctx.piece(a.out()).lo());
        long m = pv.volume();
        long[] o = out.longs();
        for (int k = 0; k < m; k++) {
            long key = SortKernels.key(type, v.getBits(first + k));
            int lo = 0;
            int hi = n;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (a.right() ? keys[mid] <= key : keys[mid] < key) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            o[outFirst + k] = lo;
        }
    }
}
