package dev.cohort.tasks;

import net.openhft.chronicle.map.ChronicleMap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link CheckpointCatalog} as a persisted Chronicle Map: key {@code "meta"} holds the header and
 * the array names in order, key {@code "array:" + name} each array's entry. The only class that
 * touches Chronicle Map, so that its classes load (about 2 s the first time in a JVM) only when a
 * checkpoint is written or restored.
 *
 * <p>Chronicle Map writes to a file it maps even when only reading (locks in its header), and it
 * has no sync call: {@link #write} closes the map and then forces the file; {@link #read} opens a
 * private copy so that the checkpoint's file, whose CRC32C the marker records, is never modified.
 */
final class ChronicleCatalogFile {
    static final String META_KEY = "meta";
    static final String ARRAY_PREFIX = "array:";

    private ChronicleCatalogFile() {
    }

    /** Creates {@code file} (replacing any) holding {@code catalog}, closed and forced to the device. */
    static void write(Path file, CheckpointCatalog catalog) throws IOException {
        Files.deleteIfExists(file);
        List<String> keys = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        keys.add(META_KEY);
        values.add(catalog.encodeMeta());
        for (CheckpointCatalog.Entry e : catalog.arrays()) {
            keys.add(ARRAY_PREFIX + e.name());
            values.add(CheckpointCatalog.encodeEntry(e));
        }
        double keyBytes = 0;
        int valueBytes = 0;
        for (int i = 0; i < keys.size(); i++) {
            keyBytes += keys.get(i).getBytes(StandardCharsets.UTF_8).length;
            valueBytes = Math.max(valueBytes, values.get(i).length);
        }
        try (ChronicleMap<String, byte[]> map = ChronicleMap.of(String.class, byte[].class)
                .name("cohort-checkpoint-catalog")
                .entries(keys.size())
                .averageKeySize(Math.max(1, keyBytes / keys.size()))
                .averageValueSize(Math.max(8, valueBytes))
                .createPersistedTo(file.toFile())) {
            for (int i = 0; i < keys.size(); i++) {
                map.put(keys.get(i), values.get(i));
            }
        }
        CheckpointTasks.force(file);
    }

    /**
     * Reads a catalog written by {@link #write}, through a private copy of {@code bytes} (the
     * file's content, already checked against the marker's CRC32C).
     *
     * @throws IllegalArgumentException if the map lacks an entry or an entry does not decode
     */
    static CheckpointCatalog read(byte[] bytes) throws IOException {
        Path copy = Files.createTempFile("cohort-catalog-", ".cm3");
        try {
            Files.write(copy, bytes);
            try (ChronicleMap<String, byte[]> map = ChronicleMap.of(String.class, byte[].class)
                    .recoverPersistedTo(copy.toFile(), false)) {
                byte[] meta = map.get(META_KEY);
                if (meta == null) {
                    throw new IllegalArgumentException("the catalog has no '" + META_KEY + "' entry");
                }
                CheckpointCatalog.Header h = CheckpointCatalog.decodeMeta(meta);
                List<CheckpointCatalog.Entry> entries = new ArrayList<>();
                for (String name : h.names()) {
                    byte[] v = map.get(ARRAY_PREFIX + name);
                    if (v == null) {
                        throw new IllegalArgumentException("the catalog has no entry for array '" + name + "'");
                    }
                    CheckpointCatalog.Entry e = CheckpointCatalog.decodeEntry(v);
                    if (!e.name().equals(name)) {
                        throw new IllegalArgumentException("the catalog's entry for '" + name + "' names '" + e.name() + "'");
                    }
                    entries.add(e);
                }
                return new CheckpointCatalog(h.shards(), h.operations(), h.hash(), entries);
            }
        } finally {
            Files.deleteIfExists(copy);
        }
    }
}
