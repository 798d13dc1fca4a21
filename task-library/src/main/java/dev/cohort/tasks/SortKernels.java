package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;
import java.util.Arrays;

/**
 * The CPU kernels of a distributed sort (sample sort across shards) and of {@code unique}: SORT_LOCAL,
 * ARGSORT_LOCAL, SORT_PAIRS, SAMPLE, BUCKET_COUNT, COPY_RECTS, UNIQUE_FLAGS. Arguments and semantics:
 * {@link SortArgs}. Every dtype (float64, float32, int64, int32, bool); NumPy's order (NaNs last, {@code -0.0}
 * equal to {@code 0.0}); every sort is stable.
 */
public final class SortKernels {
    private SortKernels() {
    }

    // ------------------------------------------------------------------ keys

    /**
     * The 64-bit key of an element with raw {@code bits} of {@code type} ({@code FieldType} convention) that orders
     * as NumPy sorts: integers and bool by value; floats by value, {@code -0.0} and {@code 0.0} one key, every NaN
     * one key above {@code +inf}.
     */
    public static long key(FieldType type, long bits) {
        switch (type) {
            case FLOAT64: {
                double x = Double.longBitsToDouble(bits);
                if (x != x) {
                    return Long.MAX_VALUE;
                }
                long b = x == 0 ? 0 : bits;
                return b ^ ((b >> 63) & Long.MAX_VALUE);
            }
            case FLOAT32: {
                float x = Float.intBitsToFloat((int) bits);
                if (x != x) {
                    return Long.MAX_VALUE;
                }
                int b = x == 0 ? 0 : (int) bits;
                return b ^ ((b >> 31) & Integer.MAX_VALUE);
            }
            case INT32:
                return (int) bits;
            case BOOL:
                return bits != 0 ? 1 : 0;
            default:
                return bits;
        }
    }

    /**
     * The splitters of a sample sort, identical on every shard: {@code samples} is the value of SAMPLE's future
     * ({@code tiles} blocks of {@code perTile + 1} slots: count then keys); all sampled keys are sorted and
     * {@code buckets - 1} regular ones chosen, at positions {@code floor((j + 1) * n / buckets)}. With no samples
     * the splitters are all {@code Long.MAX_VALUE} (everything in bucket 0).
     */
    public static long[] chooseSplitters(long[] samples, int tiles, int perTile, int buckets) {
        if (buckets < 1) {
            throw new IllegalArgumentException("buckets must be >= 1, got " + buckets);
        }
        if (samples.length != (long) tiles * (perTile + 1)) {
            throw new IllegalArgumentException("samples hold " + samples.length + " slots, expected " + tiles + " * ("
                    + perTile + " + 1)");
        }
        long[] all = new long[tiles * perTile];
        int n = 0;
        for (int t = 0; t < tiles; t++) {
            int c = (int) samples[t * (perTile + 1)];
            System.arraycopy(samples, t * (perTile + 1) + 1, all, n, c);
            n += c;
        }
        Arrays.sort(all, 0, n);
        long[] s = new long[buckets - 1];
        for (int j = 0; j < s.length; j++) {
            s[j] = n == 0 ? Long.MAX_VALUE : all[(int) ((long) (j + 1) * n / buckets)];
        }
        return s;
    }

    // ------------------------------------------------------------------ SORT_LOCAL

