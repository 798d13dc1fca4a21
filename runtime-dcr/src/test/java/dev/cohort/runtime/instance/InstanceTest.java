package dev.cohort.runtime.instance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.region.FieldType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InstanceTest {

    /** A distinct, exactly representable value per element index, as raw bits of {@code type}. */
    static long valueBits(FieldType type, long k) {
        return switch (type) {
            case FLOAT64 -> type.bitsOf(k * 1.5 - 1e6);
            case FLOAT32 -> type.bitsOf(k * 0.25 - 300.0);
            case INT64 -> (k << 33) ^ (k * 7919) ^ Long.MIN_VALUE;
            case INT32 -> (int) (k * 2654435761L);
            case BOOL -> k % 3 == 0 ? 1 : 0;
        };
    }

    /** Reads element {@code i} of a packed little-endian buffer as raw bits of {@code type}. */
    static long packedBits(FieldType type, ByteBuffer b, int i) {
        int at = i * type.size();
        return switch (type) {
            case FLOAT64, INT64 -> b.getLong(at);
            case FLOAT32, INT32 -> b.getInt(at);
            case BOOL -> b.get(at);
        };
    }

    static Rect randomRect(Random rnd, int dim) {
        long[] lo = new long[dim];
        long[] hi = new long[dim];
        for (int d = 0; d < dim; d++) {
            lo[d] = rnd.nextInt(9) - 4;
            hi[d] = lo[d] + 1 + rnd.nextInt(5);
        }
        return Rect.of(lo, hi);
    }

    /** A random non-empty sub-rectangle of {@code r}. */
    static Rect randomSubRect(Random rnd, Rect r) {
        long[] lo = new long[r.dim()];
        long[] hi = new long[r.dim()];
        for (int d = 0; d < r.dim(); d++) {
            lo[d] = r.lo(d) + rnd.nextInt((int) r.extent(d));
            hi[d] = lo[d] + rnd.nextInt((int) (r.hi(d) - lo[d] + 1));
        }
        return Rect.of(lo, hi);
    }

    static Instance filledWithDistinctValues(FieldType type, Rect rect, long seed) {
        Instance in = Instance.allocate(type, rect);
        for (int i = 0; i < in.size(); i++) {
            in.setBits(i, valueBits(type, seed + i));
        }
        return in;
    }

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void packUnpackRoundTripOverSubRects(FieldType type) {
        Random rnd = new Random(type.ordinal());
        for (int trial = 0; trial < 300; trial++) {
            int dim = 1 + trial % 3;
            Rect rect = randomRect(rnd, dim);
            Instance src = filledWithDistinctValues(type, rect, trial * 1000L);
            Rect sub = randomSubRect(rnd, rect);
            byte[] bytes = src.pack(sub);
            assertEquals(sub.volume() * type.size(), bytes.length);
            // little-endian, row-major over the sub-rectangle
            ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < sub.volume(); i++) {
                Point p = sub.delinearize(i);
                assertEquals(src.getBits(src.index(p)), packedBits(type, le, i), "element " + p + " of " + sub);
            }
            // into an instance over a different rectangle that contains sub
            long[] olo = new long[dim];
            long[] ohi = new long[dim];
            for (int d = 0; d < dim; d++) {
                olo[d] = sub.lo(d) - rnd.nextInt(3);
                ohi[d] = sub.hi(d) + rnd.nextInt(3);
            }
            Rect other = Rect.of(olo, ohi);
            Instance dst = Instance.allocate(type, other);
            ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            dst.unpack(sub, in);
            assertEquals(0, in.remaining(), "unpack consumes exactly the piece");
            other.forEach(p -> {
                long expected = sub.contains(p) ? src.getBits(src.index(p)) : 0;
                assertEquals(expected, dst.getBits(dst.index(p)), () -> type + " at " + p + " (sub " + sub + ")");
            });
            // packInto appends after what is already there
            ByteBuffer two = ByteBuffer.allocate(bytes.length + 3).order(ByteOrder.LITTLE_ENDIAN);
            two.put(new byte[] {7, 7, 7});
            src.packInto(sub, two);
            assertEquals(two.capacity(), two.position());
            byte[] tail = java.util.Arrays.copyOfRange(two.array(), 3, two.capacity());
            assertArrayEquals(bytes, tail);
        }
    }

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void copyFromBetweenInstancesOfDifferentRects(FieldType type) {
        Random rnd = new Random(100 + type.ordinal());
        for (int trial = 0; trial < 300; trial++) {
            int dim = 1 + trial % 3;
            Rect a = randomRect(rnd, dim);
            Rect b = randomRect(rnd, dim);
            Rect common = a.intersect(b);
            if (common.isEmpty()) {
                continue;
            }
            Rect r = randomSubRect(rnd, common);
            Instance src = filledWithDistinctValues(type, a, 1);
            Instance dst = filledWithDistinctValues(type, b, 5000);
            Instance before = filledWithDistinctValues(type, b, 5000);
            dst.copyFrom(src, r);
            b.forEach(p -> {
                long expected = r.contains(p) ? src.getBits(src.index(p)) : before.getBits(before.index(p));
                assertEquals(expected, dst.getBits(dst.index(p)), () -> type + " at " + p + " copying " + r);
            });
            if (!a.contains(b)) {
                assertThrows(IndexOutOfBoundsException.class, () -> dst.copyFrom(src, b), "source lacks part of " + b);
            }
        }
        FieldType otherType = type == FieldType.FLOAT64 ? FieldType.INT64 : FieldType.FLOAT64;
        Instance x = Instance.allocate(type, Rect.ofExtents(4));
        Instance y = Instance.allocate(otherType, Rect.ofExtents(4));
        assertThrows(IllegalArgumentException.class, () -> x.copyFrom(y, Rect.ofExtents(4)));
    }

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void fillSetsExactlyTheRect(FieldType type) {
        Rect rect = Rect.of(new long[] {-2, 1, 0}, new long[] {2, 4, 3});
        Instance in = filledWithDistinctValues(type, rect, 9);
        Instance orig = filledWithDistinctValues(type, rect, 9);
        Rect r = Rect.of(new long[] {-1, 2, 1}, new long[] {1, 4, 1});
        long bits = type.bitsOf(1.0);
        in.fill(r, bits);
        rect.forEach(p -> assertEquals(r.contains(p) ? bits : orig.getBits(orig.index(p)), in.getBits(in.index(p)),
                () -> type + " at " + p));
        assertThrows(IndexOutOfBoundsException.class, () -> in.fill(rect.bloat(new long[] {0, 1, 0}), bits));
        in.fill(Rect.of(new long[] {0, 2, 2}, new long[] {-1, 2, 2}), 0); // empty: no-op
        assertEquals(bits, in.getBits(in.index(Point.of(0, 2, 1))));
    }

    @Test
    void indexAndStridesAreRowMajor() {
        Rect rect = Rect.of(new long[] {3, -1, 10}, new long[] {5, 2, 14});
        Instance in = Instance.allocate(FieldType.INT32, rect);
        assertEquals(60, in.size());
        assertEquals(20, in.stride(0));
        assertEquals(5, in.stride(1));
        assertEquals(1, in.stride(2));
        rect.forEach(p -> assertEquals(rect.linearize(p), in.index(p)));
        assertEquals(0, in.index(Point.of(3, -1, 10)));
        assertEquals(59, in.index(Point.of(5, 2, 14)));
        assertThrows(IndexOutOfBoundsException.class, () -> in.index(Point.of(6, 0, 10)));
        assertThrows(IndexOutOfBoundsException.class, () -> in.index(Point.of(3, -2, 10)));
        assertEquals(rect, in.rect());
        assertEquals(FieldType.INT32, in.type());
    }

    @Test
    void typedAccessorsAndValues() {
        Instance d = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(3));
        d.doubles()[1] = 2.5;
        assertEquals(2.5, d.getDouble(Point.of(1)));
        assertEquals(Double.doubleToRawLongBits(2.5), d.getBits(1));
        assertThrows(IllegalStateException.class, d::ints);
        Instance f = Instance.allocate(FieldType.FLOAT32, Rect.ofExtents(2));
        f.setBits(0, FieldType.FLOAT32.bitsOf(-0.75));
        assertEquals(-0.75f, f.floats()[0]);
        assertEquals(-0.75, f.getDouble(Point.of(0)));
        Instance b = Instance.allocate(FieldType.BOOL, Rect.ofExtents(2));
        b.setBits(1, 1);
        assertEquals(1, b.bools()[1]);
        assertEquals(1.0, b.getDouble(Point.of(1)));
        Instance l = Instance.allocate(FieldType.INT64, Rect.ofExtents(1));
        l.setBits(0, Long.MIN_VALUE);
        assertEquals(Long.MIN_VALUE, l.longs()[0]);
        assertNotEquals(d.uid(), f.uid());
        assertTrue(d.array() instanceof double[]);
        assertTrue(d.toString().contains("FLOAT64"), d.toString());
    }

    @Test
    void unpackRejectsAShortBuffer() {
        Instance in = Instance.allocate(FieldType.FLOAT64, Rect.ofExtents(4));
        ByteBuffer shortBuf = ByteBuffer.allocate(3 * 8).order(ByteOrder.LITTLE_ENDIAN);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> in.unpack(Rect.ofExtents(4), shortBuf));
        assertTrue(e.getMessage().contains("32"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> in.pack(Rect.ofExtents(5)));
    }
}
