package dev.cohort.ndarray;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import static dev.cohort.ndarray.Np.*;

/**
 * The Cohort side of {@code tools/reference/ndarray_reference.py}: for every case name the same
 * inputs and the same operations, in the same order, as the NumPy script. Builders run inside a
 * Cohort program (they use the calling thread's context).
 */
final class ReferenceCases {
    private ReferenceCases() {
    }

    // ------------------------------------------------------------------ inputs (as in the script)

    /** (3,4) float64, mixed signs. */
    static NdArray A() {
        return arange(12).reshape(3, 4).divide(7.0).subtract(1.3);
    }

    /** (4,) float64, positive. */
    static NdArray B() {
        return arange(4).divide(3.0).add(0.5);
    }

    static NdArray C() {
        return arange(3).reshape(3, 1).multiply(0.25).subtract(0.2);
    }

    static NdArray D() {
        return arange(4).reshape(1, 4).multiply(1.5).add(0.1);
    }

    static NdArray P() {
        return arange(12).reshape(3, 4).divide(5.0).add(0.1);
    }

    static NdArray M() {
        return arange(20).reshape(4, 5).divide(9.0).subtract(1.0);
    }

    static NdArray R3() {
        return arange(3).multiply(0.5).subtract(0.4);
    }

    static NdArray V() {
        return arange(5).divide(4.0).subtract(0.6);
    }

    static NdArray S() {
        return arange(60).reshape(6, 10).divide(11.0).subtract(2.0);
    }

    static NdArray T3() {
        return arange(24).reshape(2, 3, 4);
    }

    static NdArray I() {
        return array(new long[][]{{3, -1, 4, 1}, {-5, 9, 2, -6}, {5, 3, -5, 8}});
    }

    static NdArray J() {
        return array(2L, 7L, -1L, 8L);
    }

    static NdArray K() {
        return array(new long[][]{{1, 3, 3}, {2, 2, 1}});
    }

    static NdArray I32() {
        return array(1, 2, 3, 4);
    }

    static NdArray F32() {
        return array(0.5f, 1.25f, -2.0f, 3.75f);
    }

    static NdArray BA() {
        return array(true, false, true, false, false, false, true, true, true, true, true, false).reshape(3, 4);
    }

    static NdArray BB() {
        return array(true, false, false, true);
    }

    static NdArray Z() {
        return zeros(4, 5);
    }

    /** (70,60) float64, multiples of 1/64: products and sums of products are exact in any order. */
    static NdArray X() {
        return arange(4200).reshape(70, 60).divide(64.0).subtract(30.0);
    }

    /** (60,64) float64, multiples of 1/32. */
    static NdArray Y() {
        return arange(3840).reshape(60, 64).divide(32.0).subtract(60.0);
    }

    private static long[] sh(long... s) {
        return s;
    }

    // ------------------------------------------------------------------ cases

    static final Map<String, Supplier<NdArray>> BUILDERS = new LinkedHashMap<>();

    private static void put(String name, Supplier<NdArray> b) {
        if (BUILDERS.put(name, b) != null) {
            throw new IllegalStateException("duplicate case " + name);
        }
    }

    /**
     * Cases whose float results may differ from NumPy's in the last bits (transcendental kernels,
     * summation order, pow, arange/linspace formulas); every other float case must be bit-for-bit.
     */
    static boolean approximate(String name) {
        for (String p : APPROX) {
            if (name.contains(p)) {
                return true;
            }
        }
        return false;
    }

    // zero_d_add_array and zero_d_times_scalar start from A().sum() (NumPy sums pairwise, Cohort in its fixed
    // accumulation order: equal within rounding, not bit for bit)
    private static final Set<String> APPROX = Set.of("exp", "log", "tanh", "sin", "cos", "power", "sum", "mean",
            "prod", "norm", "dot", "matmul", "linspace", "arange_float", "repr_0d_float", "zero_d_add_array",
            "zero_d_times_scalar");

