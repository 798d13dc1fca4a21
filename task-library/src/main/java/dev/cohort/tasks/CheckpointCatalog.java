package dev.cohort.tasks;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.region.FieldType;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * What a checkpoint holds: per array its name, element type, shape and tiles (per tile the file,
 * the byte offset and length of its data in that file, the CRC32C of those bytes and the rectangle
 * of the array's store it covers, in store coordinates; a file holds its rectangle's elements in
 * C order, little-endian), and the point of the program it was taken at (shard count, operation
 * count, control-determinism hash). It is kept on disk as a Chronicle Map ({@code catalog.cm3};
 * see {@link CheckpointTasks}) and travels between shards in its {@link #encode() canonical encoding}.
 *
 * @param shards          shards of the job that wrote it
 * @param operations      the runtime's operation count when the checkpoint was called ({@code RuntimeStats.operations})
 * @param determinismHash the 128-bit determinism hash then ({@code {h1, h2}}), or null when checks were off or the program ran on one shard
 * @param arrays          the arrays, in name order
 */
public record CheckpointCatalog(int shards, long operations, long[] determinismHash, List<Entry> arrays) {
    /** Version of {@link #encode()}'s layout, first in every encoding. */
    public static final int FORMAT = 1;

    public CheckpointCatalog {
        arrays = List.copyOf(arrays);
        if (determinismHash != null && determinismHash.length != 2) {
            throw new IllegalArgumentException("a determinism hash has 2 longs, got " + determinismHash.length);
        }
    }

    /**
     * One array.
     *
     * @param name  its name in the checkpoint
     * @param type  element type
     * @param shape NumPy shape ({@code ()} for 0-d; may hold zeros)
     * @param tiles the tiles that together cover the store exactly once (none when the array is empty)
     */
    public record Entry(String name, FieldType type, long[] shape, List<Tile> tiles) {
        public Entry {
            tiles = List.copyOf(tiles);
            shape = shape.clone();
        }

        /** The store's bounds: {@code shape} with every extent at least 1, {@code (1,)} for 0-d. */
        public Rect storeBounds() {
            return storeBounds(shape);
        }

        /** Elements of the array ({@code prod(shape)}). */
        public long size() {
            long v = 1;
            for (long e : shape) {
                v *= e;
            }
            return v;
        }

        /** The store bounds of an array of {@code shape} (as ndarray-api makes stores). */
        public static Rect storeBounds(long[] shape) {
            if (shape.length == 0) {
                return Rect.ofExtents(1);
            }
            long[] ext = new long[shape.length];
            for (int i = 0; i < shape.length; i++) {
                ext[i] = Math.max(1, shape[i]);
            }
            return Rect.ofExtents(ext);
        }

        /**
         * Null when the tiles are a valid layout of the store (each inside the bounds, of
         * {@code volume * size} bytes, disjoint, together covering every element), else what is wrong.
         */
        public String layoutProblem() {
            if (size() == 0) {
                return tiles.isEmpty() ? null : "an empty array has " + tiles.size() + " tiles";
            }
            Rect bounds = storeBounds();
            long covered = 0;
            for (Tile t : tiles) {
                Rect r = t.rect();
                if (r.dim() != bounds.dim() || !bounds.contains(r) || r.isEmpty()) {
                    return "tile " + t.file() + " covers " + r + ", not inside the array's " + bounds;
                }
                if (t.length() != r.volume() * type.size() || t.offset() < 0) {
                    return "tile " + t.file() + " has " + t.length() + " bytes at offset " + t.offset() + " for "
                            + r.volume() + " elements of " + type;
                }
                covered += r.volume();
            }
            if (covered != bounds.volume()) {
                return "the tiles cover " + covered + " elements of the array's " + bounds.volume();
            }
            if (tiles.size() <= 4096) {
                for (int i = 0; i < tiles.size(); i++) {
                    for (int j = i + 1; j < tiles.size(); j++) {
                        if (tiles.get(i).rect().overlaps(tiles.get(j).rect())) {
                            return "tiles " + tiles.get(i).file() + " and " + tiles.get(j).file() + " overlap";
                        }
                    }
                }
            }
            return null;
        }
    }

    /**
     * One tile file.
     *
     * @param file   file name, relative to the checkpoint's directory
     * @param offset byte offset of the data in the file
     * @param length bytes of data ({@code volume(rect) * size(type)}); the file is exactly {@code offset + length} long
     * @param crc32c CRC32C of the data bytes
     * @param lo     the rectangle's low corner (store coordinates)
     * @param hi     its high corner, inclusive
     */
    public record Tile(String file, long offset, long length, long crc32c, long[] lo, long[] hi) {
        public Tile {
            lo = lo.clone();
            hi = hi.clone();
        }

        public Rect rect() {
            return Rect.of(lo, hi);
        }
    }

    /** Tiles of every array. */
    public int tileCount() {
        int n = 0;
        for (Entry e : arrays) {
            n += e.tiles().size();
        }
        return n;
    }

    // ------------------------------------------------------------------ canonical encoding

    /** The canonical bytes of this catalog (little-endian; {@link #FORMAT} first). */
    public byte[] encode() {
        ArgCodec.Writer w = new ArgCodec.Writer().i32(FORMAT);
        encodeHeader(w);
        w.i32(arrays.size());
        for (Entry e : arrays) {
            encodeEntry(w, e);
        }
        return w.bytes();
    }

    /**
     * Decodes {@link #encode()}'s bytes.
     *
     * @throws IllegalArgumentException if they are not a catalog of this format
     */
    public static CheckpointCatalog decode(byte[] bytes) {
        ArgCodec.Reader r = new ArgCodec.Reader(ByteBuffer.wrap(bytes));
        checkFormat(r, bytes.length);
        try {
            Header h = decodeHeader(r);
            int n = r.i32();
            List<Entry> entries = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                entries.add(decodeEntry(r));
            }
            return new CheckpointCatalog(h.shards, h.operations, h.hash, entries);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a checkpoint catalog (" + e + ")", e);
        }
    }

    private static void checkFormat(ArgCodec.Reader r, int length) {
        int format = length < 4 ? -1 : r.i32();
        if (format != FORMAT) {
            throw new IllegalArgumentException("catalog format " + format + ", expected " + FORMAT);
        }
    }

    /** CRC32C of {@code bytes}. */
    public static long crc32c(byte[] bytes) {
        CRC32C c = new CRC32C();
        c.update(bytes, 0, bytes.length);
        return c.getValue();
    }

    record Header(int shards, long operations, long[] hash, List<String> names) {
    }

    void encodeHeader(ArgCodec.Writer w) {
        w.i32(shards).i64(operations).i32(determinismHash == null ? 0 : 1);
        if (determinismHash != null) {
            w.i64(determinismHash[0]).i64(determinismHash[1]);
        }
    }

    /** The header with the array names in order, as the catalog's {@code meta} entry holds it. */
    byte[] encodeMeta() {
        ArgCodec.Writer w = new ArgCodec.Writer().i32(FORMAT);
        encodeHeader(w);
        w.i32(arrays.size());
        for (Entry e : arrays) {
            w.string(e.name());
        }
        return w.bytes();
    }

    static Header decodeMeta(byte[] bytes) {
        ArgCodec.Reader r = new ArgCodec.Reader(ByteBuffer.wrap(bytes));
        checkFormat(r, bytes.length);
        Header h = decodeHeader(r);
        int n = r.i32();
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            names.add(r.string());
        }
        return new Header(h.shards, h.operations, h.hash, names);
    }

    private static Header decodeHeader(ArgCodec.Reader r) {
        int shards = r.i32();
        long operations = r.i64();
        long[] hash = r.i32() == 1 ? new long[]{r.i64(), r.i64()} : null;
        return new Header(shards, operations, hash, List.of());
    }

    static void encodeEntry(ArgCodec.Writer w, Entry e) {
        w.string(e.name()).type(e.type()).longs(e.shape()).i32(e.tiles().size());
        for (Tile t : e.tiles()) {
            w.string(t.file()).i64(t.offset()).i64(t.length()).i64(t.crc32c()).longs(t.lo()).longs(t.hi());
        }
    }

    static byte[] encodeEntry(Entry e) {
        ArgCodec.Writer w = new ArgCodec.Writer();
        encodeEntry(w, e);
        return w.bytes();
    }

    static Entry decodeEntry(ArgCodec.Reader r) {
        String name = r.string();
        FieldType type = r.type();
        long[] shape = r.longs();
        int n = r.i32();
        List<Tile> tiles = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            tiles.add(new Tile(r.string(), r.i64(), r.i64(), r.i64(), r.longs(), r.longs()));
        }
        return new Entry(name, type, shape, tiles);
    }

    static Entry decodeEntry(byte[] bytes) {
        return decodeEntry(new ArgCodec.Reader(ByteBuffer.wrap(bytes)));
    }
}
