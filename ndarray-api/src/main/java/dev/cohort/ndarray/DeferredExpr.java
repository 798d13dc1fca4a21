package dev.cohort.ndarray;

import dev.cohort.runtime.launch.Access;
import dev.cohort.tasks.FusedExpr;
import dev.cohort.tasks.Operand;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The deferred expression of {@link Fusion} and its code: expression nodes (materialised leaves, Java
 * scalars, inlined deferred arrays, operations with the eager launch's compute type and result dtype),
 * the {@link Pending} value of a deferred store, and the postfix code the FUSED and FUSED_REDUCE kernels
 * run ({@link dev.cohort.tasks.FusedExpr}) over the expression's distinct leaves.
 */
final class DeferredExpr {
    private DeferredExpr() {
    }

    abstract static sealed class Node permits Leaf, Const, Ref, Op {
    }

    /** A materialised array (re-pointed to a snapshot by {@link WriteHazards#beforeWrite}). */
    static final class Leaf extends Node {
        NdArray arr;

        Leaf(NdArray arr) {
            this.arr = arr;
        }
    }

    /** A Java scalar, as the eager launch passes it (BINARY_OP's constant operand). */
    static final class Const extends Node {
        final Operand.Const k;

        Const(Operand.Const k) {
            this.k = k;
        }
    }

    /** A deferred array of the consumer's shape: inlined while it is deferred, a leaf once materialised. */
    static final class Ref extends Node {
        final NdArray arr;

        Ref(NdArray arr) {
            this.arr = arr;
        }
    }

    /**
     * An operation ({@link FusedExpr#UNARY}, {@link FusedExpr#BINARY} or {@link FusedExpr#WHERE} over
     * {@code kids}) with the eager launch's compute type and result dtype.
     */
    static final class Op extends Node {
        final int kind;
        final int op;
        final DType compute;
        final DType type;
        final Node[] kids;

        Op(int kind, int op, DType compute, DType type, Node... kids) {
            this.kind = kind;
            this.op = op;
            this.compute = compute;
            this.type = type;
            this.kids = kids;
        }
    }

    /** The deferred value of an {@link ArrayStorage}. */
    static final class Pending {
        final Cohort ctx;
        final ArrayStorage owner;
        Node root;
        final long[] shape;
        final Access view;
        /** Operations, scalars and leaves, counting inlined expressions (an upper bound once some are materialised). */
        final int nodes;
        /** Distinct leaves, counting inlined expressions' (an upper bound likewise). */
        final List<NdArray> leaves;
        /** Store ids counted in the readers' table: own leaves' stores and inlined arrays' stores; -1 once re-pointed. */
        final long[] reads;
        /** Consumers that inlined this expression. */
        int uses;
        /** The store was closed while deferred: consumers that inlined it keep inlining it. */
        boolean closed;

        Pending(Cohort ctx, ArrayStorage owner, Node root, long[] shape, Access view, int nodes, List<NdArray> leaves, long[] reads) {
            this.ctx = ctx;
            this.owner = owner;
            this.root = root;
            this.shape = shape;
            this.view = view;
            this.nodes = nodes;
            this.leaves = leaves;
            this.reads = reads;
        }
    }

    /** The expression's postfix code over its distinct leaves. */
    record Code(List<NdArray> leaves, int[] code, Operand.Const[] consts) {
    }

    static Code code(Pending p) {
        List<NdArray> leaves = new ArrayList<>();
        List<Operand.Const> consts = new ArrayList<>();
        List<Integer> code = new ArrayList<>();
        emit(p.root, leaves, consts, code);
        int[] c = new int[code.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = code.get(i);
        }
        return new Code(leaves, c, consts.toArray(new Operand.Const[0]));
    }

    private static void emit(Node n, List<NdArray> leaves, List<Operand.Const> consts, List<Integer> code) {
        if (n instanceof Leaf l) {
            leaf(l.arr, leaves, code);
        } else if (n instanceof Const c) {
            int i = consts.indexOf(c.k);
            if (i < 0) {
                i = consts.size();
                consts.add(c.k);
            }
            code.add(FusedExpr.instruction(FusedExpr.CONST, i));
        } else if (n instanceof Ref r) {
            Pending p = r.arr.base.pending;
            if (p != null) {
                emit(p.root, leaves, consts, code);
            } else {
                leaf(r.arr, leaves, code);
            }
        } else {
            Op o = (Op) n;
            for (Node k : o.kids) {
                emit(k, leaves, consts, code);
            }
            code.add(FusedExpr.instruction(o.kind, o.compute.fieldType(), o.op));
        }
    }

    private static void leaf(NdArray a, List<NdArray> leaves, List<Integer> code) {
        int i = indexOf(leaves, a);
        if (i < 0) {
            i = leaves.size();
            leaves.add(a);
        }
        code.add(FusedExpr.instruction(FusedExpr.LEAF, i));
    }

    static int indexOf(List<NdArray> leaves, NdArray a) {
        for (int i = 0; i < leaves.size(); i++) {
            NdArray l = leaves.get(i);
            if (l.base == a.base && l.view.equals(a.view) && Arrays.equals(l.shape, a.shape)) {
                return i;
            }
        }
        return -1;
    }
}
