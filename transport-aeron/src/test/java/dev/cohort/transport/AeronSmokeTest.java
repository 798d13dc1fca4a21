package dev.cohort.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AeronSmokeTest {
    @ParameterizedTest
    @EnumSource(AeronJob.Wire.class)
    void twoShardsExchangeAndAllReduce(AeronJob.Wire wire) throws Exception {
        try (AeronJob job = AeronJob.start(2, wire)) {
            job.shard(0).send(1, 7, new byte[] {1, 2, 3});
            assertArrayEquals(new byte[] {1, 2, 3}, job.shard(1).receive(0, 7).get(10, TimeUnit.SECONDS));
            var a = job.shard(0).allReduce(1, LocalJob.longBytes(5), LocalJob::sumOfLongs);
            var b = job.shard(1).allReduce(1, LocalJob.longBytes(7), LocalJob::sumOfLongs);
            assertEquals(12, LocalJob.longOf(a.get(10, TimeUnit.SECONDS)));
            assertEquals(12, LocalJob.longOf(b.get(10, TimeUnit.SECONDS)));
        }
    }
}
