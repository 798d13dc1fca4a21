package dev.cohort.ndarray;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * NumPy's {@code einsum_path(subscripts, *operands, optimize='greedy')}: the pairwise contraction order of the
 * greedy optimizer (at each step, among the pairs that share a label, or failing that any pair, the contraction
 * that removes the most elements, then the cheapest; a contraction is skipped when its result is larger than the
 * largest operand or output, or when the path so far would cost more than the naive einsum) and NumPy's report.
 * Runs on the program thread from the operands' shapes only (no data is read).
 */
final class EinsumPaths {
    private EinsumPaths() {
    }

    /** One possible contraction: its sort key (-removed size, cost), positions and the operand sets after it. */
    private record Candidate(long removed, long cost, int[] pos, List<Set<Character>> sets) {
    }

    private static Set<Character> chars(String s) {
        Set<Character> r = new HashSet<>();
        for (char c : s.toCharArray()) {
            r.add(c);
        }
        return r;
    }

    private static long size(Set<Character> idx, Map<Character, Long> dims) {
        long r = 1;
        for (char c : idx) {
            r *= dims.get(c);
        }
        return r;
    }

    private static long flops(Set<Character> contract, boolean inner, int terms, Map<Character, Long> dims) {
        long f = Math.max(1, terms - 1) + (inner ? 1 : 0);
        return size(contract, dims) * f;
    }

    /** NumPy's {@code _find_contraction}: {result, removed, contracted} and the operand sets afterwards. */
    private record Contraction(Set<Character> result, List<Set<Character>> remaining, Set<Character> removed,
            Set<Character> contracted) {
    }

    private static Contraction find(int[] positions, List<Set<Character>> sets, Set<Character> output) {
        Set<Character> contract = new HashSet<>();
        Set<Character> remain = new HashSet<>(output);
        List<Set<Character>> remaining = new ArrayList<>();
        for (int i = 0; i < sets.size(); i++) {
            final int k = i;
            if (Arrays.stream(positions).anyMatch(p -> p == k)) {
                contract.addAll(sets.get(i));
            } else {
                remaining.add(sets.get(i));
                remain.addAll(sets.get(i));
            }
        }
        Set<Character> result = new HashSet<>(remain);
        result.retainAll(contract);
        Set<Character> removed = new HashSet<>(contract);
        removed.removeAll(result);
        remaining.add(result);
        return new Contraction(result, remaining, removed, contract);
    }

    private static Candidate parse(int[] pos, List<Set<Character>> sets, Set<Character> output, Map<Character, Long> dims,
            long memoryLimit, long pathCost, long naiveCost) {
        Contraction c = find(pos, sets, output);
        long newSize = size(c.result(), dims);
        if (newSize > memoryLimit) {
            return null;
        }
        long removed = -newSize;
        for (int p : pos) {
            removed += size(sets.get(p), dims);
        }
        long cost = flops(c.contracted(), !c.removed().isEmpty(), pos.length, dims);
        if (pathCost + cost > naiveCost) {
            return null;
        }
        return new Candidate(removed, cost, pos, c.remaining());
    }

    private static boolean better(Candidate a, Candidate b) {
        // NumPy's sort key (-removed_size, cost): smaller is better; min keeps the first on ties
        return -a.removed() < -b.removed() || (a.removed() == b.removed() && a.cost() < b.cost());
    }

