package dev.cohort.gpu;

import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.RandDist;
import dev.cohort.tasks.TileAccess;
import java.util.Map;
import jcuda.driver.CUdeviceptr;

/**
 * The GPU variant of RAND ({@code Generator.random / uniform / integers}): task-library's {@code DataKernels.rand}
 * bit for bit. Element {@code i} of the iteration space (flat row-major index, so independent of tiling and shards)
 * takes Philox4x32-10 ({@code Philox4x32}) of counter (index lo, index hi, stream lo, stream hi) under key
 * (seed lo, seed hi); with {@code toUnit(w0, w1)} = the top 53 bits of (w0, w1) times 2^-53:
 * <ul>
 *   <li>UNIFORM: {@code lo + toUnit * (hi - lo)} (no FMA: the build's {@code -fmad=false}), stored as
 *       {@code Tile.View.setD};</li>
 *   <li>INTEGERS: {@code (long) lo + (long) floor(toUnit * (hi - lo))} (Java's saturating casts, wrapping add),
 *       stored as {@code setL}.</li>
 * </ul>
 * <b>CPU fallback:</b> NORMAL (Box-Muller with {@code Math.log} and {@code Math.cos}: CUDA's {@code log}/{@code cos}
 * may differ from the JVM's by an ulp, so the bits would not be the CPU's), empty tiles, a constant out (the CPU
 * variant throws).
 */
final class RandGpu {
    private RandGpu() {
    }

    static void variants(GpuDevice device, Map<OpCode, TaskBody> into) {
        into.put(OpCode.RAND, ctx -> rand(device, ctx));
    }

    static void rand(GpuDevice dev, TaskContext ctx) {
        Args.Rand args = Args.Rand.decode(ctx.scalars());
        if (args.dist() == RandDist.NORMAL || args.out() instanceof Operand.Const) {
            ReductionGpu.fallBack(OpCode.RAND, ctx);
            return;
        }
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty()) {
            ReductionGpu.fallBack(OpCode.RAND, ctx);
            return;
        }
        TileAccess.Resolved out = t.resolve(args.out(), "RAND out");
        TileAccess.Resolved index = ReductionGpu.candidate(t, -1);
        TileShape s = TileShape.of(t, out, index);
        boolean covers = ReductionGpu.injective(s.extent(), s.stride(0))
                && s.volume() == ctx.instance(out.requirement()).size();
        try (Staging st = new Staging(dev, ctx)) {
            CUdeviceptr po = st.out(out.requirement(), covers);
            KernelArgs k = new KernelArgs().shape(s).operand(s, 0, po).struct(s.opdStruct(1))
                    .i32(args.dist() == RandDist.INTEGERS ? 2 : 0).i64(args.seed()).i64(args.stream())
                    .f64(args.lo()).f64(args.hi());
            dev.launch("cohort_random_rand", s.volume(), k);
            st.finish();
        }
        GpuTasks.ranOnGpu();
    }
}
