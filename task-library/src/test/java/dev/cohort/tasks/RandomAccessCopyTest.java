package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import static dev.cohort.tasks.KernelHarness.launch;
import static dev.cohort.tasks.KernelHarness.load;
import static dev.cohort.tasks.KernelHarness.op;
import static dev.cohort.tasks.KernelHarness.replicated;
import static dev.cohort.tasks.KernelHarness.tiled;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Random affine accesses (permuted, strided, negative, offset, broadcast and integer-indexed
 * dimensions) over random 3-d iteration spaces and tiles: COPY/CONVERT and ADD read exactly the
 * elements {@link Access#apply} names, for every tile.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RandomAccessCopyTest {
    record Case(long[] shape, long[] tile, Access access, long[] storeShape, FieldType in, FieldType out) {
    }

    static Case randomCase(Random rnd) {
        long[] shape = new long[3];
        long[] tile = new long[3];
        for (int d = 0; d < 3; d++) {
            shape[d] = 1 + rnd.nextInt(5);
            tile[d] = 1 + rnd.nextInt((int) shape[d]);
        }
        // store dimensions: a permutation of some iteration dims, plus maybe an integer-indexed one
        int storeDims = 1 + rnd.nextInt(4);
        int[] perm = {0, 1, 2};
        for (int i = 2; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        int[] iterDim = new int[storeDims];
        long[] step = new long[storeDims];
        long[] start = new long[storeDims];
        long[] storeShape = new long[storeDims];
        int next = 0;
        for (int k = 0; k < storeDims; k++) {
            boolean indexed = next >= 3 || rnd.nextInt(4) == 0;
            if (indexed) {
                iterDim[k] = -1;
                step[k] = 1;
                storeShape[k] = 1 + rnd.nextInt(3);
                start[k] = rnd.nextInt((int) storeShape[k]);
            } else {
                int d = perm[next++];
                iterDim[k] = d;
                step[k] = (1 + rnd.nextInt(3)) * (rnd.nextBoolean() ? 1 : -1);
                long span = Math.abs(step[k]) * (shape[d] - 1);
                long pad = rnd.nextInt(3);
                storeShape[k] = span + 1 + pad + rnd.nextInt(2);
                start[k] = step[k] > 0 ? pad : pad + span;
            }
        }
        FieldType[] types = {FieldType.FLOAT64, FieldType.INT64, FieldType.INT32, FieldType.FLOAT32};
        return new Case(shape, tile, new Access(iterDim, step, start), storeShape, types[rnd.nextInt(types.length)],
                types[rnd.nextInt(types.length)]);
    }

    static Object data(FieldType t, int n) {
        return switch (t) {
            case FLOAT64 -> KernelHarness.doubles(n, i -> i * 1.0 + 0.25);
            case FLOAT32 -> {
                float[] f = new float[n];
                for (int i = 0; i < n; i++) {
                    f[i] = i + 0.25f;
                }
                yield f;
            }
            case INT64 -> KernelHarness.longs(n, i -> i);
            case INT32 -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = i;
                }
                yield v;
            }
            default -> throw new IllegalArgumentException();
        };
    }

    @Test
    void randomAccesses() {
        Random rnd = new Random(20240611);
        for (int c = 0; c < 40; c++) {
            Case k = randomCase(rnd);
            int shards = 1 + c % 3;
            Instance[] r = KernelHarness.run(shards, rt -> {
                IterSpace s = new IterSpace(k.shape, k.tile);
                int n = (int) Rect.ofExtents(k.storeShape).volume();
                Store in = load(rt, k.in, k.storeShape, data(k.in, n));
                Store copy = rt.createStore(Rect.ofExtents(k.shape), k.out);
                Store sum = rt.createStore(Rect.ofExtents(k.shape), FieldType.FLOAT64);
                rt.execute(tiled(replicated(launch(OpCode.CONVERT, s), in, Privilege.READ), copy, s, Privilege.WRITE_DISCARD)
                        .scalars(new Args.Copy(s, op(0, k.in, k.access), op(1, k.out, 3)).encode()).build());
                // in[access(i)] + copy[i] in float64: a strided operand next to a tiled one
                rt.execute(tiled(tiled(replicated(launch(OpCode.BINARY_OP, s), in, Privilege.READ), copy, s, Privilege.READ),
                        sum, s, Privilege.WRITE_DISCARD).scalars(new Args.Binary(BinaryOp.ADD, FieldType.FLOAT64, s,
                        op(0, k.in, k.access), op(1, k.out, 3), op(2, FieldType.FLOAT64, 3)).encode()).build());
                return new Instance[] {rt.read(copy), rt.read(sum)};
            });
            Rect storeRect = Rect.ofExtents(k.storeShape);
            Rect.ofExtents(k.shape).forEach(p -> {
                long[] sc = k.access.apply(p.toArray());
                long flat = storeRect.linearize(Point.of(sc));
                double v = k.in == FieldType.FLOAT64 || k.in == FieldType.FLOAT32 ? flat + 0.25 : flat;
                double expectedCopy = k.out == FieldType.INT64 || k.out == FieldType.INT32 ? Math.floor(v) : v;
                int idx = (int) Rect.ofExtents(k.shape).linearize(p);
                assertEquals(expectedCopy, r[0].type().toDouble(r[0].getBits(idx)), 0.0, k + " copy at " + p);
                assertEquals(v + expectedCopy, r[1].doubles()[idx], 0.0, k + " add at " + p);
            });
        }
    }
}