    private static List<int[]> greedy(List<Set<Character>> sets, Set<Character> output, Map<Character, Long> dims, long memoryLimit) {
        List<int[]> path = new ArrayList<>();
        if (sets.size() == 1) {
            path.add(new int[]{0});
            return path;
        }
        if (sets.size() == 2) {
            path.add(new int[]{0, 1});
            return path;
        }
        int[] all = new int[sets.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        Contraction naive = find(all, sets, output);
        long naiveCost = flops(naive.contracted(), !naive.removed().isEmpty(), sets.size(), dims);
        List<int[]> pairs = allPairs(sets.size());
        List<Candidate> known = new ArrayList<>();
        long pathCost = 0;
        int steps = sets.size() - 1;
        for (int it = 0; it < steps; it++) {
            for (int[] pos : pairs) {
                if (disjoint(sets.get(pos[0]), sets.get(pos[1]))) {
                    continue;
                }
                Candidate r = parse(pos, sets, output, dims, memoryLimit, pathCost, naiveCost);
                if (r != null) {
                    known.add(r);
                }
            }
            if (known.isEmpty()) {
                for (int[] pos : allPairs(sets.size())) {
                    Candidate r = parse(pos, sets, output, dims, memoryLimit, pathCost, naiveCost);
                    if (r != null) {
                        known.add(r);
                    }
                }
                if (known.isEmpty()) {
                    int[] rest = new int[sets.size()];
                    for (int i = 0; i < rest.length; i++) {
                        rest[i] = i;
                    }
                    path.add(rest);
                    break;
                }
            }
            Candidate best = known.get(0);
            for (Candidate c : known) {
                if (better(c, best)) {
                    best = c;
                }
            }
            known = update(known, best);
            sets = best.sets();
            int last = sets.size() - 1;
            pairs = new ArrayList<>();
            for (int i = 0; i < last; i++) {
                pairs.add(new int[]{i, last});
            }
            path.add(best.pos());
            pathCost += best.cost();
        }
        return path;
    }

    private static boolean disjoint(Set<Character> a, Set<Character> b) {
        for (char c : a) {
            if (b.contains(c)) {
                return false;
            }
        }
        return true;
    }

    private static List<int[]> allPairs(int n) {
        List<int[]> r = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                r.add(new int[]{i, j});
            }
        }
        return r;
    }

    /** NumPy's {@code _update_other_results}: the candidates that do not involve the contracted pair, renumbered. */
    private static List<Candidate> update(List<Candidate> results, Candidate best) {
        int bx = best.pos()[0];
        int by = best.pos()[1];
        List<Candidate> out = new ArrayList<>();
        for (Candidate c : results) {
            int x = c.pos()[0];
            int y = c.pos()[1];
            if (x == bx || x == by || y == bx || y == by) {
                continue;
            }
            List<Set<Character>> s = new ArrayList<>(c.sets());
            s.remove(by - (by > x ? 1 : 0) - (by > y ? 1 : 0));
            s.remove(bx - (bx > x ? 1 : 0) - (bx > y ? 1 : 0));
            s.add(s.size() - 1, best.sets().get(best.sets().size() - 1));
            int[] mod = {x - (x > bx ? 1 : 0) - (x > by ? 1 : 0), y - (y > bx ? 1 : 0) - (y > by ? 1 : 0)};
            out.add(new Candidate(c.removed(), c.cost(), mod, s));
        }
        return out;
    }

    static EinsumPath einsumPath(String subscripts, NdArray... operands) {
        String spec = subscripts.replace(" ", "");
        if (spec.contains(".")) {
            throw new IllegalArgumentException("einsum_path: ellipsis ('...') in subscripts is not supported by Cohort: " + subscripts);
        }
        int arrow = spec.indexOf("->");
        String lhs = arrow >= 0 ? spec.substring(0, arrow) : spec;
        List<String> inputs = new ArrayList<>(Arrays.asList(lhs.split(",", -1)));
        if (inputs.size() != operands.length) {
            throw new IllegalArgumentException("Number of einsum subscripts must be equal to the number of operands.");
        }
        for (char c : lhs.toCharArray()) {
            if (c != ',' && !Character.isLetter(c)) {
                throw new IllegalArgumentException("Character " + c + " is not a valid symbol.");
            }
        }
        String out;
        if (arrow >= 0) {
            out = spec.substring(arrow + 2);
            for (char c : out.toCharArray()) {
                if (lhs.indexOf(c) < 0) {
                    throw new IllegalArgumentException("Output character " + c + " did not appear in the input");
                }
            }
        } else {
            // NumPy's implicit output: the labels that appear once, sorted
            TreeMap<Character, Integer> count = new TreeMap<>();
            for (char c : lhs.toCharArray()) {
                if (c != ',') {
                    count.merge(c, 1, Integer::sum);
                }
            }
            StringBuilder o = new StringBuilder();
            count.forEach((c, k) -> {
                if (k == 1) {
                    o.append(c);
                }
            });
            out = o.toString();
        }
        Map<Character, Long> dims = new TreeMap<>();
        for (int t = 0; t < inputs.size(); t++) {
            String term = inputs.get(t);
            long[] sh = operands[t].shape;
            if (sh.length != term.length()) {
                // NumPy names the t-th character of the whole subscripts string here
                throw new IllegalArgumentException("Einstein sum subscript " + lhs.charAt(Math.min(t, lhs.length() - 1))
                        + " does not contain the correct number of indices for operand " + t + ".");
            }
            for (int d = 0; d < term.length(); d++) {
                char c = term.charAt(d);
                long dim = sh[d];
                Long prev = dims.get(c);
                if (prev == null || prev == 1) {
                    dims.put(c, dim);
                } else if (dim != 1 && dim != prev) {
                    throw new IllegalArgumentException("Size of label '" + c + "' for operand " + t + " (" + prev
                            + ") does not match previous terms (" + dim + ").");
                }
            }
        }
        List<Set<Character>> sets = new ArrayList<>();
        for (String s : inputs) {
            sets.add(chars(s));
        }
        Set<Character> outSet = chars(out);
        Set<Character> indices = chars(lhs.replace(",", ""));
        long maxSize = size(outSet, dims);
        for (String s : inputs) {
            long n = 1;
            for (char c : s.toCharArray()) {
                n *= dims.get(c);
            }
            maxSize = Math.max(maxSize, n);
        }
        List<int[]> path;
        if (inputs.size() <= 2 || indices.equals(outSet)) {
            int[] p = new int[inputs.size()];
            for (int i = 0; i < p.length; i++) {
                p[i] = i;
            }
            path = List.of(p);
        } else {
            path = greedy(sets, outSet, dims, maxSize);
        }
        return new EinsumPath(path, report(spec, lhs, out, inputs, sets, outSet, indices, dims, path));
    }

    private static String report(String spec, String lhs, String out, List<String> inputs, List<Set<Character>> sets,
            Set<Character> outSet, Set<Character> indices, Map<Character, Long> dims, List<int[]> path) {
        List<String> list = new ArrayList<>(inputs);
        List<Long> costs = new ArrayList<>();
        List<Integer> scales = new ArrayList<>();
        List<Long> sizes = new ArrayList<>();
        List<String[]> lines = new ArrayList<>();
        for (int k = 0; k < path.size(); k++) {
            int[] inds = path.get(k).clone();
            Arrays.sort(inds);
            int[] rev = new int[inds.length];
            for (int i = 0; i < inds.length; i++) {
                rev[i] = inds[inds.length - 1 - i];
            }
            Contraction c = find(rev, sets, outSet);
            sets = c.remaining();
            costs.add(flops(c.contracted(), !c.removed().isEmpty(), rev.length, dims));
            scales.add(c.contracted().size());
            sizes.add(size(c.result(), dims));
            List<String> tmp = new ArrayList<>();
            for (int x : rev) {
                tmp.add(list.remove(x));
            }
            String result;
            if (k == path.size() - 1) {
                result = out;
            } else {
                List<Character> r = new ArrayList<>(c.result());
                r.sort((a, b) -> {
                    int d = Long.compare(dims.get(a), dims.get(b));
                    return d != 0 ? d : Character.compare(a, b);
                });
                StringBuilder s = new StringBuilder();
                r.forEach(s::append);
                result = s.toString();
            }
            list.add(result);
            lines.add(new String[]{Integer.toString(c.contracted().size()), String.join(",", tmp) + "->" + result,
                    String.join(",", list) + "->" + out});
        }
        int distinctSum = 0;
        for (String s : lhs.split(",", -1)) {
            distinctSum += chars(s).size();
        }
        boolean inner = distinctSum - indices.size() > 0;
        long naive = flops(indices, inner, inputs.size(), dims);
        long opt = costs.stream().mapToLong(Long::longValue).sum() + 1;
        double speedup = (double) naive / opt;
        long maxI = sizes.stream().mapToLong(Long::longValue).max().orElse(0);
        StringBuilder b = new StringBuilder();
        b.append("  Complete contraction:  ").append(lhs).append("->").append(out).append('\n');
        b.append("         Naive scaling:  ").append(indices.size()).append('\n');
        b.append("     Optimized scaling:  ").append(scales.stream().mapToInt(Integer::intValue).max().orElse(0)).append('\n');
        b.append("      Naive FLOP count:  ").append(String.format(java.util.Locale.ROOT, "%.3e", (double) naive)).append('\n');
        b.append("  Optimized FLOP count:  ").append(String.format(java.util.Locale.ROOT, "%.3e", (double) opt)).append('\n');
        b.append("   Theoretical speedup:  ").append(String.format(java.util.Locale.ROOT, "%3.3f", speedup)).append('\n');
        b.append("  Largest intermediate:  ").append(String.format(java.util.Locale.ROOT, "%.3e", (double) maxI)).append(" elements\n");
        b.append("-".repeat(74)).append('\n');
        b.append(String.format(java.util.Locale.ROOT, "%6s %24s %40s%n", "scaling", "current", "remaining").replace(System.lineSeparator(), "\n"));
        b.append("-".repeat(74));
        for (String[] l : lines) {
            b.append(String.format(java.util.Locale.ROOT, "\n%4d    %24s %40s", Integer.parseInt(l[0]), l[1], l[2]));
        }
        return b.toString();
    }
}