    static void sortLocal(TaskContext ctx) {
        SortArgs.SortLocal a = SortArgs.SortLocal.decode(ctx.scalars());
        Instance in = ctx.instance(a.in());
        Instance out = ctx.instance(a.out());
        Rect pin = ctx.piece(a.in());
        Rect pout = ctx.piece(a.out());
        Lanes.checkSameExtents("sort", pin, pout);
        if (in.type() != out.type()) {
            throw new IllegalArgumentException("sort: in is " + in.type() + " but out is " + out.type());
        }
        Lanes li = Lanes.of(in, pin, a.axis());
        Lanes lo = Lanes.of(out, pout, a.axis());
        int n = li.length;
        FieldType type = in.type();
        Object src = in.array();
        Object dst = out.array();
        if (n >= RADIX_MIN && type != FieldType.BOOL) {
            // each lane's bits straight from in and back into out around the radix sort (no lane copies)
            long[] v0 = new long[n];
            long[] v1 = new long[n];
            for (int l = 0; l < li.count; l++) {
                laneBits(type, src, li.start(l), li.stride, v0, n);
                writeBits(type, radixBits(type, v0, v1, n), dst, lo.start(l), lo.stride, n);
            }
            return;
        }
        Object t = java.lang.reflect.Array.newInstance(src.getClass().getComponentType(), n);
        java.util.function.Consumer<Object> sorter = laneSorter(type, n);
        for (int l = 0; l < li.count; l++) {
            // gather the lane, sort it, scatter it (same-type strided copies: the bits move unchanged)
            DataLoops.convert(type, src, li.start(l), li.stride, type, t, 0, 1, n);
            sorter.accept(t);
            DataLoops.convert(type, t, 0, 1, type, dst, lo.start(l), lo.stride, n);
        }
    }

    /** Sorts a lane of {@code n} elements of {@code type} (its own primitive array) in NumPy's stable order. */
    private static java.util.function.Consumer<Object> laneSorter(FieldType type, int n) {
        return switch (type) {
            case FLOAT64 -> {
                long[] special = new long[n];
                yield t -> FloatSorts.sortD((double[]) t, special);
            }
            case FLOAT32 -> {
                int[] special = new int[n];
                yield t -> FloatSorts.sortF((float[]) t, special);
            }
            case INT64 -> t -> Arrays.sort((long[]) t);
            case INT32 -> t -> Arrays.sort((int[]) t);
            case BOOL -> t -> {
                byte[] b = (byte[]) t;
                int zeros = 0;
                for (byte x : b) {
                    zeros += x == 0 ? 1 : 0;
                }
                for (int k = 0; k < b.length; k++) {
                    b[k] = (byte) (k < zeros ? 0 : 1);
                }
            };
        };
    }

    // ------------------------------------------------------------------ ARGSORT_LOCAL, SORT_PAIRS

    static void argsortLocal(TaskContext ctx) {
        SortArgs.ArgsortLocal a = SortArgs.ArgsortLocal.decode(ctx.scalars());
        Instance in = ctx.instance(a.in());
        Instance idx = ctx.instance(a.indices());
        Rect pin = ctx.piece(a.in());
        Rect pidx = ctx.piece(a.indices());
        Lanes.checkSameExtents("argsort", pin, pidx);
        if (idx.type() != FieldType.INT64) {
            throw new IllegalArgumentException("argsort: indices must be INT64, got " + idx.type());
        }
        Lanes li = Lanes.of(in, pin, a.axis());
        Lanes lx = Lanes.of(idx, pidx, a.axis());
        Instance vals = a.values() >= 0 ? ctx.instance(a.values()) : null;
        Lanes lv = null;
        if (vals != null) {
            Lanes.checkSameExtents("argsort values", pin, ctx.piece(a.values()));
            if (vals.type() != in.type()) {
                throw new IllegalArgumentException("argsort: values are " + vals.type() + " but in is " + in.type());
            }
            lv = Lanes.of(vals, ctx.piece(a.values()), a.axis());
        }
        int n = li.length;
        long[] keys = new long[n];
        int[] perm = new int[n];
        int[] aux = new int[n];
        long base = pin.isEmpty() ? 0 : pin.lo(a.axis()) - a.origin();
        long[] out = idx.longs();
        FieldType type = in.type();
        long[] bits = new long[n];
        for (int l = 0; l < li.count; l++) {
            int s = li.start(l);
            for (int k = 0; k < n; k++) {
                bits[k] = in.getBits(s + k * li.stride);
                keys[k] = key(type, bits[k]);
                perm[k] = k;
            }
            sortByKey(perm, aux, keys);
            int d = lx.start(l);
            for (int k = 0; k < n; k++) {
                out[d + k * lx.stride] = base + perm[k];
            }
            if (vals != null) {
                int v = lv.start(l);
                for (int k = 0; k < n; k++) {
                    vals.setBits(v + k * lv.stride, bits[perm[k]]);
                }
            }
        }
    }

