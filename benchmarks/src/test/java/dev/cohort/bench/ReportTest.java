package dev.cohort.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ReportTest {
    @Test
    void ratiosAreCohortOverRawWithTwoDecimals() {
        assertEquals("2.50", Report.formatRatio(Report.ratio(25.0, 10.0)));
        assertEquals("0.33", Report.formatRatio(Report.ratio(1.0, 3.0)));
        assertEquals("n/a", Report.formatRatio(Report.ratio(1.0, 0.0)));
        assertEquals("n/a", Report.formatRatio(Report.ratio(Double.NaN, 3.0)));
        assertEquals("n/a", Report.formatRatio(Report.ratio(1.0, Double.NaN)));
        assertEquals("12.3", Report.format(Report.micros(12_345), 1));
        assertEquals("", Report.csvNumber(Double.NaN, 2));
        assertEquals("1.50", Report.csvNumber(1.5, 2));
    }

    @Test
    void tablesAreRightAlignedUnderARule() {
        String table = Report.table(List.of(List.of("a", "value"), List.of("ipc", "1.5"), List.of("udp", "12.25")));
        assertEquals("  a  value\n"
                + "---  -----\n"
                + "ipc    1.5\n"
                + "udp  12.25\n", table);
    }

    @Test
    @Timeout(10)
    void markdownTablesAlignNumbersRightAndEscapeBars() {
        assertEquals("| op | µs |\n|---|---:|\n| a\\|b | 1.5 |\n",
                Report.markdownTable(List.of(List.of("op", "µs"), List.of("a|b", "1.5"))));
    }

    @Test
    void csvQuotesOnlyWhatNeedsIt() {
        assertEquals("a,\"b,c\",\"say \"\"hi\"\"\",", Report.csvLine(java.util.Arrays.asList("a", "b,c", "say \"hi\"",
                null)));
        List<String> lines = TransportBenchmark.csvLines(List.of(new TransportBenchmark.Latency("ipc", 4, 2, 100_000,
                200_000, 10_000, 20_000, 1_000, 2_000, Double.NaN, Double.NaN)), List.of(new TransportBenchmark.Throughput(
                "udp", 4, 64, 500, 1000, 800, 900)));
        assertEquals("metric,transport,processes,bytes,statistic,unit,cohort,reference,raw,ratio", lines.get(0));
        assertEquals("allreduce_latency,ipc,4,64,median,us,100.00,pingpong_oneway_x2_backoff,10.00,10.000",
                lines.get(1));
        assertTrue(lines.contains("allreduce_latency,ipc,4,64,median,us,100.00,raw_exchange_4_processes,,"), lines
                .toString());
        assertEquals("throughput,udp,2,4194304,median,MB/s,500.00,raw,1000.00,0.500", lines.get(7));
    }
}
