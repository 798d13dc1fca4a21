package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Tiling;

import java.util.ArrayList;
import java.util.List;

/**
 * The work of each point task of a launch, as the {@link CostModel} prices it ({@link Calibration.KernelCost}):
 * {@code points}, the volume of the point's tile of the iteration space, and {@code bytes}, the bytes of the pieces
 * of every operand the point touches (its tile of a tiled store, the whole store of a replicated one), exactly as
 * {@link GraphBuilder} computes them. {@code bin/cohort calibrate} fits kernel costs against these numbers, so the
 * fitted costs mean what the simulator reads them as.
 *
 * @param taskId the launch's task (op code)
 * @param type   the element type the cost model keys the kernel by: operand 0's
 * @param points iteration points of the point's tile
 * @param rows   rows of the point's largest piece (its volume over its last extent; 1 for a 0-d or empty piece): the
 *               kernels walk pieces row by row, and each row costs its loop's set-up
 * @param bytes  bytes of the pieces the point touches
 * @param transposed whether the launch's largest operand is read transposed (its store's dimensions are not in the
 *               iteration space's order, as {@code A.T @ y} reads A): such kernels have their own calibration line
 */
public record PointWork(int taskId, dev.cohort.runtime.region.FieldType type, long points, long rows, long bytes,
                        boolean transposed) {
    /**
     * The work of each point task of {@code r}, in the launch domain's row-major order; a one-point launch whose
     * stores are all replicated (which runs on every shard) counts once.
     */
    public static List<PointWork> of(LaunchRecord r) {
        Strategy st = r.strategy();
        Rect domain = st.launchDomain();
        long volume = domain.volume();
        List<PointWork> out = new ArrayList<>((int) Math.min(volume, 1 << 16));
        for (long i = 0; i < volume; i++) {
            Point p = domain.delinearize(i);
            out.add(new PointWork(r.taskId(), r.type(0), points(st.space(), p), rows(r, p), bytes(r, p), transposed(r)));
        }
        return out;
    }

    /** Iteration points of the tile of {@code space} at launch point {@code p}. */
    static long points(IterSpace space, Point p) {
        long v = 1;
        for (long e : space.extent(p)) {
            v *= e;
        }
        return v;
    }

    /**
     * Whether the largest operand of {@code r} (by store volume; the first of equals) is read transposed: the
     * iteration dimensions its store dimensions follow are not increasing.
     */
    public static boolean transposed(LaunchRecord r) {
        List<dev.cohort.partitioner.Operation.Operand> ops = r.operation().operands();
        int largest = 0;
        for (int k = 1; k < ops.size(); k++) {
            if (ops.get(k).bounds().volume() > ops.get(largest).bounds().volume()) {
                largest = k;
            }
        }
        int[] dims = ops.get(largest).access().iterDim();
        for (int d = 1; d < dims.length; d++) {
            if (dims[d] >= 0 && dims[d - 1] >= 0 && dims[d] < dims[d - 1]) {
                return true;
            }
        }
        return false;
    }

    /** Rows of the largest piece (by volume; the first of equals) that launch point {@code p} of {@code r} touches. */
    static long rows(LaunchRecord r, Point p) {
        Strategy st = r.strategy();
        Rect largest = null;
        for (int k = 0; k < r.operation().operands().size(); k++) {
            Rect piece = piece(st, k, p, r.operation().operands().get(k).bounds());
            if (largest == null || piece.volume() > largest.volume()) {
                largest = piece;
            }
        }
        return largest == null ? 1 : rows(largest);
    }

    /** Rows of {@code piece} in row-major order: its volume over its last extent; 1 for a 0-d or empty piece. */
    static long rows(Rect piece) {
        if (piece.dim() == 0 || piece.isEmpty()) {
            return 1;
        }
        return piece.volume() / piece.extent(piece.dim() - 1);
    }

    /** Bytes of the pieces of every operand of {@code r} that launch point {@code p} touches. */
    static long bytes(LaunchRecord r, Point p) {
        Strategy st = r.strategy();
        long bytes = 0;
        for (int k = 0; k < r.operation().operands().size(); k++) {
            bytes += piece(st, k, p, r.operation().operands().get(k).bounds()).volume() * r.type(k).size();
        }
        return bytes;
    }

    /** The piece of operand {@code k} (store {@code bounds}) that launch point {@code p} touches, halo included. */
    static Rect piece(Strategy st, int k, Point p, Rect bounds) {
        Partition part = st.partition(k);
        return part instanceof Tiling t ? t.piece(st.projection(k).apply(p), bounds) : bounds;
    }
}