    static void sortPairs(TaskContext ctx) {
        SortArgs.SortPairs a = SortArgs.SortPairs.decode(ctx.scalars());
        Instance keysIn = ctx.instance(a.keys());
        Instance payIn = ctx.instance(a.payload());
        Instance keysOut = ctx.instance(a.outKeys());
        Instance payOut = ctx.instance(a.outPayload());
        Rect pk = ctx.piece(a.keys());
        Lanes.checkSameExtents("sort pairs", pk, ctx.piece(a.payload()));
        Lanes.checkSameExtents("sort pairs", pk, ctx.piece(a.outKeys()));
        Lanes.checkSameExtents("sort pairs", pk, ctx.piece(a.outPayload()));
        if (payIn.type() != FieldType.INT64 || payOut.type() != FieldType.INT64 || keysOut.type() != keysIn.type()) {
            throw new IllegalArgumentException("sort pairs: keys " + keysIn.type() + " -> " + keysOut.type()
                    + ", payload " + payIn.type() + " -> " + payOut.type() + "; payloads must be INT64, keys one dtype");
        }
        if (pk.dim() != 1) {
            throw new IllegalArgumentException("sort pairs: pieces must be 1-d, got " + pk);
        }
        Lanes lk = Lanes.of(keysIn, pk, 0);
        Lanes lp = Lanes.of(payIn, ctx.piece(a.payload()), 0);
        Lanes ok = Lanes.of(keysOut, ctx.piece(a.outKeys()), 0);
        Lanes op = Lanes.of(payOut, ctx.piece(a.outPayload()), 0);
        if (lk.count == 0) {
            return;
        }
        int n = lk.length;
        long[] bits = new long[n];
        long[] keys = new long[n];
        long[] pay = new long[n];
        int[] perm = new int[n];
        for (int k = 0; k < n; k++) {
            bits[k] = keysIn.getBits(lk.start(0) + k);
            keys[k] = key(keysIn.type(), bits[k]);
            pay[k] = payIn.longs()[lp.start(0) + k];
            perm[k] = k;
        }
        mergeSort(perm, new int[n], keys, pay);
        long[] po = payOut.longs();
        for (int k = 0; k < n; k++) {
            keysOut.setBits(ok.start(0) + k, bits[perm[k]]);
            po[op.start(0) + k] = pay[perm[k]];
        }
    }

    /** Rows from which {@link #sortByKey} takes the radix sort. */
    static final int RADIX_MIN = 256;

