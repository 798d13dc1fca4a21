package dev.cohort.ndarray;

import java.util.List;

/**
 * The result of {@link Np#einsum_path(String, NdArray...)}: NumPy's {@code (path, string_repr)} pair. {@code path}
 * is NumPy's list after its leading {@code 'einsum_path'} marker: each entry the positions, in the list of
 * operands still to contract, of the operands contracted at that step (the result goes to the end of the list);
 * {@code report} is NumPy's printed summary (contraction, scalings, FLOP counts, largest intermediate, and one line
 * per step).
 *
 * @param path   the contraction steps ({@code path.get(k)} is NumPy's {@code path[k + 1]})
 * @param report NumPy's {@code string_repr}
 */
public record EinsumPath(List<int[]> path, String report) {
    public EinsumPath {
        path = List.copyOf(path.stream().map(int[]::clone).toList());
    }

    /** NumPy's path list as Python prints it, e.g. {@code ['einsum_path', (1, 2), (0, 1)]}. */
    public String pathString() {
        StringBuilder b = new StringBuilder("['einsum_path'");
        for (int[] p : path) {
            b.append(", (");
            for (int i = 0; i < p.length; i++) {
                b.append(i > 0 ? ", " : "").append(p[i]);
            }
            b.append(p.length == 1 ? ",)" : ")");
        }
        return b.append(']').toString();
    }
}
