package dev.cohort.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchmarkHelpersTest {
    @Test
    void shardOutputIsParsedAsKeyValueLinesSkippingTheRest() {
        Map<String, String> values = KeyValues.parse(List.of("allreduce.median_ns=1234",
                "WARNING: something else", "  throughput.mbps=99.5  ", "java.lang.IllegalStateException: x=y",
                "allreduce.median_ns=1300"));
        assertEquals(Map.of("allreduce.median_ns", "1300", "throughput.mbps", "99.5"), values);
        assertEquals(1300, KeyValues.getLong(values, "allreduce.median_ns"));
        assertEquals(99.5, KeyValues.getDouble(values, "throughput.mbps"));
        assertThrows(IllegalArgumentException.class, () -> KeyValues.getLong(values, "missing"));
        assertThrows(IllegalArgumentException.class, () -> KeyValues.parseArguments(new String[] {"mode"}));
        assertEquals(Map.of("mode", "allreduce", "iterations", "5"),
                KeyValues.parseArguments(new String[] {"mode=allreduce", "iterations=5"}));
    }

    @Test
    void roundsPiecesAndHeaps() {
        assertEquals(1, TransportBenchmark.allReduceRounds(2));
        assertEquals(2, TransportBenchmark.allReduceRounds(4));
        assertEquals(3, TransportBenchmark.allReduceRounds(3)); // 1 exchange + fold-in + result back
        assertEquals(256, TransportBenchmark.pieces(256, 1));
        assertEquals(4, TransportBenchmark.pieces(256, 64));
        assertEquals(2, TransportBenchmark.pieces(256, 1024));
        assertEquals(256, TransportBenchmark.heapMiB(16));
        assertEquals(768, TransportBenchmark.heapMiB(64));
        byte[] left = new byte[16];
        byte[] right = new byte[16];
        java.nio.ByteBuffer.wrap(left).order(java.nio.ByteOrder.LITTLE_ENDIAN).putDouble(1.5).putDouble(-2);
        java.nio.ByteBuffer.wrap(right).order(java.nio.ByteOrder.LITTLE_ENDIAN).putDouble(0.25).putDouble(3);
        java.nio.ByteBuffer sum = java.nio.ByteBuffer.wrap(TransportBenchmarkShard.SUM.combine(left, right))
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertEquals(1.75, sum.getDouble());
        assertEquals(1.0, sum.getDouble());
        assertEquals(8, TransportBenchmarkShard.SUM.elementBytes());
    }
}