    /**
     * Stable sort of the positions {@code perm} (the identity on entry) by {@code keys} (signed order): {@link #mergeSort}
     * for short rows, else an LSD radix sort on the keys' 8 bytes (sign bit flipped, so that unsigned byte order is the
     * keys' order), a pass skipped when every key has the same byte there (float data of few significant bits, small
     * integers); one read of the keys counts the digits of every pass ({@code Np.argsort} of 1e5 float64, one shard:
     * 3.5 -> 2.9 ms a call against a read per pass). Stable like the merge sort, so the same permutation ({@code SortByKeyTest}).
     * Measured (one shard, {@code Np.sort} of 1e5 float64 elements, minimum of 100 calls): 3.7 ms a call with the merge
     * sort through the permutation, 2.3 with this (NumPy 0.23); a bare probe of the two sorts alone: 2.9-3.4 ms against
     * 1.6-2.3 (runs of equal keys make the counters' increments wait on each other).
     */
    static void sortByKey(int[] perm, int[] aux, long[] keys) {
        int n = perm.length;
        if (n < RADIX_MIN) {
            mergeSort(perm, aux, keys, null);
            return;
        }
        long[] k0 = new long[n];
        // every pass's counts in one read of the keys (the counts of a byte do not depend on the order)
        int[][] count = new int[8][256];
        for (int i = 0; i < n; i++) {
            long u = keys[i] ^ Long.MIN_VALUE;
            k0[i] = u;
            countBytes(count, u);
        }
        long[] k1 = new long[n];
        int[] p0 = perm;
        int[] p1 = aux;
        for (int b = 0; b < 8; b++) {
            int shift = 8 * b;
            int[] start = count[b];
            if (!starts(start, n)) {
                continue;   // every key has this byte: the pass would keep the order
            }
            for (int i = 0; i < n; i++) {
                long u = k0[i];
                int at = start[(int) ((u >>> shift) & 0xFF)]++;
                k1[at] = u;
                p1[at] = p0[i];
            }
            long[] tk = k0;
            k0 = k1;
            k1 = tk;
            int[] tp = p0;
            p0 = p1;
            p1 = tp;
        }
        if (p0 != perm) {
            System.arraycopy(p0, 0, perm, 0, n);
        }
    }

    /**
     * Sorts a lane {@code t} (a float64, float32, int64 or int32 array of its own) in NumPy's stable order, values
     * only: an LSD radix sort of the elements' raw bits by their {@link #key}s (a byte a pass, sign bit flipped, a pass
     * skipped when every key has that byte), stable, so equal keys keep their input order: the two zeros and every NaN
     * (payload and all) stay where {@link FloatSorts}' copies put them back, and equal integers cannot be told apart
     * — the same elements as the comparison sorts ({@code SortByKeyTest}). {@code v0, v1}: scratch of at least the
     * lane's length. Each pass moves only the elements' bits and computes their keys again, in a loop of its type
     * (moving the keys beside them doubled the scattered writes; {@link #key}'s switch in the loop cost a quarter).
     * Measured (one thread, a lane of 1e5 random float64): 1.7 ms; {@code Arrays.sort} 5.2 ms; NumPy's AVX-512
     * sort 0.4 ms. {@code Np.sort} of 1e5 elements on one shard (SORT_LOCAL over one tile): float64 3.9 -> 2.4 ms,
     * int64 2.7 -> 1.5 ms a call.
     */
    static void radixLane(FieldType type, Object t, long[] v0, long[] v1) {
        int n = java.lang.reflect.Array.getLength(t);
        laneBits(type, t, 0, 1, v0, n);
        writeBits(type, radixBits(type, v0, v1, n), t, 0, 1, n);
    }

    /** The raw bits of {@code n} elements of {@code type} in {@code array} from {@code start}, {@code stride} apart, into {@code v}. */
    private static void laneBits(FieldType type, Object array, int start, int stride, long[] v, int n) {
        switch (type) {
            case FLOAT64 -> {
                double[] a = (double[]) array;
                for (int i = 0, p = start; i < n; i++, p += stride) {
                    v[i] = Double.doubleToRawLongBits(a[p]);
                }
            }
            case FLOAT32 -> {
                float[] a = (float[]) array;
                for (int i = 0, p = start; i < n; i++, p += stride) {
                    v[i] = Float.floatToRawIntBits(a[p]);
                }
            }
            case INT64 -> {
                long[] a = (long[]) array;
                for (int i = 0, p = start; i < n; i++, p += stride) {
                    v[i] = a[p];
                }
            }
            case INT32 -> {
                int[] a = (int[]) array;
                for (int i = 0, p = start; i < n; i++, p += stride) {
                    v[i] = a[p];
                }
            }
            default -> throw new IllegalArgumentException("radix lane sort of " + type);
        }
    }

