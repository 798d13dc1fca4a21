package dev.cohort.bench.io;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The disk's sequential bandwidth, measured the plainest way Java has, on the directory and with the file size the
 * I/O suite's systems use: a {@link FileChannel} writes {@code bytes} from one {@link #BUFFER_BYTES} direct buffer
 * (little-endian doubles 0, 1, 2, ..., as the arrays hold) to a new file, in order, and closes it ({@code write});
 * then the file is opened again and fsynced ({@code fsync}); then read back in order into the same buffer
 * ({@code read}: from the page cache, where the write left it); then dropped from the page cache
 * ({@link PageCache#evict}) and read again ({@code read_cold}: from the device, unless the method is
 * {@link PageCache.Method#NONE}). Each is one sample of a round; every round starts from a new file.
 */
public final class DiskFloor {
    /** Bytes per write or read call. */
    static final int BUFFER_BYTES = 8 << 20;

    private DiskFloor() {
    }

    /**
     * Runs {@code warmup} untimed and {@code rounds} timed rounds on {@code file} ({@code bytes} long; deleted at the
     * end) and returns the samples (ns) by key ({@code write}, {@code fsync}, {@code read}, {@code read_cold} unless
     * {@code evict} is NONE) and {@code resident_after_evict} (bytes fincore saw after the last eviction, -1 unknown).
     */
    public static Map<String, long[]> run(Path file, long bytes, int warmup, int rounds, PageCache.Method evict) throws IOException {
        ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < BUFFER_BYTES / 8; i++) {
            buf.putDouble(i * 8, i);
        }
        Map<String, long[]> samples = new LinkedHashMap<>();
        for (String k : evict == PageCache.Method.NONE ? new String[]{"write", "fsync", "read"} : new String[]{"write", "fsync", "read", "read_cold"}) {
            samples.put(k, new long[rounds]);
        }
        long resident = -1;
        try {
            for (int r = 0; r < warmup + rounds; r++) {
                Files.deleteIfExists(file);
                long t0 = System.nanoTime();
                write(file, bytes, buf);
                long t1 = System.nanoTime();
                fsync(file);
                long t2 = System.nanoTime();
                read(file, bytes, buf);
                long t3 = System.nanoTime();
                int at = r - warmup;
                if (at >= 0) {
                    samples.get("write")[at] = t1 - t0;
                    samples.get("fsync")[at] = t2 - t1;
                    samples.get("read")[at] = t3 - t2;
                }
                if (evict != PageCache.Method.NONE) {
                    PageCache.evict(file, evict);
                    resident = PageCache.residentBytes(file);
                    long t4 = System.nanoTime();
                    read(file, bytes, buf);
                    long t5 = System.nanoTime();
                    if (at >= 0) {
                        samples.get("read_cold")[at] = t5 - t4;
                    }
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
        samples.put("resident_after_evict", new long[]{resident});
        return samples;
    }

    /**
     * Reads the whole (existing) {@code file} {@code warmup} untimed and {@code rounds} timed times in order into one
     * {@link #BUFFER_BYTES} direct buffer and returns the timed rounds' times (ns): after the first read it is in the
     * page cache, so this is the floor of a reader that parses the file from there (the loadtxt case).
     */
    public static long[] readTimes(Path file, int warmup, int rounds) throws IOException {
        ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER_BYTES);
        long bytes = Files.size(file);
        long[] samples = new long[rounds];
        for (int r = 0; r < warmup + rounds; r++) {
            long t0 = System.nanoTime();
            read(file, bytes, buf);
            long t1 = System.nanoTime();
            if (r >= warmup) {
                samples[r - warmup] = t1 - t0;
            }
        }
        return samples;
    }

    /** Writes {@code bytes} to a new {@code file} from {@code buf} (its whole capacity, over and over), then closes it. */
    static void write(Path file, long bytes, ByteBuffer buf) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long done = 0;
            while (done < bytes) {
                buf.clear().limit((int) Math.min(buf.capacity(), bytes - done));
                while (buf.hasRemaining()) {
                    done += ch.write(buf);
                }
            }
        }
    }

    /** Opens {@code file} for writing, forces its data and metadata to the device, closes it. */
    static void fsync(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
    }

    /**
     * Reads {@code file} in order into {@code buf} until {@code bytes} have come.
     *
     * @throws EOFException if the file is shorter
     */
    static void read(Path file, long bytes, ByteBuffer buf) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long done = 0;
            while (done < bytes) {
                buf.clear().limit((int) Math.min(buf.capacity(), bytes - done));
                int n = ch.read(buf);
                if (n < 0) {
                    throw new EOFException(file + " ends after " + done + " of " + bytes + " bytes");
                }
                done += n;
            }
        }
    }
}
