package dev.cohort.runtime;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskRegistry;

/** Small CPU tasks used by the runtime tests. */
final class TestTasks {
    /** out[x] = 1000 * scalar + sum_d (d + 1) * x_d  (WRITE_DISCARD, requirement 0). */
    static final int INIT = 1000;
    /** 1-d three-point stencil: out[i] = in[i-1] + 2 in[i] + in[i+1] within bounds (req 0 READ with halo 1, req 1 WRITE). */
    static final int STENCIL = 1001;
    /** acc[0] += sum of the piece (req 0 READ, req 1 REDUCE(SUM) replicated, 1 element). */
    static final int SUM_INTO = 1002;
    /** result = sum of a[i] * b[i] over the piece (req 0, 1 READ). */
    static final int DOT = 1003;
    /** x[i] = x[i] * scalar (READ_WRITE, req 0). */
    static final int SCALE = 1004;
    /** INIT, except that the point task whose first coordinate is the scalar's second value throws (req 0 WRITE_DISCARD). */
    static final int INIT_FAILING_AT = 1005;

    private TestTasks() {
    }

    static TaskRegistry registry() {
        TaskRegistry r = new TaskRegistry();
        r.register(INIT, "init", ProcessorKind.CPU, ctx -> {
            Instance out = ctx.instance(0);
            double s = ctx.scalars().getDouble();
            ctx.piece(0).forEach(p -> out.setBits(out.index(p), Double.doubleToRawLongBits(init(p, s))));
        });
        r.register(STENCIL, "stencil", ProcessorKind.CPU, ctx -> {
            Instance in = ctx.instance(0);
            Instance out = ctx.instance(1);
            Rect have = in.rect();
            ctx.piece(1).forEach(p -> {
                long i = p.get(0);
                double v = 2 * in.getDouble(p);
                if (have.contains(Point.of(i - 1))) {
                    v += in.getDouble(Point.of(i - 1));
                }
                if (have.contains(Point.of(i + 1))) {
                    v += in.getDouble(Point.of(i + 1));
                }
                out.doubles()[out.index(p)] = v;
            });
        });
        r.register(SUM_INTO, "sum_into", ProcessorKind.CPU, ctx -> {
            Instance in = ctx.instance(0);
            double[] acc = ctx.instance(1).doubles();
            ctx.piece(0).forEach(p -> acc[0] += in.getDouble(p));
        });
        r.register(DOT, "dot", ProcessorKind.CPU, ctx -> {
            Instance a = ctx.instance(0);
            Instance b = ctx.instance(1);
            double[] s = {0};
            ctx.piece(0).forEach(p -> s[0] += a.getDouble(p) * b.getDouble(p));
            ctx.setResult(s[0]);
        });
        r.register(SCALE, "scale", ProcessorKind.CPU, ctx -> {
            Instance x = ctx.instance(0);
            double f = ctx.scalars().getDouble();
            ctx.piece(0).forEach(p -> x.doubles()[x.index(p)] *= f);
        });
        r.register(INIT_FAILING_AT, "init_failing_at", ProcessorKind.CPU, ctx -> {
            Instance out = ctx.instance(0);
            java.nio.ByteBuffer b = ctx.scalars();
            double s = b.getDouble();
            long failAt = b.getLong();
            if (ctx.point().get(0) == failAt) {
                throw new ArithmeticException("boom at point " + failAt);
            }
            ctx.piece(0).forEach(p -> out.setBits(out.index(p), Double.doubleToRawLongBits(init(p, s))));
        });
        return r;
    }

    static double init(Point p, double s) {
        double v = 1000 * s;
        for (int d = 0; d < p.dim(); d++) {
            v += (d + 1) * p.get(d);
        }
        return v;
    }

    static byte[] scalar(double v) {
        return java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putDouble(v).array();
    }
}