    /** {@link #laneBits}' inverse: {@code n} raw bits of {@code v} as elements of {@code type} into {@code array}. */
    private static void writeBits(FieldType type, long[] v, Object array, int start, int stride, int n) {
        switch (type) {
            case FLOAT64 -> {
                double[] a = (double[]) array;
                for (int i = 0, p = start; i < n; i++, p += stride) {
                    a[p] = Double.longBitsToDouble(v[i]);
                }
            }
            case FLOAT32 -> {
                float[] a = (float[]) array;
                for (int i = 0, p = start; i < n; i++, p += stride) {
                    a[p] = Float.intBitsToFloat((int) v[i]);
                }
            }
            case INT64 -> {
                long[] a = (long[]) array;
                for (int i = 0, p = start; i < n; i++, p += stride) {
                    a[p] = v[i];
                }
            }
            default -> {
                int[] a = (int[]) array;
                for (int i = 0, p = start; i < n; i++, p += stride) {
                    a[p] = (int) v[i];
                }
            }
        }
    }

    /** Sorts the first {@code n} raw bits of {@code v0} (elements of {@code type}) by their keys; returns v0 or v1, whichever holds them. */
    private static long[] radixBits(FieldType type, long[] v0, long[] v1, int n) {
        // every pass's counts in one read; a pass whose byte all keys share is skipped (its counts hold n in one slot)
        int[][] count = new int[8][256];
        for (int i = 0; i < n; i++) {
            countBytes(count, key(type, v0[i]) ^ Long.MIN_VALUE);
        }
        for (int b = 0; b < 8; b++) {
            int[] start = count[b];
            if (!starts(start, n)) {
                continue;   // every key has this byte: the pass would keep the order
            }
            int shift = 8 * b;
            // one loop per type, each with its key inline (through key()'s switch: 2.1 against 1.6 ms a lane of 1e5)
            switch (type) {
                case FLOAT64 -> {
                    for (int i = 0; i < n; i++) {
                        long v = v0[i];
                        v1[start[(int) ((keyD(v) >>> shift) & 0xFF)]++] = v;
                    }
                }
                case FLOAT32 -> {
                    for (int i = 0; i < n; i++) {
                        long v = v0[i];
                        v1[start[(int) ((keyF(v) >>> shift) & 0xFF)]++] = v;
                    }
                }
                case INT32 -> {
                    for (int i = 0; i < n; i++) {
                        long v = v0[i];
                        v1[start[(int) ((((long) (int) v ^ Long.MIN_VALUE) >>> shift) & 0xFF)]++] = v;
                    }
                }
                default -> {
                    for (int i = 0; i < n; i++) {
                        long v = v0[i];
                        v1[start[(int) (((v ^ Long.MIN_VALUE) >>> shift) & 0xFF)]++] = v;
                    }
                }
            }
            long[] tv = v0;
            v0 = v1;
            v1 = tv;
        }
        return v0;
    }

    /** Counts each of {@code u}'s 8 bytes in the count of its radix pass ({@code count[b]} for byte b, low first). */
    private static void countBytes(int[][] count, long u) {
        for (int b = 0; b < 8; b++) {
            count[b][(int) ((u >>> (8 * b)) & 0xFF)]++;
        }
    }

    /**
     * Turns one radix pass's counts into the start of each digit's run, in place; false when one digit holds all
     * {@code n} keys (the pass would keep the order, so it is skipped).
     */
    private static boolean starts(int[] count, int n) {
        int sum = 0;
        boolean one = false;
        for (int d = 0; d < 256; d++) {
            int c = count[d];
            one |= c == n;
            count[d] = sum;
            sum += c;
        }
        return !one;
    }

    /** {@link #key} of float64 bits with the sign bit flipped (unsigned order is the sort order). */
    private static long keyD(long bits) {
        if ((bits & Long.MAX_VALUE) > 0x7ff0000000000000L) {
            return -1L;                                 // NaN: Long.MAX_VALUE ^ MIN_VALUE
        }
        long b = (bits & Long.MAX_VALUE) == 0 ? 0 : bits;
        return (b ^ ((b >> 63) & Long.MAX_VALUE)) ^ Long.MIN_VALUE;
    }

