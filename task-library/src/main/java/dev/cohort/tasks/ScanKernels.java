package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

/**
 * The CPU kernels of distributed scans ({@code cumsum}, {@code cumprod}: per-tile scan, an exclusive scan of the
 * tiles' totals, then a second launch adding each tile's offset) and of boolean-mask selection / {@code nonzero}
 * (count per tile, a prefix sum, then each tile writes its selected elements at its offset): SCAN, ADD_OFFSET,
 * MASK_COUNT, MASK_COMPACT. Arguments and semantics: {@link SortArgs}.
 */
public final class ScanKernels {
    private ScanKernels() {
    }

    /**
     * NumPy's dtype of {@code cumsum}/{@code cumprod} of {@code in} without a {@code dtype} argument: bool, int32
     * and int64 give int64 (the platform integer), float32 stays float32, float64 stays float64.
     */
    public static FieldType scanType(FieldType in) {
        return switch (in) {
            case BOOL, INT32, INT64 -> FieldType.INT64;
            case FLOAT32 -> FieldType.FLOAT32;
            case FLOAT64 -> FieldType.FLOAT64;
        };
    }

    /**
     * The offsets ADD_OFFSET needs, identical on every shard: {@code totals} is SCAN's future (raw bits of
     * {@code type}, {@code lanes} per launch point, points row-major over a launch domain of {@code extents}); the
     * offset of point {@code p} is the fold with {@code op}, in {@code type}'s arithmetic and in order along
     * {@code axis}, of the totals of the points before it along that axis (same other coordinates). Points first
     * along the axis get none (ADD_OFFSET leaves them; their slots hold the identity).
     */
    public static long[] exclusiveOffsets(long[] totals, long[] extents, int axis, int lanes, FieldType type,
                                          SortArgs.ScanOp op) {
        long points = 1;
        for (long e : extents) {
            points *= e;
        }
        if (totals.length != points * lanes) {
            throw new IllegalArgumentException("totals hold " + totals.length + " slots, expected " + points + " points * "
                    + lanes + " lanes");
        }
        long[] off = new long[totals.length];
        long stride = 1;
        for (int d = extents.length - 1; d > axis; d--) {
            stride *= extents[d];
        }
        long identity = op == SortArgs.ScanOp.SUM ? type.bitsOf(0L) : type.bitsOf(1L);
        for (long p = 0; p < points; p++) {
            long along = (p / stride) % extents[axis];
            for (int l = 0; l < lanes; l++) {
                int at = (int) (p * lanes + l);
                if (along == 0) {
                    off[at] = identity;
                } else {
                    int prev = (int) ((p - stride) * lanes + l);
                    off[at] = along == 1 ? totals[prev] : combine(type, op, off[prev], totals[prev]);
                }
            }
        }
        return off;
    }

    /** {@code a op b} on raw bits of {@code type}, in that type's arithmetic (integers wrap). */
    static long combine(FieldType type, SortArgs.ScanOp op, long a, long b) {
        boolean sum = op == SortArgs.ScanOp.SUM;
        return switch (type) {
            case FLOAT64 -> {
                double x = Double.longBitsToDouble(a);
                double y = Double.longBitsToDouble(b);
                yield Double.doubleToRawLongBits(sum ? x + y : x * y);
            }
            case FLOAT32 -> {
                float x = Float.intBitsToFloat((int) a);
                float y = Float.intBitsToFloat((int) b);
                yield Float.floatToRawIntBits(sum ? x + y : x * y);
            }
            case INT64 -> sum ? a + b : a * b;
            case INT32 -> (int) (sum ? a + b : a * b);
            case BOOL -> throw new IllegalArgumentException("scan into bool is not supported");
        };
    }

    // ------------------------------------------------------------------ SCAN, ADD_OFFSET

