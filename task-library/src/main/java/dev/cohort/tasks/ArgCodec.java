package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import dev.cohort.runtime.region.FieldType;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Little-endian writer and reader of task arguments (launch scalars); created per launch, not shared. */
final class ArgCodec {
    private ArgCodec() {
    }

    /** Accumulates arguments; {@link #bytes()} returns the encoded scalars. */
    static final class Writer {
        private static final java.lang.invoke.VarHandle INT =
                java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
        private static final java.lang.invoke.VarHandle LONG =
                java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
        /** Little-endian bytes written so far: {@code buf[0, size)}. */
        private byte[] buf = new byte[256];
        private int size;

        private void reserve(int n) {
            if (size + n > buf.length) {
                buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
            }
        }

        Writer i32(int v) {
            reserve(4);
            INT.set(buf, size, v);
            size += 4;
            return this;
        }

        Writer i64(long v) {
            reserve(8);
            LONG.set(buf, size, v);
            size += 8;
            return this;
        }

        Writer f64(double v) {
            return i64(Double.doubleToRawLongBits(v));
        }

        Writer type(FieldType t) {
            return i32(t.ordinal());
        }

        Writer longs(long[] v) {
            i32(v.length);
            for (long x : v) {
                i64(x);
            }
            return this;
        }

        Writer ints(int[] v) {
            i32(v.length);
            for (int x : v) {
                i32(x);
            }
            return this;
        }

        Writer space(IterSpace s) {
            return longs(s.shape()).longs(s.tile());
        }

        Writer operand(Operand o) {
            if (o instanceof Operand.StoreOperand s) {
                i32(0).i32(s.requirement()).type(s.type());
                ints(s.access().iterDim()).longs(s.access().step()).longs(s.access().start());
            } else {
                Operand.Const c = (Operand.Const) o;
                i32(1).type(c.type()).i64(c.bits());
            }
            return this;
        }

        Writer string(String v) {
            byte[] b = v.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            return raw(b);
        }

        Writer raw(byte[] v) {
            i32(v.length);
            reserve(v.length);
            System.arraycopy(v, 0, buf, size, v.length);
            size += v.length;
            return this;
        }

        byte[] bytes() {
            return java.util.Arrays.copyOf(buf, size);
        }
    }

    /** Reads arguments in the order they were written. */
    static final class Reader {
        private static final FieldType[] FIELD_TYPES = FieldType.values();
        private final ByteBuffer in;

        Reader(ByteBuffer in) {
            this.in = in.order(ByteOrder.LITTLE_ENDIAN);
        }

        int i32() {
            return in.getInt();
        }

        long i64() {
            return in.getLong();
        }

        double f64() {
            return Double.longBitsToDouble(in.getLong());
        }

        FieldType type() {
            return FIELD_TYPES[in.getInt()];
        }

        <E extends Enum<E>> E enumOf(Class<E> cls) {
            return cls.getEnumConstants()[in.getInt()];
        }

        long[] longs() {
            long[] v = new long[in.getInt()];
            for (int i = 0; i < v.length; i++) {
                v[i] = in.getLong();
            }
            return v;
        }

        int[] ints() {
            int[] v = new int[in.getInt()];
            for (int i = 0; i < v.length; i++) {
                v[i] = in.getInt();
            }
            return v;
        }

        String string() {
            return new String(raw(), java.nio.charset.StandardCharsets.UTF_8);
        }

        byte[] raw() {
            byte[] b = new byte[in.getInt()];
            in.get(b);
            return b;
        }

        IterSpace space() {
            long[] shape = longs();
            return new IterSpace(shape, longs());
        }

        Operand operand() {
            int tag = in.getInt();
            if (tag == 0) {
                int req = in.getInt();
                FieldType t = type();
                int[] iterDim = ints();
                long[] step = longs();
                return new Operand.StoreOperand(req, t, new Access(iterDim, step, longs()));
            }
            FieldType t = type();
            return new Operand.Const(t, in.getLong());
        }
    }
}
