package dev.cohort.bench.micro;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.launch.Access;
import dev.cohort.tasks.Args;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.tasks.Nd4jGemm;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;

/**
 * {@code C = A @ B} for square float64 matrices of order {@code n} (one point, the whole (n, n, n)
 * space, as a one-tile GEMM launch runs it):
 * <ul>
 *   <li>{@code cohort_gemm}: the GEMM task on the instances' heap arrays, result in C's instance;</li>
 *   <li>{@code nd4j_gemm}: ND4J called directly on the same {@code double[]} data: {@code Nd4j.create}
 *       of A and B, {@code Nd4j.gemm} into a new row-major result, the product copied back into C's array (the target's reference: what
 *       a Java program holding these arrays pays to use ND4J);</li>
 *   <li>{@code nd4jmmul_gemm}: for information, BLAS alone: {@code Nd4j.gemm} on INDArrays built once,
 *       into a preallocated result (no data enters or leaves the JVM heap).</li>
 * </ul>
 * ND4J runs on one thread in all three (Cohort's setting, {@link Nd4jGemm#available()}).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class GemmBench {
    @Param({"512", "1024"})
    public int n;

    Instance a;
    Instance b;
    Instance c;
    PointTask gemm;
    INDArray xa;
    INDArray xb;
    INDArray xc;

    @Setup(Level.Trial)
    public void setup() {
        if (!Nd4jGemm.available()) {
            throw new IllegalStateException("ND4J is not available");
        }
        Rect r = Rect.ofExtents(n, n);
        a = Instance.allocate(FieldType.FLOAT64, r);
        b = Instance.allocate(FieldType.FLOAT64, r);
        c = Instance.allocate(FieldType.FLOAT64, r);
        double[] da = a.doubles();
        double[] db = b.doubles();
        for (int i = 0; i < da.length; i++) {
            da[i] = Math.sin(i);
            db[i] = Math.cos(i);
        }
        Access ai = new Access(new int[] {0, 2}, new long[] {1, 1}, new long[2]);
        Access bi = new Access(new int[] {2, 1}, new long[] {1, 1}, new long[2]);
        Access ci = new Access(new int[] {0, 1}, new long[] {1, 1}, new long[2]);
        byte[] args = new Args.Gemm(FieldType.FLOAT64, IterSpace.whole(n, n, n), new Operand.StoreOperand(0, FieldType.FLOAT64, ai),
                new Operand.StoreOperand(1, FieldType.FLOAT64, bi), new Operand.StoreOperand(2, FieldType.FLOAT64, ci)).encode();
        gemm = new PointTask(OpCode.GEMM, args, Point.of(0, 0, 0), a, b, c);
        xa = Nd4j.create(da, new long[] {n, n}, DataType.DOUBLE);
        xb = Nd4j.create(db, new long[] {n, n}, DataType.DOUBLE);
        xc = Nd4j.create(DataType.DOUBLE, n, n);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        xa.close();
        xb.close();
        xc.close();
    }

    @Benchmark
    public Object cohort_gemm() {
        gemm.run();
        return c;
    }

    @Benchmark
    public Object nd4j_gemm() {
        INDArray x = Nd4j.create(a.doubles(), new long[] {n, n}, DataType.DOUBLE);
        INDArray y = Nd4j.create(b.doubles(), new long[] {n, n}, DataType.DOUBLE);
        INDArray z = Nd4j.createUninitialized(DataType.DOUBLE, new long[] {n, n}, 'c');
        Nd4j.gemm(x, y, z, false, false, 1.0, 0.0);
        double[] out = c.doubles();
        z.data().asNioDouble().get(out);
        x.close();
        y.close();
        z.close();
        return out;
    }

    @Benchmark
    public Object nd4jmmul_gemm() {
        return Nd4j.gemm(xa, xb, xc, false, false, 1.0, 0.0);
    }
}