    static void scan(TaskContext ctx) {
        SortArgs.Scan a = SortArgs.Scan.decode(ctx.scalars());
        Instance in = ctx.instance(a.in());
        Instance out = ctx.instance(a.out());
        Rect pin = ctx.piece(a.in());
        Rect pout = ctx.piece(a.out());
        Lanes.checkSameExtents("scan", pin, pout);
        FieldType ot = out.type();
        if (ot == FieldType.BOOL) {
            throw new IllegalArgumentException("scan: out dtype bool is not supported (NumPy's cumsum of bool is int64)");
        }
        Lanes li = Lanes.of(in, pin, a.axis());
        Lanes lo = Lanes.of(out, pout, a.axis());
        if (li.count > a.lanes()) {
            throw new IllegalArgumentException("scan: the piece " + pin + " has " + li.count + " lanes along axis "
                    + a.axis() + " but the result holds " + a.lanes() + " per point");
        }
        boolean sum = a.op() == SortArgs.ScanOp.SUM;
        int points = Math.toIntExact(ctx.domain().volume());
        int t = (int) ctx.domain().linearize(ctx.point());
        Instance res = Instance.allocate(FieldType.INT64, Rect.ofExtents((long) points * a.lanes()));
        long[] r = res.longs();
        FieldType it = in.type();
        int n = li.length;
        for (int l = 0; l < li.count; l++) {
            int s = li.start(l);
            int d = lo.start(l);
            long totalBits;
            switch (ot) {
                case FLOAT64 -> {
                    double[] o = out.doubles();
                    double acc = sum ? 0 : 1;
                    for (int k = 0; k < n; k++) {
                        double v = it.toDouble(in.getBits(s + k * li.stride));
                        acc = k == 0 ? v : sum ? acc + v : acc * v;
                        o[d + k * lo.stride] = acc;
                    }
                    totalBits = Double.doubleToRawLongBits(acc);
                }
                case FLOAT32 -> {
                    float[] o = out.floats();
                    float acc = sum ? 0 : 1;
                    for (int k = 0; k < n; k++) {
                        float v = (float) it.toDouble(in.getBits(s + k * li.stride));
                        acc = k == 0 ? v : sum ? acc + v : acc * v;
                        o[d + k * lo.stride] = acc;
                    }
                    totalBits = Float.floatToRawIntBits(acc);
                }
                default -> {
                    boolean fromFloat = it == FieldType.FLOAT64 || it == FieldType.FLOAT32;
                    long acc = sum ? 0 : 1;
                    for (int k = 0; k < n; k++) {
                        long bits = in.getBits(s + k * li.stride);
                        long v = fromFloat ? (long) it.toDouble(bits) : it == FieldType.BOOL ? (bits != 0 ? 1 : 0) : bits;
                        acc = k == 0 ? v : sum ? acc + v : acc * v;
                        if (ot == FieldType.INT32) {
                            acc = (int) acc;
                        }
                        out.setBits(d + k * lo.stride, acc);
                    }
                    totalBits = ot.bitsOf(acc);
                }
            }
            r[t * a.lanes() + l] = totalBits;
        }
        ctx.setResult(res);
    }

