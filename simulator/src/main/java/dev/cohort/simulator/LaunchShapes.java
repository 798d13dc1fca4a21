package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.Operation;

import java.util.Arrays;
import java.util.List;

/**
 * Launch shapes and loops: the signature of a launch (everything but its store ids — array programs make new
 * temporaries every iteration, as the runtime's trace memo also ignores store ids) and the period of a repeating
 * sequence of them (a traced loop's iteration).
 */
public final class LaunchShapes {
    private LaunchShapes() {
    }

    /**
     * The signature of {@code r}: task, iteration shape, operands (bounds, access, role, type), constraints and
     * result size — not its placement (key partitions, strategy), which an adopted strategy changes.
     */
    public static String signature(LaunchRecord r) {
        Operation op = r.operation();
        StringBuilder b = new StringBuilder(256);
        b.append(r.taskId()).append(Arrays.toString(op.shape())).append(r.resultBytes());
        List<Operation.Operand> ops = op.operands();
        for (int k = 0; k < ops.size(); k++) {
            Operation.Operand o = ops.get(k);
            b.append('|').append(o.bounds()).append(o.access()).append(o.role())
                    .append(r.type(k)).append(op.alignClass(k)).append(op.isReplicated(k))
                    .append(Arrays.toString(op.halo(k)));
        }
        for (int d = 0; d < op.shape().length; d++) {
            b.append(op.isUntiled(d) ? 'u' : 't');
        }
        return b.toString();
    }

    /**
     * The smallest period {@code P <= maxPeriod} such that the last {@code repeats * P} signatures repeat with
     * period {@code P}, or 0 when there is none.
     */
    public static int period(List<String> signatures, int repeats, int maxPeriod) {
        int n = signatures.size();
        for (int p = 1; p <= maxPeriod && (long) p * repeats <= n; p++) {
            boolean ok = true;
            for (int i = n - (p * (repeats - 1)) ; i < n && ok; i++) {
                ok = signatures.get(i).equals(signatures.get(i - p));
            }
            if (ok) {
                return p;
            }
        }
        return 0;
    }
}
