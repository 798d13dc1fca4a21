package dev.cohort.tasks;

import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;

/**
 * GEMM over the (m, n, k) space: the point's A block (its rows, all of its k range) and B block
 * are gathered into dense row-major arrays (any strides and types, converted to the compute
 * type), multiplied, and the C block is written to out. FLOAT64/FLOAT32 blocks of at least
 * {@link #ND4J_MIN_VOLUME} multiply-adds go to ND4J (OpenBLAS, one thread; see {@link Nd4jGemm});
 * smaller ones go through {@link Reductions#gemmD} (per row of the product, the Vector API's {@code axpyRowsD} where
 * its gate is open, else the i-k-j loop: the same bits), and integer types use a plain i-k-j loop.
 * If the k dimension were tiled, each point would write its partial product, which is only
 * meaningful through a REDUCE(SUM) requirement.
 */
final class GemmKernel {
    private GemmKernel() {
    }

    /**
     * m*n*k from which FLOAT64/FLOAT32 products go to ND4J. Measured on a (m x 64) @ (64 x 64) product, one
     * shard, an eager {@code matmul} and a read-back: at m = 15 OpenBLAS took 9 (float64) and 6.4 us (float32)
     * against 13 and 24 us in Java (the vector row kernel); at m = 1 (4 096) the two were within 1 us in float64.
     */
    static final long ND4J_MIN_VOLUME = 16L * 16 * 16;

    /** System property: "false" keeps every product in Java (no ND4J load). */
    static final String ND4J_PROP_NAME = "cohort.tasks.nd4j";

    static void gemm(TaskContext ctx) {
        Args.Gemm args = Args.Gemm.decode(ctx.scalars());
        if (args.space().dim() != 3) {
            throw new IllegalArgumentException("GEMM needs an (m, n, k) iteration space, got " + args.space());
        }
        Tile t = Tile.of(ctx, args.space());
        if (t.empty) {
            if (t.ext[0] > 0 && t.ext[1] > 0) {
                // k == 0: the product is all zeros
                Tile.View out = t.view(args.out(), "GEMM out");
                Tile.Plan p = t.planDistinct(out);
                p.forEachRow((off, n) -> out.fillBits(off[0], p.inner[0], n, out.type.bitsOf(0L)));
            }
            return;
        }
        Tile.View va = t.view(args.a(), "GEMM a");
        Tile.View vb = t.view(args.b(), "GEMM b");
        Tile.View vo = t.view(args.out(), "GEMM out");
        if (vo.constant) {
            throw new IllegalArgumentException("GEMM out must be a store operand");
        }
        if (vo.stride[2] != 0) {
            throw new IllegalArgumentException("GEMM out must not follow the k dimension");
        }
        int m = Math.toIntExact(t.ext[0]);
        int n = Math.toIntExact(t.ext[1]);
        int k = Math.toIntExact(t.ext[2]);
        FieldType c = args.compute();
        if (Convert.integral(c)) {
            long[] a = new long[Math.multiplyExact(m, k)];
            long[] b = new long[Math.multiplyExact(k, n)];
            for (int i = 0; i < m; i++) {
                va.gatherL(va.base + i * va.stride[0], va.stride[2], a, i * k, k);
            }
            for (int l = 0; l < k; l++) {
                vb.gatherL(vb.base + l * vb.stride[2], vb.stride[1], b, l * n, n);
            }
            Convert.normalize(a, a.length, c);
            Convert.normalize(b, b.length, c);
            long[] o = new long[Math.multiplyExact(m, n)];
            for (int i = 0; i < m; i++) {
                int ci = i * n;
                for (int l = 0; l < k; l++) {
                    long x = a[i * k + l];
                    int bl = l * n;
                    for (int j = 0; j < n; j++) {
                        o[ci + j] += x * b[bl + j];
                    }
                }
            }
            Convert.normalize(o, o.length, c);
            for (int i = 0; i < m; i++) {
                vo.scatterL(vo.base + i * vo.stride[0], vo.stride[1], o, i * n, n);
            }
            return;
        }
        boolean nd4j = (long) m * n * k >= ND4J_MIN_VOLUME && !"false".equalsIgnoreCase(System.getProperty(ND4J_PROP_NAME));
        if (nd4j && c == FieldType.FLOAT64 && Nd4jGemm.dgemmInto(va, vb, vo, m, n, k)) {
            return;
        }
        if (nd4j && c == FieldType.FLOAT32 && Nd4jGemm.sgemmInto(va, vb, vo, m, n, k)) {
            return;
        }
        GemmBlocks buf = GemmBlocks.get();
        double[] a = buf.a(Math.multiplyExact(m, k));
        double[] b = buf.b(Math.multiplyExact(k, n));
        double[] o = buf.c(Math.multiplyExact(m, n));
        for (int i = 0; i < m; i++) {
            va.gatherD(va.base + i * va.stride[0], va.stride[2], a, i * k, k);
        }
        for (int l = 0; l < k; l++) {
            vb.gatherD(vb.base + l * vb.stride[2], vb.stride[1], b, l * n, n);
        }
        // a and b need no rounding to c: the compute type is the promotion of both operands' types, so each
        // gathered value is already one of c's
        java.util.Arrays.fill(o, 0.0);
        Reductions.gemmD(o, a, b, m, n, k);
        Convert.normalize(o, o.length, c);
        for (int i = 0; i < m; i++) {
            vo.scatterD(vo.base + i * vo.stride[0], vo.stride[1], o, i * n, n);
        }
    }

    /** Dense row-major {@code (m x k) * (k x n)} by the i-k-j loop. */
    static double[] multiply(double[] a, double[] b, int m, int n, int k) {
        double[] o = new double[Math.multiplyExact(m, n)];
        for (int i = 0; i < m; i++) {
            int ci = i * n;
            for (int l = 0; l < k; l++) {
                double x = a[i * k + l];
                int bl = l * n;
                for (int j = 0; j < n; j++) {
                    o[ci + j] += x * b[bl + j];
                }
            }
        }
        return o;
    }
}