    static void addOffset(TaskContext ctx) {
        SortArgs.AddOffset a = SortArgs.AddOffset.decode(ctx.scalars());
        if (ctx.domain().dim() > a.axis() && ctx.point().get(a.axis()) == ctx.domain().lo(a.axis())) {
            return; // the first tile along the axis has nothing before it
        }
        Instance out = ctx.instance(a.out());
        Rect piece = ctx.piece(a.out());
        Lanes lo = Lanes.of(out, piece, a.axis());
        long[] off = a.offset();
        int points = Math.toIntExact(ctx.domain().volume());
        if (off.length % points != 0) {
            throw new IllegalArgumentException("add offset: " + off.length + " offsets for " + points + " points");
        }
        int lanes = off.length / points;
        if (lo.count > lanes) {
            throw new IllegalArgumentException("add offset: the piece " + piece + " has " + lo.count + " lanes but "
                    + lanes + " offsets per point were given");
        }
        int t = (int) ctx.domain().linearize(ctx.point());
        FieldType ot = out.type();
        int n = lo.length;
        for (int l = 0; l < lo.count; l++) {
            long o = off[t * lanes + l];
            int d = lo.start(l);
            switch (ot) {
                case FLOAT64 -> {
                    double[] x = out.doubles();
                    double v = Double.longBitsToDouble(o);
                    for (int k = 0; k < n; k++) {
                        int i = d + k * lo.stride;
                        x[i] = a.op() == SortArgs.ScanOp.SUM ? v + x[i] : v * x[i];
                    }
                }
                case FLOAT32 -> {
                    float[] x = out.floats();
                    float v = Float.intBitsToFloat((int) o);
                    for (int k = 0; k < n; k++) {
                        int i = d + k * lo.stride;
                        x[i] = a.op() == SortArgs.ScanOp.SUM ? v + x[i] : v * x[i];
                    }
                }
                default -> {
                    for (int k = 0; k < n; k++) {
                        int i = d + k * lo.stride;
                        out.setBits(i, combine(ot, a.op(), o, out.getBits(i)));
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------ MASK_COUNT, MASK_COMPACT

    static boolean truth(FieldType type, long bits) {
        return switch (type) {
            case FLOAT64 -> Double.longBitsToDouble(bits) != 0;
            case FLOAT32 -> Float.intBitsToFloat((int) bits) != 0;
            default -> bits != 0;
        };
    }

    static void maskCount(TaskContext ctx) {
        SortArgs.MaskCount a = SortArgs.MaskCount.decode(ctx.scalars());
        Instance m = ctx.instance(a.mask());
        Rect piece = ctx.piece(a.mask());
        long count = 0;
        if (!piece.isEmpty()) {
            Lanes lm = Lanes.of(m, piece, piece.dim() - 1);
            FieldType type = m.type();
            if (type == FieldType.BOOL) {
                byte[] b = m.bools();
                for (int l = 0; l < lm.count; l++) {
                    count += Reductions.countTrueZ(b, lm.start(l), lm.length);
                }
            } else {
                for (int l = 0; l < lm.count; l++) {
                    int s = lm.start(l);
                    for (int k = 0; k < lm.length; k++) {
                        count += truth(type, m.getBits(s + k)) ? 1 : 0;
                    }
                }
            }
        }
        int points = Math.toIntExact(ctx.domain().volume());
        Instance res = Instance.allocate(FieldType.INT64, Rect.ofExtents(points));
        res.longs()[(int) ctx.domain().linearize(ctx.point())] = count;
        ctx.setResult(res);
    }

    static void maskCompact(TaskContext ctx) {
        SortArgs.MaskCompact a = SortArgs.MaskCompact.decode(ctx.scalars());
        Instance m = ctx.instance(a.mask());
        Rect pm = ctx.piece(a.mask());
        Instance out = ctx.instance(a.out());
        Rect po = ctx.piece(a.out());
        if (po.dim() != 1) {
            throw new IllegalArgumentException("mask compact: out piece must be 1-d, got " + po);
        }
        Instance in = a.in() >= 0 ? ctx.instance(a.in()) : null;
        Lanes lm = Lanes.of(m, pm, Math.max(pm.dim() - 1, 0));
        Lanes li = null;
        if (in != null) {
            Lanes.checkSameExtents("mask compact", pm, ctx.piece(a.in()));
            li = Lanes.of(in, ctx.piece(a.in()), Math.max(pm.dim() - 1, 0));
        } else {
            if (out.type() != FieldType.INT64) {
                throw new IllegalArgumentException("mask compact: coordinates go to an INT64 out, got " + out.type());
            }
            if (a.dim() < 0 || a.dim() >= pm.dim()) {
                throw new IllegalArgumentException("mask compact: dimension " + a.dim() + " is out of bounds for a "
                        + pm.dim() + "-d mask");
            }
        }
        long room = po.volume();
        int o = po.isEmpty() ? 0 : out.index(po.lo());
        long written = 0;
        FieldType mt = m.type();
        FieldType ot = out.type();
        if (in != null && mt == FieldType.BOOL && in.type() == ot) {
            // a bool mask over values of out's type: each run of true bytes is one arraycopy (element by element through
            // getBits, convert and setBits, a[mask] of 1e5 float64 took 7.7 us per 1e3 elements, NumPy 0.34)
            written = compactRuns(m.bools(), lm, in.array(), li, out.array(), o, room, pm, po);
        } else if (in == null && mt == FieldType.BOOL && a.dim() == pm.dim() - 1) {
            written = coordinatesOfTrue(m.bools(), lm, out.longs(), o, room, pm, po);
        } else {
            written = compactEach(a, m, lm, in, li, out, o, room, pm, po);
        }
        if (written != room) {
            throw new IllegalArgumentException("mask compact: piece " + pm + " selects " + written
                    + " elements but its out piece " + po + " holds " + room);
        }
    }

    /** {@link #maskCompact} of a bool mask over values of out's type: the runs of true bytes, copied. Returns the count. */
    private static long compactRuns(byte[] mz, Lanes lm, Object src, Lanes li, Object dst, int o, long room, Rect pm, Rect po) {
        long written = 0;
        int len = lm.length;
        for (int l = 0; l < lm.count; l++) {
            int s = lm.start(l);
            int si = li.start(l);
            int k = 0;
            while (k < len) {
                while (k < len && mz[s + k] == 0) {
                    k++;
                }
                int k0 = k;
                while (k < len && mz[s + k] != 0) {
                    k++;
                }
                int run = k - k0;
                if (run == 0) {
                    continue;
                }
                if (written + run > room) {
                    throw new IllegalArgumentException("mask compact: piece " + pm + " selects more than the "
                            + room + " elements of its out piece " + po);
                }
                System.arraycopy(src, si + k0, dst, o + (int) written, run);
                written += run;
            }
        }
        return written;
    }

    /** {@link #maskCompact} element by element: any mask type, conversions, or coordinates instead of values. Returns the count. */
    /**
     * {@link #maskCompact} of a bool mask into its coordinates along the last dimension ({@code nonzero} of a 1-d mask):
     * each lane's positions written one after the other, the count advanced by the mask's byte (0 or 1) without a
     * branch on it. Returns the count. Measured (1e5 random bools, half true): 600 -> 90 us, where getBits, the truth
     * test and setBits per element mispredicted on every other element.
     */
    private static long coordinatesOfTrue(byte[] mz, Lanes lm, long[] dst, int o, long room, Rect pm, Rect po) {
        int len = lm.length;
        int last = pm.dim() - 1;
        long base = pm.isEmpty() ? 0 : pm.lo(last);
        int end = o + (int) room;
        int w = o;
        for (int l = 0; l < lm.count; l++) {
            int s = lm.start(l);
            int k = 0;
            for (; k < len && w < end; k++) {
                dst[w] = base + k;              // overwritten by the next true element when this one is false
                w += mz[s + k];
            }
            for (; k < len; k++) {
                if (mz[s + k] != 0) {
                    throw new IllegalArgumentException("mask compact: piece " + pm + " selects more than the "
                            + room + " elements of its out piece " + po);
                }
            }
        }
        return w - o;
    }

    private static long compactEach(SortArgs.MaskCompact a, Instance m, Lanes lm, Instance in, Lanes li, Instance out, int o,
                                    long room, Rect pm, Rect po) {
        long written = 0;
        FieldType mt = m.type();
        FieldType ot = out.type();
        for (int l = 0; l < lm.count; l++) {
            int s = lm.start(l);
            for (int k = 0; k < lm.length; k++) {
                if (!truth(mt, m.getBits(s + k))) {
                    continue;
                }
                if (written == room) {
                    throw new IllegalArgumentException("mask compact: piece " + pm + " selects more than the "
                            + room + " elements of its out piece " + po);
                }
                long v;
                if (in != null) {
                    v = ViewTasks.convert(in.type(), in.getBits(li.start(l) + k), ot);
                } else {
                    v = a.dim() == pm.dim() - 1 ? pm.lo(a.dim()) + k : laneCoord(pm, l, a.dim());
                }
                out.setBits(o + (int) written, v);
                written++;
            }
        }
        return written;
    }

    /** Coordinate along {@code dim} (not the last) of lane {@code l} of {@code piece}'s lanes along its last dimension. */
    private static long laneCoord(Rect piece, int l, int dim) {
        long rest = l;
        for (int d = piece.dim() - 2; d > dim; d--) {
            rest /= piece.extent(d);
        }
        return piece.lo(dim) + rest % piece.extent(dim);
    }
}