    static {
        // creation
        put("array_double", () -> array(1.5, -2.0, 3.25));
        put("array_double2d", () -> array(new double[][]{{1.0, 2.0, 3.0}, {4.0, 5.0, 6.5}}));
        put("array_long", () -> array(3L, -4L, 5L));
        put("array_long2d", () -> array(new long[][]{{1, 2}, {3, 4}, {5, 6}}));
        put("array_int", () -> array(7, -8, 9));
        put("array_float", () -> array(0.5f, -1.5f, 2.25f));
        put("array_bool", () -> array(true, false, true));
        put("array_shaped", () -> array(new double[]{1, 2, 3, 4, 5, 6}, 2, 3));
        put("asarray_double", () -> asarray(1.0, 2.0));
        put("zeros", () -> zeros(2, 3));
        put("zeros_int32", () -> zeros(sh(2, 3), int32));
        put("zeros_0d", () -> zeros(new long[0]));
        put("ones_1d", () -> ones(4));
        put("ones_bool", () -> ones(sh(2, 2), bool));
        put("ones_int64", () -> ones(sh(3), int64));
        put("full", () -> full(sh(2, 2), 3.5));
        put("full_int64", () -> full(sh(2, 3), 7, int64));
        put("full_float32", () -> full(sh(3), 0.1, float32));
        put("empty", () -> empty(2, 4));
        put("empty_int32", () -> empty(sh(3), int32));
        put("zeros_like_int", () -> zeros_like(I()));
        put("ones_like_f32", () -> ones_like(F32()));
        put("full_like_float", () -> full_like(A(), 2.5));
        put("full_like_int", () -> full_like(I(), 7));
        put("empty_like", () -> empty_like(BA()));
        put("arange_int", () -> arange(10));
        put("arange_int_start_step", () -> arange(2, 11, 3));
        put("arange_int_negative_step", () -> arange(10, 0, -3));
        put("arange_int_empty", () -> arange(5, 2));
        put("arange_float", () -> arange(0.0, 1.0, 0.1));
        put("arange_float_neg", () -> arange(-1.0, 1.0, 0.25));
        put("arange_float_down", () -> arange(2.0, -1.0, -0.5));
        put("linspace", () -> linspace(0.0, 1.0, 5));
        put("linspace_7", () -> linspace(-1.0, 2.0, 7));
        put("linspace_1", () -> linspace(2.0, 3.0, 1));
        put("linspace_0", () -> linspace(0.0, 1.0, 0));
        put("eye", () -> eye(3));
        put("eye_rect", () -> eye(2, 4));
        put("scalar_0d", () -> scalar(2.5));

        // elementwise binary, broadcasting and scalars
        put("add", () -> A().add(P()));
        put("add_bcast_row", () -> A().add(B()));
        put("add_bcast_col_row", () -> C().add(D()));
        put("multiply_bcast_col_row", () -> C().multiply(D()));
        put("subtract_bcast", () -> A().subtract(C()));
        put("divide_bcast", () -> A().divide(B()));
        put("add_scalar_right", () -> A().add(2.5));
        put("add_scalar_left", () -> add(2.5, A()));
        put("subtract_scalar_right", () -> A().subtract(0.75));
        put("subtract_scalar_left", () -> subtract(2.0, A()));
        put("multiply_scalar_left", () -> multiply(3.0, A()));
        put("divide_scalar_left", () -> divide(1.0, B()));
        put("divide_scalar_right", () -> A().divide(4.0));
        put("power_arrays", () -> P().power(B()));
        put("power_scalar", () -> A().power(2.0));
        put("power_scalar_left", () -> power(2.0, A()));
        put("power_int_int", () -> I().power(2));
        put("power_int_float", () -> I().power(2.0));
        put("maximum", () -> maximum(A(), C()));
        put("minimum", () -> minimum(A(), B()));
        put("maximum_scalar", () -> maximum(A(), 0.0));
        put("minimum_scalar_left", () -> minimum(0.1, A()));
        put("maximum_int", () -> maximum(I(), J()));
        put("int_add", () -> I().add(J()));
        put("int_subtract", () -> I().subtract(J()));
        put("int_multiply", () -> I().multiply(J()));
        put("int_divide", () -> I().divide(J()));
        put("int_add_int_scalar", () -> I().add(3));
        put("int_multiply_int_scalar", () -> I().multiply(-2));
        put("int_add_float_scalar", () -> I().add(2.5));
        put("int_subtract_int_scalar_left", () -> subtract(3L, I()));
        put("int_add_np_int_scalar", () -> add(I(), 2));
        put("int_multiply_scalar_left", () -> multiply(3, I()));
        put("int_maximum_int_scalar", () -> I().maximum(2));
        put("int_minimum_int_scalar_left", () -> minimum(1, I()));
        put("int32_subtract_scalar_left", () -> subtract(10, I32()));
        put("int_divide_int_scalar", () -> I().divide(2));
        put("float_add_int_scalar", () -> A().add(2));

        // dtype promotion
        put("promote_int32_float32", () -> I32().add(F32()));
        put("promote_int32_int64", () -> I32().add(J()));
        put("promote_float32_float64", () -> F32().add(B()));
        put("promote_int64_float32", () -> J().multiply(F32()));
        put("promote_bool_int32", () -> BB().add(I32()));
        put("promote_bool_bool_add", () -> BA().add(BB()));
        put("promote_bool_bool_multiply", () -> BA().multiply(BB()));
        put("promote_bool_int_scalar", () -> BB().add(1));
        put("promote_bool_float_scalar", () -> BB().add(1.5));
        put("promote_int32_int_scalar", () -> I32().add(3));
        put("promote_int32_float_scalar", () -> I32().multiply(2.5));
        put("promote_float32_float_scalar", () -> F32().multiply(2.5));
        put("promote_float32_int_scalar", () -> F32().add(2));
        put("promote_int32_divide", () -> I32().divide(I32()));
        put("promote_float32_float32", () -> F32().multiply(F32()));
        put("promote_bool_maximum", () -> maximum(BA(), BB()));

        // unary
        put("negative", () -> A().negative());
        put("negative_int", () -> I().negative());
        put("exp", () -> A().exp());
        put("exp_int", () -> J().exp());
        put("log", () -> P().log());
        put("sqrt", () -> P().sqrt());
        put("sqrt_int", () -> arange(6).sqrt());
        put("abs", () -> A().abs());
        put("abs_int", () -> I().abs());
        put("abs_float32", () -> F32().abs());
        put("tanh", () -> A().tanh());
        put("square", () -> A().square());
        put("square_int", () -> I().square());
        put("sin", () -> sin(A()));
        put("cos", () -> cos(A()));
        put("log1p", () -> log1p(P()));
        put("exp_float32", () -> F32().exp());
        put("sqrt_float32", () -> F32().abs().sqrt());

        // comparisons and logical
        put("greater_scalar", () -> A().greater(0.0));
        put("less_bcast", () -> A().less(B()));
        put("less_equal_int", () -> I().less_equal(J()));
        put("greater_equal_bcast", () -> C().greater_equal(D()));
        put("equal_int", () -> I().equal(J()));
        put("equal_scalar", () -> I().equal(3.0));
        put("not_equal", () -> I().not_equal(J()));
        put("less_mixed_dtypes", () -> I32().less(F32()));
        put("logical_and", () -> logical_and(BA(), BB()));
        put("logical_or", () -> logical_or(BA(), BB()));
        put("logical_not", () -> logical_not(BA()));
        put("logical_and_int", () -> logical_and(I(), J()));
        put("logical_not_cmp", () -> logical_not(A().greater(0.0)));

        // where, clip
        put("where_scalar_else", () -> where(A().greater(0.0), A(), 0.0));
        put("where_arrays_int", () -> where(BA(), I(), J()));
        put("where_scalars", () -> where(BA(), 1.0, -1.0));
        put("where_bcast", () -> where(BB(), A(), C()));
        put("where_int32_int_scalar", () -> where(BB(), I32(), 5));
        put("clip", () -> clip(A(), -0.5, 0.5));
        put("clip_arrays", () -> clip(A(), C(), B()));
        put("clip_int", () -> clip(I(), -2, 5));
        put("clip_int_float_bounds", () -> clip(I(), -2.0, 5.0));

        // reductions
        put("sum", () -> A().sum());
        put("sum_axis0", () -> A().sum(0));
        put("sum_axis1", () -> A().sum(1));
        put("sum_axis_neg1", () -> A().sum(-1));
        put("sum_axis0_keepdims", () -> A().sum(0, true));
        put("sum_axis_neg1_keepdims", () -> A().sum(-1, true));
        put("sum_int", () -> I().sum());
        put("sum_int_axis0", () -> I().sum(0));
        put("sum_int32", () -> I32().sum());
        put("sum_bool", () -> BA().sum());
        put("sum_bool_axis0", () -> BA().sum(0));
        put("sum_float32", () -> F32().sum());
        put("sum_3d_axis1", () -> T3().sum(1));
        put("sum_3d_axis_neg1", () -> T3().sum(-1));
        put("sum_big", () -> arange(2000).divide(7.0).sum());
        put("sum_big_2d_axis0", () -> S().sum(0));
        put("mean", () -> A().mean());
        put("mean_axis0", () -> A().mean(0));
        put("mean_axis_neg1_keepdims", () -> A().mean(-1, true));
        put("mean_int", () -> I().mean());
        put("mean_int_axis1", () -> I().mean(1));
        put("max", () -> A().max());
        put("max_axis0", () -> A().max(0));
        put("max_axis1_keepdims", () -> A().max(1, true));
        put("max_int_axis1", () -> I().max(1));
        put("max_int32_axis0", () -> I32().max(0));
        put("min", () -> A().min());
        put("min_axis_neg1", () -> A().min(-1));
        put("min_int", () -> I().min());
        put("min_axis0_keepdims", () -> I().min(0, true));
        put("prod", () -> P().prod());
        put("prod_axis1", () -> A().prod(1));
        put("prod_int_axis0", () -> I().prod(0));
        put("prod_int32", () -> I32().prod());
        put("prod_keepdims", () -> A().prod(0, true));
        put("argmax", () -> A().argmax());
        put("argmax_axis0", () -> I().argmax(0));
        put("argmax_axis_neg1", () -> I().argmax(-1));
        put("argmax_ties", () -> K().argmax());
        put("argmax_ties_axis1", () -> K().argmax(1));
        put("argmax_3d_axis1", () -> T3().subtract(11).abs().argmax(1));
        put("argmin", () -> I().argmin());
        put("argmin_axis1", () -> A().argmin(1));
        put("argmin_ties_axis0", () -> K().argmin(0));
        put("argmin_float32", () -> F32().argmin());
        put("any", () -> BA().any());
        put("any_axis0", () -> BA().any(0));
        put("any_axis1", () -> A().greater(0.0).any(1));
        put("all", () -> BA().all());
        put("all_axis0", () -> BA().all(0));
        put("all_axis_neg1", () -> BA().all(-1));
        put("any_int", () -> I().any(0));
        put("all_int", () -> I().all());
        put("norm", () -> linalg.norm(A()));
        put("norm_1d", () -> linalg.norm(B()));
        put("norm_int", () -> linalg.norm(I()));

        // linear algebra
        put("dot_1d_1d", () -> dot(B(), B()));
        put("dot_2d_1d", () -> dot(A(), B()));
        put("dot_1d_2d", () -> dot(R3(), A()));
        put("dot_2d_2d", () -> dot(A(), M()));
        put("matmul_1d_1d", () -> matmul(J(), J()));
        put("matmul_2d_1d", () -> matmul(A(), B()));
        put("matmul_1d_2d", () -> matmul(R3(), A()));
        put("matmul_2d_2d", () -> matmul(A(), M()));
        put("matmul_transposed", () -> {
            NdArray a = A();
            return a.T().matmul(a);
        });
        put("matmul_int", () -> {
            NdArray i = I();
            return i.matmul(i.T());
        });
        put("matmul_int_1d", () -> I().matmul(J()));
        put("matmul_int32_float32", () -> I32().matmul(F32()));
        put("matmul_sliced", () -> S().get("::2, 1:5").matmul(M().get(":, ::-1")));
        put("dot_int_float", () -> dot(I(), B()));

        // transpose, reshape
        put("transpose", () -> A().T());
        put("transpose_1d", () -> B().T());
        put("transpose_3d", () -> T3().T());
        put("transpose_axes", () -> transpose(T3(), 2, 0, 1));
        put("transpose_add", () -> A().T().add(R3()));
        put("reshape", () -> arange(12).reshape(3, 4));
        put("reshape_neg1", () -> A().reshape(-1, 6));
        put("reshape_neg1_last", () -> A().reshape(4, -1));
        put("reshape_3d", () -> A().reshape(2, 2, 3));
        put("reshape_of_transpose", () -> A().T().reshape(12));
        put("reshape_of_slice", () -> S().get("::2, ::3").reshape(4, 3));
        put("reshape_3d_to_2d", () -> T3().reshape(6, 4));
        put("reshape_add_axes", () -> B().reshape(1, 4, 1));
        put("ravel", () -> A().ravel());
        put("ravel_transpose", () -> A().T().ravel());
        put("flatten", () -> T3().flatten());
        put("copy_of_view", () -> S().get("1:3, ::-2").copy());

        // slicing
        put("slice_string", () -> S().get("1:-1, ::2"));
        put("slice_reverse", () -> S().get("::-1"));
        put("slice_reverse_step2_int", () -> S().get("::-2, 3"));
        put("slice_neg_step_cols", () -> S().get(":, ::-3"));
        put("slice_down_range", () -> S().get("4:1:-1, 2:8:3"));
        put("slice_newaxis_front", () -> S().get(newaxis, 2));
        put("slice_ellipsis_newaxis", () -> S().get(ellipsis, newaxis));
        put("slice_int_newaxis", () -> S().get(1, Np.all(), newaxis));
        put("slice_last_row", () -> S().get(-1));
        put("slice_element", () -> S().get(2, -3));
        put("slice_mid_newaxis", () -> S().get(":, None, 1:3"));
        put("slice_objects", () -> S().get(slice(1L, null, 2L), 3));
        put("slice_clamped", () -> S().get("-100:100, 8:100"));
        put("slice_empty", () -> S().get("3:3"));
        put("slice_chained", () -> S().get("1:, ::2").get("::-1, 1:"));
        put("slice_3d", () -> T3().get(":, ::-1, 1::2"));
        put("slice_3d_ellipsis_last", () -> T3().get("..., 0"));
        put("slice_3d_ellipsis_first", () -> T3().get("1, ..."));
        put("slice_3d_ellipsis_newaxis", () -> T3().get("..., None, 1"));
        put("slice_reverse_add", () -> S().get("::-1, ::2").add(1.0));
        put("slice_reverse_sum0", () -> S().get("1:5:2, ::-1").sum(0));
        put("slice_views_binary", () -> {
            NdArray s = S();
            return s.get("::-1, 1:4").multiply(s.get(":, 5:8"));
        });
        put("slice_transpose_view_sum", () -> S().get("::2").T().sum(1));
        put("slice_1d_negative", () -> arange(10).get("8:2:-2"));
        put("slice_1d_negative_stop", () -> arange(10).get("-3::-1"));

        // slice assignment, out=
        put("setitem_scalar", () -> Z().set("1:3, ::2", 7.0));
        put("setitem_reverse_column", () -> Z().set("::-1, 0", arange(4).multiply(1.0)));
        put("setitem_row_bcast", () -> Z().set(new Object[]{0}, V()));
        put("setitem_column_scalar", () -> Z().set(":, 4", -2.5));
        put("setitem_block_bcast", () -> Z().set("2:, 1:3", array(new double[][]{{1.5, -0.5}})));
        put("setitem_string", () -> Z().set("1:-1, 1:-1", full(sh(2, 3), 4.0)));
        put("setitem_string_scalar", () -> Z().set("::2, ::-2", 9.0));
        put("setitem_int_into_float", () -> Z().set("1:, 1:", I()));
        put("setitem_overlap", () -> {
            NdArray a = arange(10).multiply(1.0);
            return a.set("1:", a.get(":-1"));
        });
        put("setitem_overlap_reverse", () -> {
            NdArray a = arange(10).multiply(1.0);
            return a.set(":", a.get("::-1"));
        });
        put("setitem_element", () -> Z().set("2, 3", 5.0));
        put("setitem_then_compute", () -> {
            NdArray z = Z().set("1:3, 1:4", 2.0);
            return z.multiply(z).sum(1);
        });
        put("fill_view", () -> Z().set(":, 1", 3.0).set("2", 1.0));
        put("copyto_bcast", () -> {
            NdArray z = Z();
            copyto(z, V());
            return z;
        });
        put("out_add", () -> {
            NdArray out = zeros(3, 4);
            NdArray r = add(A(), B(), out);
            if (r != out) {
                throw new AssertionError("add(a, b, out) did not return out");
            }
            return out;
        });
        put("out_into_view", () -> {
            NdArray z = Z();
            multiply(V().get("1:4"), 2.0, z.get("1, 1:4"));
            return z;
        });
        put("out_int_into_float", () -> {
            NdArray out = zeros(3, 4);
            add(I(), J(), out);
            return out;
        });

        put("out_int64_into_int32", () -> {
            NdArray out = zeros(sh(4), int32);
            add(J(), J(), out);
            return out;
        });
        put("out_unary", () -> {
            NdArray out = zeros(3, 4);
            sqrt(P(), out);
            return out;
        });

        // astype
        put("astype_float_to_int64", () -> A().multiply(3.0).astype(int64));
        put("astype_float_to_int32", () -> A().multiply(3.0).astype(int32));
        put("astype_float_to_float32", () -> A().astype(float32));
        put("astype_int_to_float64", () -> I().astype(float64));
        put("astype_int_to_bool", () -> I().astype(bool));
        put("astype_float_to_bool", () -> arange(6).subtract(2.0).multiply(0.5).astype(bool));
        put("astype_bool_to_float64", () -> BA().astype(float64));
        put("astype_bool_to_int32", () -> BA().astype(int32));
        put("astype_float32_to_float64", () -> F32().astype(float64));
        put("astype_int64_to_int32", () -> I().astype(int32));
        put("astype_of_view", () -> S().get("::-2, 1::3").astype(int64));

        // printing
        put("repr_int", () -> arange(12).reshape(3, 4));
        put("repr_int_neg", ReferenceCases::I);
        put("repr_int32", ReferenceCases::I32);
        put("repr_float", ReferenceCases::A);
        put("repr_float_simple", () -> array(1.0, 2.5, -3.25));
        put("repr_float_whole", () -> array(1.0, 2.0, 3.0));
        put("repr_float32", ReferenceCases::F32);
        put("repr_bool", ReferenceCases::BA);
        put("repr_bool_1d", ReferenceCases::BB);
        put("repr_3d", ReferenceCases::T3);
        put("repr_0d_float", () -> A().sum());
        put("repr_0d_int", () -> I().sum());
        put("repr_0d_bool", () -> BA().any());
        put("repr_empty", () -> zeros(0));
        put("repr_sci_small", () -> array(1e-5, 2.5e-3, 1.0));
        put("repr_sci_large", () -> array(1.5e9, 2.0, -3.0));
        put("repr_nan_inf", () -> array(1.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
        put("repr_long_row", () -> arange(30).divide(7.0));
        put("repr_long_int_row", () -> arange(40));
        put("repr_big_1d", () -> arange(2000));
        put("repr_big_2d", () -> arange(10000).reshape(100, 100).divide(7.0).subtract(50.0));
        put("repr_big_3d", () -> arange(2400).reshape(4, 20, 30));
        put("repr_empty_2d", () -> zeros(0, 3));
        put("repr_empty_int32", () -> zeros(sh(2, 0), int32));
        put("repr_empty_bool", () -> zeros(sh(0), bool));
        put("repr_big_int32", () -> arange(2000).astype(int32));
        put("repr_big_float32", () -> arange(1001).astype(float32));
        put("repr_float32_wrap", () -> arange(16).astype(float32).divide(7.0));
        put("repr_int32_wrap", () -> arange(13).astype(int32).multiply(1000000));
        put("repr_0d_int32", () -> I32().max());
        put("repr_rounding", () -> array(0.323456785, 0.100000005, 1.000000005, 0.123456785));
        put("repr_sci_rounding", () -> array(1.23456789e-5, 9.9999999995e5, 1.0));
        put("repr_sci_3digit_exponent", () -> array(1e-300, 1.0));
        put("repr_sci_negative_zero", () -> array(1e5, 1e-5, -0.0));
        put("repr_eye", () -> eye(3));
        put("repr_negative_zero", () -> array(0.0, -0.0, 1.5));
        put("repr_view", () -> S().get("::-2, 1:4"));

        // edge cases: NaN, overflow, 0-d and empty operands, truthiness of non-bool operands
        double nan = Double.NaN;
        put("nan_max", () -> array(1.0, nan, 3.0, nan).max());
        put("nan_min_axis", () -> array(1.0, nan, 3.0, nan).reshape(2, 2).min(0));
        put("nan_argmax", () -> array(1.0, nan, 3.0, nan).argmax());
        put("nan_argmin", () -> array(2.0, 1.0, nan, nan).argmin());
        put("nan_maximum", () -> maximum(array(1.0, nan, 3.0, nan), 2.0));
        put("nan_minimum_left", () -> minimum(2.0, array(1.0, nan, 3.0, nan)));
        put("nan_compare", () -> array(1.0, nan, 3.0, nan).equal(array(1.0, nan, 3.0, nan)));
        put("nan_not_equal", () -> array(1.0, nan, 3.0, nan).not_equal(array(1.0, nan, 3.0, nan)));
        put("nan_sum", () -> array(1.0, nan, 3.0, nan).sum());
        put("divide_by_zero", () -> array(1.0, -1.0, 0.0).divide(0.0));
        put("int_divide_by_zero", () -> array(1L, 0L, -2L).divide(array(0L, 0L, 0L)));
        put("log_zero_negative", () -> array(0.0, -1.0, 1.0).log());
        put("int64_overflow_wraps", () -> array(1L << 62, 3L).multiply(4));
        put("int32_overflow_wraps", () -> array(Integer.MAX_VALUE, 5).add(1));
        put("int32_multiply_wraps", () -> array(1 << 30, 3).multiply(array(4, 4)));
        put("int32_sum_no_overflow", () -> array(Integer.MAX_VALUE, Integer.MAX_VALUE).sum());
        put("int64_to_float32", () -> array((1L << 53) + 1, (1L << 24) + 1).astype(float32));
        put("float_to_bool_nan_negzero", () -> array(-0.0, nan, 0.5).astype(bool));
        put("full_bool_from_int", () -> full(sh(2), 2, bool));
        put("where_int_condition", () -> where(I(), 1.0, 0.0));
        put("logical_not_float", () -> logical_not(C()));
        put("logical_or_float", () -> logical_or(A().multiply(0.0), array(0.0, 1.0, 0.0, 2.0)));
        put("logical_and_float_fraction", () -> logical_and(C(), B()));
        put("where_float_condition", () -> where(C(), 1.0, 0.0));
        put("all_float_fraction", () -> C().all(0));
        put("any_float_fraction", () -> C().multiply(0.5).any());
        put("any_float_axis0", () -> C().abs().greater(0.1).any(0));
        put("max_bool", () -> BA().max());
        put("min_bool_axis", () -> BA().min(1));
        put("argmax_bool", () -> BB().get("1:").argmax());
        put("prod_bool", () -> BA().prod(0));
        put("mean_float32", () -> F32().mean());
        put("sum_float32_axis", () -> F32().reshape(2, 2).sum(0));
        put("sum_keepdims_1d", () -> B().sum(0, true));
        put("sum_size1_axis", () -> C().sum(1));
        put("sum_empty_axis0", () -> zeros(0, 3).sum(0));
        put("sum_empty_axis1", () -> zeros(3, 0).sum(1));
        put("prod_empty", () -> zeros(0).prod());
        put("any_empty", () -> zeros(sh(0), bool).any());
        put("all_empty", () -> zeros(sh(0), bool).all());
        put("zero_d_add_array", () -> A().sum().add(B()));
        put("zero_d_times_scalar", () -> A().sum().multiply(2.0));
        put("zero_d_reshape", () -> scalar(2.5).reshape(1, 1));
        put("size1_reshape_0d", () -> ones(1).reshape(new long[0]));
        put("dot_0d", () -> dot(scalar(2.5), B()));
        put("transpose_noargs", () -> transpose(A()));
        put("get_ellipsis_only", () -> A().get("..."));
        put("flatten_0d", () -> scalar(2.5).flatten());
        put("ravel_of_slice", () -> S().get("1:3, ::4").ravel());
        put("arange_negative_stop", () -> arange(-3));
        put("linspace_2", () -> linspace(-1.0, 1.0, 2));
        put("eye_0", () -> eye(0));
        put("copy_is_independent", () -> {
            NdArray a = A();
            a.copy().fill(0.0);
            return a;
        });

        // bigger arrays; the matrix product is big enough (m*n*k >= 64^3) for task-library's ND4J path
        put("gemm_big_corner", () -> X().matmul(Y()).get("::9, ::9"));
        put("gemm_big_rowsums", () -> X().matmul(Y()).sum(1));
        put("gemm_big_float32_corner", () -> {
            NdArray xs = arange(70).reshape(70, 1).divide(16.0).subtract(2.0).add(arange(60).divide(16.0).subtract(1.5)).astype(float32);
            NdArray ys = arange(60).reshape(60, 1).divide(8.0).subtract(3.0).add(arange(64).divide(16.0).subtract(2.0)).astype(float32);
            return xs.matmul(ys).get("::9, ::9");
        });
        put("matvec_big", () -> X().matmul(arange(60).divide(8.0).subtract(3.0)));
        put("vecmat_big", () -> arange(70).divide(16.0).subtract(2.0).matmul(X()));
        put("dot_big_1d", () -> dot(arange(3000).divide(8.0), arange(3000).divide(16.0).subtract(90.0)));
        put("gram_big_corner", () -> {
            NdArray x = X();
            return x.T().matmul(x).get("::7, ::7");
        });
        put("big_sum_axis0", () -> X().sum(0));
        put("big_sum_axis1", () -> X().sum(1));
        put("big_mean_axis0", () -> X().mean(0));
        put("big_max_axis1", () -> X().subtract(11.3).abs().max(1));
        put("big_argmax_axis0", () -> X().subtract(11.3).abs().argmax(0));
        put("big_argmin", () -> X().subtract(11.3).abs().argmin());
        put("big_where", () -> {
            NdArray x = X();
            return where(x.greater(0.0), x, x.negative().multiply(0.5)).get("::4, ::5");
        });
        put("big_slices_binary", () -> {
            NdArray x = X();
            return x.get("::-3, 5:50:2").add(x.get(":72:3, 49:3:-2"));
        });
        put("big_reshape_copy", () -> X().T().reshape(40, 105).get("::5, ::10"));
        put("big_astype", () -> X().multiply(3.3).astype(int64).get("::10, ::6"));
        put("big_norm", () -> linalg.norm(X()));
        put("big_any_axis0", () -> X().greater(35.0).any(0));
        put("big_setitem", () -> {
            NdArray z = zeros(70, 60);
            z.set("10:60:2, ::-5", X().get(":25, :12"));
            return z.get("::4, ::3");
        });
    }
}