    /** {@link #key} of float32 bits (in the low 32 bits) with the sign bit flipped. */
    private static long keyF(long bits) {
        int x = (int) bits;
        if ((x & Integer.MAX_VALUE) > 0x7f800000) {
            return -1L;
        }
        int b = (x & Integer.MAX_VALUE) == 0 ? 0 : x;
        return ((long) (b ^ ((b >> 31) & Integer.MAX_VALUE))) ^ Long.MIN_VALUE;
    }

    /** Stable bottom-up merge sort of the positions {@code perm} by {@code (primary, secondary)} (secondary may be null). */
    static void mergeSort(int[] perm, int[] aux, long[] primary, long[] secondary) {
        int n = perm.length;
        // short runs by insertion sort, then merges of doubling width
        final int run = 16;
        for (int lo = 0; lo < n; lo += run) {
            int hi = Math.min(lo + run, n);
            for (int i = lo + 1; i < hi; i++) {
                int v = perm[i];
                int j = i - 1;
                while (j >= lo && less(v, perm[j], primary, secondary)) {
                    perm[j + 1] = perm[j];
                    j--;
                }
                perm[j + 1] = v;
            }
        }
        int[] src = perm;
        int[] dst = aux;
        for (int width = run; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    dst[k++] = less(src[j], src[i], primary, secondary) ? src[j++] : src[i++];
                }
                while (i < mid) {
                    dst[k++] = src[i++];
                }
                while (j < hi) {
                    dst[k++] = src[j++];
                }
            }
            int[] t = src;
            src = dst;
            dst = t;
        }
        if (src != perm) {
            System.arraycopy(src, 0, perm, 0, n);
        }
    }

    private static boolean less(int a, int b, long[] primary, long[] secondary) {
        long x = primary[a];
        long y = primary[b];
        if (x != y) {
            return x < y;
        }
        return secondary != null && secondary[a] < secondary[b];
    }

    // ------------------------------------------------------------------ SAMPLE, BUCKET_COUNT

    static void sample(TaskContext ctx) {
        SortArgs.Sample a = SortArgs.Sample.decode(ctx.scalars());
        Instance in = ctx.instance(a.in());
        Rect piece = ctx.piece(a.in());
        check1d("sample", piece);
        int s = a.samples();
        if (s < 0) {
            throw new IllegalArgumentException("sample: samples must be >= 0, got " + s);
        }
        long m = piece.volume();
        int points = Math.toIntExact(ctx.domain().volume());
        int t = (int) ctx.domain().linearize(ctx.point());
        Instance res = Instance.allocate(FieldType.INT64, Rect.ofExtents((long) points * (s + 1)));
        long[] r = res.longs();
        int base = t * (s + 1);
        if (m > 0) {
            int first = m > 0 ? in.index(piece.lo()) : 0;
            r[base] = s;
            for (int k = 0; k < s; k++) {
                long pos = (k + 1) * m / (s + 1);
                r[base + 1 + k] = key(in.type(), in.getBits(first + (int) pos));
            }
        }
        ctx.setResult(res);
    }

    static void bucketCount(TaskContext ctx) {
        SortArgs.BucketCount a = SortArgs.BucketCount.decode(ctx.scalars());
        Instance in = ctx.instance(a.in());
        Rect piece = ctx.piece(a.in());
        check1d("bucket count", piece);
        long[] sp = a.splitters();
        for (int j = 1; j < sp.length; j++) {
            if (sp[j] < sp[j - 1]) {
                throw new IllegalArgumentException("bucket count: splitters must ascend, got " + Arrays.toString(sp));
            }
        }
        int buckets = sp.length + 1;
        int points = Math.toIntExact(ctx.domain().volume());
        int t = (int) ctx.domain().linearize(ctx.point());
        Instance res = Instance.allocate(FieldType.INT64, Rect.ofExtents((long) points * buckets));
        long[] r = res.longs();
        int m = (int) piece.volume();
        int first = m > 0 ? in.index(piece.lo()) : 0;
        FieldType type = in.type();
        // bucket j ends after the last key <= splitters[j]: a binary search per splitter in the sorted piece
        int prev = 0;
        for (int j = 0; j < buckets; j++) {
            int end;
            if (j == buckets - 1) {
                end = m;
            } else {
                int lo = prev;
                int hi = m;
                while (lo < hi) {
                    int mid = (lo + hi) >>> 1;
                    if (key(type, in.getBits(first + mid)) <= sp[j]) {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                end = lo;
            }
            r[t * buckets + j] = end - prev;
            prev = end;
        }
        ctx.setResult(res);
    }

    // ------------------------------------------------------------------ COPY_RECTS, UNIQUE_FLAGS

    static void copyRects(TaskContext ctx) {
        SortArgs.CopyRects a = SortArgs.CopyRects.decode(ctx.scalars());
        Instance in = ctx.instance(a.in());
        Instance out = ctx.instance(a.out());
        Rect pi = ctx.piece(a.in());
        Rect po = ctx.piece(a.out());
        if (pi.volume() != po.volume()) {
            throw new IllegalArgumentException("copy rects: piece " + pi + " holds " + pi.volume() + " elements but "
                    + po + " holds " + po.volume());
        }
        if (in.type() != out.type()) {
            throw new IllegalArgumentException("copy rects: in is " + in.type() + " but out is " + out.type());
        }
        if (pi.isEmpty()) {
            return;
        }
        // rows along the last dimension of each side, walked together
        Lanes ri = Lanes.of(in, pi, pi.dim() - 1);
        Lanes ro = Lanes.of(out, po, po.dim() - 1);
        Object src = in.array();
        Object dst = out.array();
        int li = 0;
        int ki = 0;
        for (int l = 0; l < ro.count; l++) {
            int d = ro.start(l);
            int left = ro.length;
            while (left > 0) {
                int take = Math.min(left, ri.length - ki);
                System.arraycopy(src, ri.start(li) + ki, dst, d, take);
                d += take;
                left -= take;
                ki += take;
                if (ki == ri.length) {
                    ki = 0;
                    li++;
                }
            }
        }
    }

    static void uniqueFlags(TaskContext ctx) {
        SortArgs.UniqueFlags a = SortArgs.UniqueFlags.decode(ctx.scalars());
        Instance in = ctx.instance(a.in());
        Instance out = ctx.instance(a.out());
        Rect pi = ctx.piece(a.in());
        Rect po = ctx.piece(a.out());
        check1d("unique flags", po);
        if (out.type() != FieldType.BOOL) {
            throw new IllegalArgumentException("unique flags: out must be BOOL, got " + out.type());
        }
        if (!pi.contains(po)) {
            throw new IllegalArgumentException("unique flags: in piece " + pi + " must contain out piece " + po);
        }
        if (po.isEmpty()) {
            return;
        }
        FieldType type = in.type();
        byte[] o = out.bools();
        int oi = out.index(po.lo());
        long lo = po.lo(0);
        int ii = in.index(po.lo());
        boolean havePrev = lo - 1 >= pi.lo(0);
        long prev = havePrev ? key(type, in.getBits(ii - 1)) : 0;
        long n = po.volume();
        for (int k = 0; k < n; k++) {
            long cur = key(type, in.getBits(ii + k));
            o[oi + k] = (byte) (k == 0 && !havePrev || cur != prev ? 1 : 0);
            prev = cur;
        }
    }

    private static void check1d(String what, Rect piece) {
        if (piece.dim() != 1) {
            throw new IllegalArgumentException(what + ": the piece must be 1-d, got " + piece);
        }
    }
}
