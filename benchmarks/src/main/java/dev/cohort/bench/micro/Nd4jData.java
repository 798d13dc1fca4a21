package dev.cohort.bench.micro;

import dev.cohort.tasks.Nd4jGemm;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.transforms.floating.Sqrt;
import org.nd4j.linalg.api.ops.impl.transforms.strict.Exp;
import org.nd4j.linalg.factory.Nd4j;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * ND4J's side of {@link KernelBench}: INDArrays with the same sizes and values, outputs
 * preallocated. ND4J is first touched through {@link Nd4jGemm#available()}, which sets it to one
 * thread exactly as Cohort does (so ND4J runs as it does inside Cohort, and without the OpenMP
 * team's stalls on this 2-core machine).
 */
@State(Scope.Thread)
public class Nd4jData {
    @Param({"32768", "8388608"})
    public int elements;

    INDArray x;
    INDArray y;
    INDArray o;
    INDArray mat;
    INDArray w;
    INDArray z;
    INDArray r;
    INDArray g;

    @Setup(Level.Trial)
    public void setup() {
        if (!Nd4jGemm.available()) {
            throw new IllegalStateException("ND4J is not available");
        }
        int n = elements;
        int rows = n / KernelBench.COLS;
        double[] xa = new double[n];
        double[] ya = new double[n];
        KernelBench.fill(xa, ya);
        x = Nd4j.create(xa, new long[] {n}, DataType.DOUBLE);
        y = Nd4j.create(ya, new long[] {n}, DataType.DOUBLE);
        o = Nd4j.create(DataType.DOUBLE, n);
        mat = Nd4j.create(xa, new long[] {rows, KernelBench.COLS}, DataType.DOUBLE);
        double[] wa = new double[KernelBench.COLS];
        for (int j = 0; j < wa.length; j++) {
            wa[j] = 0.01 * (j - 16);
        }
        w = Nd4j.create(wa, new long[] {KernelBench.COLS, 1}, DataType.DOUBLE);
        double[] ra = new double[rows];
        for (int i = 0; i < rows; i++) {
            ra[i] = (i % 11) * 0.1 - 0.5;
        }
        r = Nd4j.create(ra, new long[] {rows, 1}, DataType.DOUBLE);
        z = Nd4j.create(DataType.DOUBLE, rows, 1);
        g = Nd4j.create(DataType.DOUBLE, KernelBench.COLS, 1);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        for (INDArray a : new INDArray[] {x, y, o, mat, w, z, r, g}) {
            a.close();
        }
    }

    Object exp() {
        return Nd4j.exec(new Exp(x, o));
    }

    Object sqrt() {
        return Nd4j.exec(new Sqrt(x, o));
    }

    double dot() {
        return Nd4j.getBlasWrapper().dot(x, y);
    }

    Object matvec() {
        return Nd4j.gemm(mat, w, z, false, false, 1.0, 0.0);
    }

    Object vecmat() {
        return Nd4j.gemm(mat, r, g, true, false, 1.0, 0.0);
    }
}
