package dev.cohort.bench.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * How the I/O suite takes a file out of the Linux page cache before a cold read, and how it checks that it did.
 * A file just written lives in the page cache (it fits in RAM), so a read right after it measures a memory copy,
 * not the disk; to read from the device the file's (clean, i.e. fsynced) pages must be dropped first:
 * <ul>
 *   <li>{@link Method#FADVISE}: {@code posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)} on that file only, through
 *       GNU {@code dd if=FILE iflag=nocache count=0} here (Java 17 has no fadvise) and {@code os.posix_fadvise} in the
 *       Python reference; no privilege needed, nothing else on the machine is disturbed;</li>
 *   <li>{@link Method#DROP_CACHES}: {@code echo 3 > /proc/sys/vm/drop_caches}, every clean page of the machine; needs
 *       root and a writable {@code /proc/sys} (often refused in a container);</li>
 *   <li>{@link Method#NONE}: no cold read is measured.</li>
 * </ul>
 * {@code fincore} (util-linux) reports how many of a file's bytes are resident, when it is installed.
 */
public final class PageCache {
    /** The file through which root drops every clean page. */
    static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

    private PageCache() {
    }

    /** How a file is evicted; {@link #key()} is the word passed to the children and the script ({@code evict=}). */
    public enum Method {
        FADVISE("fadvise"), DROP_CACHES("drop-caches"), NONE("none");

        private final String key;

        Method(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        /** The method named {@code key} ({@code fadvise}, {@code drop-caches}, {@code none}). */
        public static Method of(String key) {
            for (Method m : values()) {
                if (m.key.equals(key)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("eviction method must be fadvise, drop-caches or none, got '" + key + "'");
        }
    }

    /**
     * Drops {@code file}'s pages from the page cache with {@code method} (nothing for {@link Method#NONE}). The file
     * must have been fsynced: only clean pages are dropped.
     *
     * @throws IllegalStateException naming the file and the command when the eviction fails
     */
    public static void evict(Path file, Method method) {
        switch (method) {
            case NONE -> {
            }
            case FADVISE -> {
                Outcome r = exec(List.of("dd", "if=" + file, "iflag=nocache", "count=0", "status=none"));
                if (r.exitCode() != 0) {
                    throw new IllegalStateException("cannot drop " + file + " from the page cache (dd iflag=nocache count=0): "
                            + r.describe());
                }
            }
            case DROP_CACHES -> {
                String why = dropCaches();
                if (why != null) {
                    throw new IllegalStateException("cannot drop the page cache before reading " + file + ": " + why);
                }
            }
        }
    }

    /** Writes {@code 3} to {@code /proc/sys/vm/drop_caches}; null when that worked, else why not. */
    public static String dropCaches() {
        try {
            Files.writeString(DROP_CACHES, "3\n", StandardCharsets.US_ASCII);
            return null;
        } catch (IOException | SecurityException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** Bytes of {@code file} resident in the page cache according to {@code fincore}, or -1 when it cannot tell. */
    public static long residentBytes(Path file) {
        Outcome r = exec(List.of("fincore", "--bytes", "--noheadings", "--output", "RES", file.toString()));
        if (r.exitCode() != 0 || r.output().isEmpty()) {
            return -1;
        }
        try {
            return Long.parseLong(r.output().get(0).strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * What the suite found it can do: what writing {@code /proc/sys/vm/drop_caches} did ({@code dropCaches}: null when
     * it worked, which dropped every clean page, else why not, or why it was not tried), whether
     * {@code dd iflag=nocache} dropped a probe file, and what {@code fincore} saw of that file before and after (-1:
     * unknown).
     */
    public record Probe(boolean dropCachesTried, String dropCachesRefusal, boolean fadviseWorks, String fadviseError,
                        long residentBefore, long residentAfter) {
        public boolean dropCachesPermitted() {
            return dropCachesTried && dropCachesRefusal == null;
        }

        /** The method {@code auto} chooses: fadvise (one file, no privilege) if it works, else drop-caches, else none. */
        public Method auto() {
            return fadviseWorks ? Method.FADVISE : dropCachesPermitted() ? Method.DROP_CACHES : Method.NONE;
        }

        /** One sentence for the report. */
        public String describe() {
            String drop = !dropCachesTried ? "`echo 3 > /proc/sys/vm/drop_caches` was not tried (" + dropCachesRefusal + ")"
                    : dropCachesPermitted() ? "`echo 3 > /proc/sys/vm/drop_caches` was permitted (tried once, before any timing)"
                    : "`echo 3 > /proc/sys/vm/drop_caches` was refused (" + dropCachesRefusal + ")";
            String fadvise = fadviseWorks ? "`posix_fadvise(DONTNEED)` (`dd iflag=nocache count=0`) works"
                    : "`posix_fadvise(DONTNEED)` via `dd` failed (" + fadviseError + ")";
            String seen = residentBefore < 0 ? "`fincore` could not tell what stayed resident"
                    : String.format(Locale.ROOT, "`fincore` saw %d of the probe file's bytes resident before and %d after",
                    residentBefore, residentAfter);
            return drop + "; " + fadvise + "; " + seen + ".";
        }
    }

    /**
     * Tries the methods: with {@code tryDropCaches}, writes {@code 3} to {@code drop_caches} (else records
     * {@code notTried} as the reason); then writes {@code probeBytes} to a probe file in {@code dir}, fsyncs it, drops
     * it with fadvise and asks fincore what stayed; deletes the file.
     */
    public static Probe probe(Path dir, int probeBytes, boolean tryDropCaches, String notTried) {
        String refusal = tryDropCaches ? dropCaches() : notTried;
        Path file = dir.resolve("page-cache-probe.bin");
        try {
            byte[] data = new byte[probeBytes];
            java.util.Arrays.fill(data, (byte) 0x5a);
            Files.write(file, data);
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            long before = residentBytes(file);
            Outcome r = exec(List.of("dd", "if=" + file, "iflag=nocache", "count=0", "status=none"));
            long after = residentBytes(file);
            boolean works = r.exitCode() == 0 && (after < 0 || before < 0 || after < before || before == 0);
            return new Probe(tryDropCaches, refusal, works, r.exitCode() == 0 ? (works ? null : "fincore still sees " + after + " bytes")
                    : r.describe(), before, after);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the page-cache probe file " + file, e);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a probe file left in the suite's temporary directory, which is deleted after the run
            }
        }
    }

    /** A command's exit status (-1: could not start) and its output lines. */
    record Outcome(int exitCode, List<String> output) {
        String describe() {
            return "exit status " + exitCode + (output.isEmpty() ? "" : ": " + String.join(" | ", output));
        }
    }

    static Outcome exec(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Outcome(124, List.of("timed out after 60 s"));
            }
            return new Outcome(p.exitValue(), new ArrayList<>(text.lines().toList()));
        } catch (IOException e) {
            return new Outcome(-1, List.of("cannot run " + command.get(0) + ": " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(-1, List.of("interrupted"));
        }
    }
}
