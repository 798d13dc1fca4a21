#!/usr/bin/env python3
"""Reference values for the ndarray-api tests, computed with NumPy.

Writes ndarray-api/src/test/resources/reference/ndarray_reference.json: for every named case the
shape, NumPy's dtype name, the flat (row-major) values and, for printing cases, NumPy's repr.
Float values are Python reprs (shortest round-trip strings, so Double.parseDouble gives the exact
double); ints are decimal strings; bools are "True"/"False"; "values" is null where only shape and
dtype are meaningful (np.empty).

The inputs are built deterministically, and NdArrayReferenceTest builds the same inputs with the
same operations in the same order (e.g. np.arange(12).reshape(3, 4) / 7.0 - 1.3), so most values
are bit-for-bit the same. Each case name here must have a builder of the same name in
ndarray-api/src/test/java/dev/cohort/ndarray/NdArrayReferenceTest.java.

Run from the repository root:  python3 tools/reference/ndarray_reference.py
"""
import json
import os
import sys

import numpy as np

# ----------------------------------------------------------------------------- inputs


def A():   # (3,4) float64, mixed signs
    return np.arange(12).reshape(3, 4) / 7.0 - 1.3


def B():   # (4,) float64, positive
    return np.arange(4) / 3.0 + 0.5


def C():   # (3,1) float64
    return np.arange(3).reshape(3, 1) * 0.25 - 0.2


def D():   # (1,4) float64
    return np.arange(4).reshape(1, 4) * 1.5 + 0.1


def P():   # (3,4) float64, positive
    return np.arange(12).reshape(3, 4) / 5.0 + 0.1


def M():   # (4,5) float64
    return np.arange(20).reshape(4, 5) / 9.0 - 1.0


def R3():  # (3,) float64
    return np.arange(3) * 0.5 - 0.4


def V():   # (5,) float64
    return np.arange(5) / 4.0 - 0.6


def S():   # (6,10) float64
    return np.arange(60).reshape(6, 10) / 11.0 - 2.0


def T3():  # (2,3,4) int64
    return np.arange(24).reshape(2, 3, 4)


def I():   # (3,4) int64
    return np.array([[3, -1, 4, 1], [-5, 9, 2, -6], [5, 3, -5, 8]], dtype=np.int64)


def J():   # (4,) int64
    return np.array([2, 7, -1, 8], dtype=np.int64)


def K():   # (2,3) int64 with ties
    return np.array([[1, 3, 3], [2, 2, 1]], dtype=np.int64)


def I32():  # (4,) int32
    return np.array([1, 2, 3, 4], dtype=np.int32)


def F32():  # (4,) float32
    return np.array([0.5, 1.25, -2.0, 3.75], dtype=np.float32)


def BA():  # (3,4) bool
    return np.array([[True, False, True, False], [False, False, True, True], [True, True, True, False]])


def BB():  # (4,) bool
    return np.array([True, False, False, True])


def Z():   # (4,5) float64 zeros, the target of slice assignments
    return np.zeros((4, 5))


def X():   # (70,60) float64, multiples of 1/64: products and sums of products are exact in any order
    return np.arange(4200).reshape(70, 60) / 64.0 - 30.0


def Y():   # (60,64) float64, multiples of 1/32
    return np.arange(3840).reshape(60, 64) / 32.0 - 60.0


# ----------------------------------------------------------------------------- cases

CASES = {}
REPR = set()
NOVALUES = set()


def case(name, repr_=False, values=True):
    def deco(f):
        assert name not in CASES, name
        CASES[name] = f
        if repr_:
            REPR.add(name)
        if not values:
            NOVALUES.add(name)
        return f
    return deco


def add(name, f, repr_=False, values=True):
    case(name, repr_, values)(f)


# creation
add("array_double", lambda: np.array([1.5, -2.0, 3.25]))
add("array_double2d", lambda: np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]))
add("array_long", lambda: np.array([3, -4, 5], dtype=np.int64))
add("array_long2d", lambda: np.array([[1, 2], [3, 4], [5, 6]], dtype=np.int64))
add("array_int", lambda: np.array([7, -8, 9], dtype=np.int32))
add("array_float", lambda: np.array([0.5, -1.5, 2.25], dtype=np.float32))
add("array_bool", lambda: np.array([True, False, True]))
add("array_shaped", lambda: np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).reshape(2, 3))
add("asarray_double", lambda: np.asarray([1.0, 2.0]))
add("zeros", lambda: np.zeros((2, 3)))
add("zeros_int32", lambda: np.zeros((2, 3), dtype=np.int32))
add("zeros_0d", lambda: np.zeros(()))
add("ones_1d", lambda: np.ones(4))
add("ones_bool", lambda: np.ones((2, 2), dtype=bool))
add("ones_int64", lambda: np.ones((3,), dtype=np.int64))
add("full", lambda: np.full((2, 2), 3.5))
add("full_int64", lambda: np.full((2, 3), 7, dtype=np.int64))
add("full_float32", lambda: np.full((3,), 0.1, dtype=np.float32))
add("empty", lambda: np.empty((2, 4)), values=False)
add("empty_int32", lambda: np.empty((3,), dtype=np.int32), values=False)
add("zeros_like_int", lambda: np.zeros_like(I()))
add("ones_like_f32", lambda: np.ones_like(F32()))
add("full_like_float", lambda: np.full_like(A(), 2.5))
add("full_like_int", lambda: np.full_like(I(), 7))
add("empty_like", lambda: np.empty_like(BA()), values=False)
add("arange_int", lambda: np.arange(10))
add("arange_int_start_step", lambda: np.arange(2, 11, 3))
add("arange_int_negative_step", lambda: np.arange(10, 0, -3))
add("arange_int_empty", lambda: np.arange(5, 2))
add("arange_float", lambda: np.arange(0.0, 1.0, 0.1))
add("arange_float_neg", lambda: np.arange(-1.0, 1.0, 0.25))
add("arange_float_down", lambda: np.arange(2.0, -1.0, -0.5))
add("linspace", lambda: np.linspace(0.0, 1.0, 5))
add("linspace_7", lambda: np.linspace(-1.0, 2.0, 7))
add("linspace_1", lambda: np.linspace(2.0, 3.0, 1))
add("linspace_0", lambda: np.linspace(0.0, 1.0, 0))
add("eye", lambda: np.eye(3))
add("eye_rect", lambda: np.eye(2, 4))
add("scalar_0d", lambda: np.array(2.5))

# elementwise binary, broadcasting and scalars
add("add", lambda: A() + P())
add("add_bcast_row", lambda: A() + B())
add("add_bcast_col_row", lambda: C() + D())
add("multiply_bcast_col_row", lambda: C() * D())
add("subtract_bcast", lambda: A() - C())
add("divide_bcast", lambda: A() / B())
add("add_scalar_right", lambda: A() + 2.5)
add("add_scalar_left", lambda: 2.5 + A())
add("subtract_scalar_right", lambda: A() - 0.75)
add("subtract_scalar_left", lambda: 2.0 - A())
add("multiply_scalar_left", lambda: 3.0 * A())
add("divide_scalar_left", lambda: 1.0 / B())
add("divide_scalar_right", lambda: A() / 4.0)
add("power_arrays", lambda: P() ** B())
add("power_scalar", lambda: A() ** 2.0)
add("power_scalar_left", lambda: 2.0 ** A())
add("power_int_int", lambda: I() ** 2)
add("power_int_float", lambda: I() ** 2.0)
add("maximum", lambda: np.maximum(A(), C()))
add("minimum", lambda: np.minimum(A(), B()))
add("maximum_scalar", lambda: np.maximum(A(), 0.0))
add("minimum_scalar_left", lambda: np.minimum(0.1, A()))
add("maximum_int", lambda: np.maximum(I(), J()))
add("int_add", lambda: I() + J())
add("int_subtract", lambda: I() - J())
add("int_multiply", lambda: I() * J())
add("int_divide", lambda: I() / J())
add("int_add_int_scalar", lambda: I() + 3)
add("int_multiply_int_scalar", lambda: I() * -2)
add("int_add_float_scalar", lambda: I() + 2.5)
add("int_subtract_int_scalar_left", lambda: 3 - I())
add("int_add_np_int_scalar", lambda: np.add(I(), 2))
add("int_multiply_scalar_left", lambda: 3 * I())
add("int_maximum_int_scalar", lambda: np.maximum(I(), 2))
add("int_minimum_int_scalar_left", lambda: np.minimum(1, I()))
add("int32_subtract_scalar_left", lambda: 10 - I32())
add("int_divide_int_scalar", lambda: I() / 2)
add("float_add_int_scalar", lambda: A() + 2)

# dtype promotion
add("promote_int32_float32", lambda: I32() + F32())
add("promote_int32_int64", lambda: I32() + J())
add("promote_float32_float64", lambda: F32() + B())
add("promote_int64_float32", lambda: J() * F32())
add("promote_bool_int32", lambda: BB() + I32())
add("promote_bool_bool_add", lambda: BA() + BB())
add("promote_bool_bool_multiply", lambda: BA() * BB())
add("promote_bool_int_scalar", lambda: BB() + 1)
add("promote_bool_float_scalar", lambda: BB() + 1.5)
add("promote_int32_int_scalar", lambda: I32() + 3)
add("promote_int32_float_scalar", lambda: I32() * 2.5)
add("promote_float32_float_scalar", lambda: F32() * 2.5)
add("promote_float32_int_scalar", lambda: F32() + 2)
add("promote_int32_divide", lambda: I32() / I32())
add("promote_float32_float32", lambda: F32() * F32())
add("promote_bool_maximum", lambda: np.maximum(BA(), BB()))

# unary
add("negative", lambda: -A())
add("negative_int", lambda: -I())
add("exp", lambda: np.exp(A()))
add("exp_int", lambda: np.exp(J()))
add("log", lambda: np.log(P()))
add("sqrt", lambda: np.sqrt(P()))
add("sqrt_int", lambda: np.sqrt(np.arange(6)))
add("abs", lambda: np.abs(A()))
add("abs_int", lambda: np.abs(I()))
add("abs_float32", lambda: np.abs(F32()))
add("tanh", lambda: np.tanh(A()))
add("square", lambda: np.square(A()))
add("square_int", lambda: np.square(I()))
add("sin", lambda: np.sin(A()))
add("cos", lambda: np.cos(A()))
add("log1p", lambda: np.log1p(P()))
add("exp_float32", lambda: np.exp(F32()))
add("sqrt_float32", lambda: np.sqrt(np.abs(F32())))

# comparisons and logical
add("greater_scalar", lambda: A() > 0.0)
add("less_bcast", lambda: A() < B())
add("less_equal_int", lambda: I() <= J())
add("greater_equal_bcast", lambda: C() >= D())
add("equal_int", lambda: I() == J())
add("equal_scalar", lambda: I() == 3.0)
add("not_equal", lambda: I() != J())
add("less_mixed_dtypes", lambda: I32() < F32())
add("logical_and", lambda: np.logical_and(BA(), BB()))
add("logical_or", lambda: np.logical_or(BA(), BB()))
add("logical_not", lambda: np.logical_not(BA()))
add("logical_and_int", lambda: np.logical_and(I(), J()))
add("logical_not_cmp", lambda: np.logical_not(A() > 0.0))

# where, clip
add("where_scalar_else", lambda: np.where(A() > 0.0, A(), 0.0))
add("where_arrays_int", lambda: np.where(BA(), I(), J()))
add("where_scalars", lambda: np.where(BA(), 1.0, -1.0))
add("where_bcast", lambda: np.where(BB(), A(), C()))
add("where_int32_int_scalar", lambda: np.where(BB(), I32(), 5))
add("clip", lambda: np.clip(A(), -0.5, 0.5))
add("clip_arrays", lambda: np.clip(A(), C(), B()))
add("clip_int", lambda: np.clip(I(), -2, 5))
add("clip_int_float_bounds", lambda: np.clip(I(), -2.0, 5.0))

# reductions
add("sum", lambda: np.sum(A()))
add("sum_axis0", lambda: np.sum(A(), axis=0))
add("sum_axis1", lambda: np.sum(A(), axis=1))
add("sum_axis_neg1", lambda: np.sum(A(), axis=-1))
add("sum_axis0_keepdims", lambda: np.sum(A(), axis=0, keepdims=True))
add("sum_axis_neg1_keepdims", lambda: np.sum(A(), axis=-1, keepdims=True))
add("sum_int", lambda: np.sum(I()))
add("sum_int_axis0", lambda: np.sum(I(), axis=0))
add("sum_int32", lambda: np.sum(I32()))
add("sum_bool", lambda: np.sum(BA()))
add("sum_bool_axis0", lambda: np.sum(BA(), axis=0))
add("sum_float32", lambda: np.sum(F32()))
add("sum_3d_axis1", lambda: np.sum(T3(), axis=1))
add("sum_3d_axis_neg1", lambda: np.sum(T3(), axis=-1))
add("sum_big", lambda: np.sum(np.arange(2000) / 7.0))
add("sum_big_2d_axis0", lambda: np.sum(S(), axis=0))
add("mean", lambda: np.mean(A()))
add("mean_axis0", lambda: np.mean(A(), axis=0))
add("mean_axis_neg1_keepdims", lambda: np.mean(A(), axis=-1, keepdims=True))
add("mean_int", lambda: np.mean(I()))
add("mean_int_axis1", lambda: np.mean(I(), axis=1))
add("max", lambda: np.max(A()))
add("max_axis0", lambda: np.max(A(), axis=0))
add("max_axis1_keepdims", lambda: np.max(A(), axis=1, keepdims=True))
add("max_int_axis1", lambda: np.max(I(), axis=1))
add("max_int32_axis0", lambda: np.max(I32(), axis=0))
add("min", lambda: np.min(A()))
add("min_axis_neg1", lambda: np.min(A(), axis=-1))
add("min_int", lambda: np.min(I()))
add("min_axis0_keepdims", lambda: np.min(I(), axis=0, keepdims=True))
add("prod", lambda: np.prod(P()))
add("prod_axis1", lambda: np.prod(A(), axis=1))
add("prod_int_axis0", lambda: np.prod(I(), axis=0))
add("prod_int32", lambda: np.prod(I32()))
add("prod_keepdims", lambda: np.prod(A(), axis=0, keepdims=True))
add("argmax", lambda: np.argmax(A()))
add("argmax_axis0", lambda: np.argmax(I(), axis=0))
add("argmax_axis_neg1", lambda: np.argmax(I(), axis=-1))
add("argmax_ties", lambda: np.argmax(K()))
add("argmax_ties_axis1", lambda: np.argmax(K(), axis=1))
add("argmax_3d_axis1", lambda: np.argmax(np.abs(T3() - 11), axis=1))
add("argmin", lambda: np.argmin(I()))
add("argmin_axis1", lambda: np.argmin(A(), axis=1))
add("argmin_ties_axis0", lambda: np.argmin(K(), axis=0))
add("argmin_float32", lambda: np.argmin(F32()))
add("any", lambda: np.any(BA()))
add("any_axis0", lambda: np.any(BA(), axis=0))
add("any_axis1", lambda: np.any(A() > 0.0, axis=1))
add("all", lambda: np.all(BA()))
add("all_axis0", lambda: np.all(BA(), axis=0))
add("all_axis_neg1", lambda: np.all(BA(), axis=-1))
add("any_int", lambda: np.any(I(), axis=0))
add("all_int", lambda: np.all(I()))
add("norm", lambda: np.linalg.norm(A()))
add("norm_1d", lambda: np.linalg.norm(B()))
add("norm_int", lambda: np.linalg.norm(I()))

# linear algebra
add("dot_1d_1d", lambda: np.dot(B(), B()))
add("dot_2d_1d", lambda: np.dot(A(), B()))
add("dot_1d_2d", lambda: np.dot(R3(), A()))
add("dot_2d_2d", lambda: np.dot(A(), M()))
add("matmul_1d_1d", lambda: np.matmul(J(), J()))
add("matmul_2d_1d", lambda: np.matmul(A(), B()))
add("matmul_1d_2d", lambda: np.matmul(R3(), A()))
add("matmul_2d_2d", lambda: np.matmul(A(), M()))
add("matmul_transposed", lambda: A().T @ A())
add("matmul_int", lambda: I() @ I().T)
add("matmul_int_1d", lambda: I() @ J())
add("matmul_int32_float32", lambda: I32() @ F32())
add("matmul_sliced", lambda: S()[::2, 1:5] @ M()[:, ::-1])
add("dot_int_float", lambda: np.dot(I(), B()))

# transpose, reshape
add("transpose", lambda: A().T)
add("transpose_1d", lambda: B().T)
add("transpose_3d", lambda: T3().T)
add("transpose_axes", lambda: np.transpose(T3(), (2, 0, 1)))
add("transpose_add", lambda: A().T + R3())
add("reshape", lambda: np.arange(12).reshape(3, 4))
add("reshape_neg1", lambda: A().reshape(-1, 6))
add("reshape_neg1_last", lambda: A().reshape(4, -1))
add("reshape_3d", lambda: A().reshape(2, 2, 3))
add("reshape_of_transpose", lambda: A().T.reshape(12))
add("reshape_of_slice", lambda: S()[::2, ::3].reshape(4, 3))
add("reshape_3d_to_2d", lambda: T3().reshape(6, 4))
add("reshape_add_axes", lambda: B().reshape(1, 4, 1))
add("ravel", lambda: A().ravel())
add("ravel_transpose", lambda: A().T.ravel())
add("flatten", lambda: T3().flatten())
add("copy_of_view", lambda: S()[1:3, ::-2].copy())

# slicing
add("slice_string", lambda: S()[1:-1, ::2])
add("slice_reverse", lambda: S()[::-1])
add("slice_reverse_step2_int", lambda: S()[::-2, 3])
add("slice_neg_step_cols", lambda: S()[:, ::-3])
add("slice_down_range", lambda: S()[4:1:-1, 2:8:3])
add("slice_newaxis_front", lambda: S()[None, 2])
add("slice_ellipsis_newaxis", lambda: S()[..., None])
add("slice_int_newaxis", lambda: S()[1, :, None])
add("slice_last_row", lambda: S()[-1])
add("slice_element", lambda: S()[2, -3])
add("slice_mid_newaxis", lambda: S()[:, None, 1:3])
add("slice_objects", lambda: S()[1::2, 3])
add("slice_clamped", lambda: S()[-100:100, 8:100])
add("slice_empty", lambda: S()[3:3])
add("slice_chained", lambda: S()[1:, ::2][::-1, 1:])
add("slice_3d", lambda: T3()[:, ::-1, 1::2])
add("slice_3d_ellipsis_last", lambda: T3()[..., 0])
add("slice_3d_ellipsis_first", lambda: T3()[1, ...])
add("slice_3d_ellipsis_newaxis", lambda: T3()[..., None, 1])
add("slice_reverse_add", lambda: S()[::-1, ::2] + 1.0)
add("slice_reverse_sum0", lambda: np.sum(S()[1:5:2, ::-1], axis=0))
add("slice_views_binary", lambda: S()[::-1, 1:4] * S()[:, 5:8])
add("slice_transpose_view_sum", lambda: np.sum(S()[::2].T, axis=1))
add("slice_1d_negative", lambda: np.arange(10)[8:2:-2])
add("slice_1d_negative_stop", lambda: np.arange(10)[-3::-1])


# slice assignment
@case("setitem_scalar")
def _():
    z = Z()
    z[1:3, ::2] = 7.0
    return z


@case("setitem_reverse_column")
def _():
    z = Z()
    z[::-1, 0] = np.arange(4) * 1.0
    return z


@case("setitem_row_bcast")
def _():
    z = Z()
    z[0] = V()
    return z


@case("setitem_column_scalar")
def _():
    z = Z()
    z[:, 4] = -2.5
    return z


@case("setitem_block_bcast")
def _():
    z = Z()
    z[2:, 1:3] = np.array([[1.5, -0.5]])
    return z


@case("setitem_string")
def _():
    z = Z()
    z[1:-1, 1:-1] = np.full((2, 3), 4.0)
    return z


@case("setitem_string_scalar")
def _():
    z = Z()
    z[::2, ::-2] = 9.0
    return z


@case("setitem_int_into_float")
def _():
    z = Z()
    z[1:, 1:] = I()
    return z


@case("setitem_overlap")
def _():
    a = np.arange(10) * 1.0
    a[1:] = a[:-1]
    return a


@case("setitem_overlap_reverse")
def _():
    a = np.arange(10) * 1.0
    a[:] = a[::-1]
    return a


@case("setitem_element")
def _():
    z = Z()
    z[2, 3] = 5.0
    return z


@case("setitem_then_compute")
def _():
    z = Z()
    z[1:3, 1:4] = 2.0
    return np.sum(z * z, axis=1)


@case("fill_view")
def _():
    z = Z()
    z[:, 1] = 3.0
    z[2] = 1.0
    return z


@case("copyto_bcast")
def _():
    z = Z()
    np.copyto(z, V())
    return z


@case("out_add")
def _():
    out = np.zeros((3, 4))
    np.add(A(), B(), out=out)
    return out


@case("out_into_view")
def _():
    z = Z()
    np.multiply(V()[1:4], 2.0, out=z[1, 1:4])
    return z


@case("out_int_into_float")
def _():
    out = np.zeros((3, 4))
    np.add(I(), J(), out=out)
    return out


@case("out_int64_into_int32")
def _():
    out = np.zeros(4, dtype=np.int32)
    np.add(J(), J(), out=out)
    return out


@case("out_unary")
def _():
    out = np.zeros((3, 4))
    np.sqrt(P(), out=out)
    return out


# astype
add("astype_float_to_int64", lambda: (A() * 3.0).astype(np.int64))
add("astype_float_to_int32", lambda: (A() * 3.0).astype(np.int32))
add("astype_float_to_float32", lambda: A().astype(np.float32))
add("astype_int_to_float64", lambda: I().astype(np.float64))
add("astype_int_to_bool", lambda: I().astype(bool))
add("astype_float_to_bool", lambda: ((np.arange(6) - 2.0) * 0.5).astype(bool))
add("astype_bool_to_float64", lambda: BA().astype(np.float64))
add("astype_bool_to_int32", lambda: BA().astype(np.int32))
add("astype_float32_to_float64", lambda: F32().astype(np.float64))
add("astype_int64_to_int32", lambda: I().astype(np.int32))
add("astype_of_view", lambda: S()[::-2, 1::3].astype(np.int64))

# printing (repr)
add("repr_int", lambda: np.arange(12).reshape(3, 4), repr_=True)
add("repr_int_neg", lambda: I(), repr_=True)
add("repr_int32", lambda: I32(), repr_=True)
add("repr_float", lambda: A(), repr_=True)
add("repr_float_simple", lambda: np.array([1.0, 2.5, -3.25]), repr_=True)
add("repr_float_whole", lambda: np.array([1.0, 2.0, 3.0]), repr_=True)
add("repr_float32", lambda: F32(), repr_=True)
add("repr_bool", lambda: BA(), repr_=True)
add("repr_bool_1d", lambda: BB(), repr_=True)
add("repr_3d", lambda: T3(), repr_=True)
add("repr_0d_float", lambda: np.asarray(np.sum(A())), repr_=True)
add("repr_0d_int", lambda: np.asarray(np.sum(I())), repr_=True)
add("repr_0d_bool", lambda: np.asarray(np.any(BA())), repr_=True)
add("repr_empty", lambda: np.zeros((0,)), repr_=True)
add("repr_sci_small", lambda: np.array([1e-5, 2.5e-3, 1.0]), repr_=True)
add("repr_sci_large", lambda: np.array([1.5e9, 2.0, -3.0]), repr_=True)
add("repr_nan_inf", lambda: np.array([1.0, np.nan, np.inf, -np.inf]), repr_=True)
add("repr_long_row", lambda: np.arange(30) / 7.0, repr_=True)
add("repr_long_int_row", lambda: np.arange(40), repr_=True)
add("repr_big_1d", lambda: np.arange(2000), repr_=True, values=False)
add("repr_big_2d", lambda: np.arange(10000).reshape(100, 100) / 7.0 - 50.0, repr_=True, values=False)
add("repr_big_3d", lambda: np.arange(2400).reshape(4, 20, 30), repr_=True, values=False)
add("repr_empty_2d", lambda: np.zeros((0, 3)), repr_=True)
add("repr_empty_int32", lambda: np.zeros((2, 0), dtype=np.int32), repr_=True)
add("repr_empty_bool", lambda: np.zeros((0,), dtype=bool), repr_=True)
add("repr_big_int32", lambda: np.arange(2000).astype(np.int32), repr_=True, values=False)
add("repr_big_float32", lambda: np.arange(1001).astype(np.float32), repr_=True, values=False)
add("repr_float32_wrap", lambda: np.arange(16).astype(np.float32) / 7.0, repr_=True)
add("repr_int32_wrap", lambda: np.arange(13).astype(np.int32) * 1000000, repr_=True)
add("repr_0d_int32", lambda: np.asarray(np.max(I32())), repr_=True)
add("repr_rounding", lambda: np.array([0.323456785, 0.100000005, 1.000000005, 0.123456785]), repr_=True)
add("repr_sci_rounding", lambda: np.array([1.23456789e-5, 9.9999999995e5, 1.0]), repr_=True)
add("repr_sci_3digit_exponent", lambda: np.array([1e-300, 1.0]), repr_=True)
add("repr_sci_negative_zero", lambda: np.array([1e5, 1e-5, -0.0]), repr_=True)
add("repr_eye", lambda: np.eye(3), repr_=True)
add("repr_negative_zero", lambda: np.array([0.0, -0.0, 1.5]), repr_=True)
add("repr_view", lambda: S()[::-2, 1:4], repr_=True)


# edge cases: NaN, overflow, 0-d and empty operands, truthiness of non-bool operands
NANS = [1.0, np.nan, 3.0, np.nan]
add("nan_max", lambda: np.max(np.array(NANS)))
add("nan_min_axis", lambda: np.min(np.array(NANS).reshape(2, 2), axis=0))
add("nan_argmax", lambda: np.argmax(np.array(NANS)))
add("nan_argmin", lambda: np.argmin(np.array([2.0, 1.0, np.nan, np.nan])))
add("nan_maximum", lambda: np.maximum(np.array(NANS), 2.0))
add("nan_minimum_left", lambda: np.minimum(2.0, np.array(NANS)))
add("nan_compare", lambda: np.array(NANS) == np.array(NANS))
add("nan_not_equal", lambda: np.array(NANS) != np.array(NANS))
add("nan_sum", lambda: np.sum(np.array(NANS)))
add("divide_by_zero", lambda: np.array([1.0, -1.0, 0.0]) / 0.0)
add("int_divide_by_zero", lambda: np.array([1, 0, -2], dtype=np.int64) / np.array([0, 0, 0], dtype=np.int64))
add("log_zero_negative", lambda: np.log(np.array([0.0, -1.0, 1.0])))
add("int64_overflow_wraps", lambda: np.array([2**62, 3], dtype=np.int64) * 4)
add("int32_overflow_wraps", lambda: np.array([2**31 - 1, 5], dtype=np.int32) + 1)
add("int32_multiply_wraps", lambda: np.array([2**30, 3], dtype=np.int32) * np.array([4, 4], dtype=np.int32))
add("int32_sum_no_overflow", lambda: np.sum(np.array([2**31 - 1, 2**31 - 1], dtype=np.int32)))
add("int64_to_float32", lambda: np.array([2**53 + 1, 2**24 + 1], dtype=np.int64).astype(np.float32))
add("float_to_bool_nan_negzero", lambda: np.array([-0.0, np.nan, 0.5]).astype(bool))
add("full_bool_from_int", lambda: np.full(2, 2, dtype=bool))
add("where_int_condition", lambda: np.where(I(), 1.0, 0.0))
add("logical_not_float", lambda: np.logical_not(C()))
add("logical_or_float", lambda: np.logical_or(A() * 0.0, np.array([0.0, 1.0, 0.0, 2.0])))
add("logical_and_float_fraction", lambda: np.logical_and(C(), B()))
add("where_float_condition", lambda: np.where(C(), 1.0, 0.0))
add("all_float_fraction", lambda: np.all(C(), axis=0))
add("any_float_fraction", lambda: np.any(C() * 0.5))
add("any_float_axis0", lambda: np.any(np.abs(C()) > 0.1, axis=0))
add("max_bool", lambda: np.max(BA()))
add("min_bool_axis", lambda: np.min(BA(), axis=1))
add("argmax_bool", lambda: np.argmax(BB()[1:]))
add("prod_bool", lambda: np.prod(BA(), axis=0))
add("mean_float32", lambda: np.mean(F32()))
add("sum_float32_axis", lambda: np.sum(F32().reshape(2, 2), axis=0))
add("sum_keepdims_1d", lambda: np.sum(B(), axis=0, keepdims=True))
add("sum_size1_axis", lambda: np.sum(C(), axis=1))
add("sum_empty_axis0", lambda: np.sum(np.zeros((0, 3)), axis=0))
add("sum_empty_axis1", lambda: np.sum(np.zeros((3, 0)), axis=1))
add("prod_empty", lambda: np.prod(np.zeros(0)))
add("any_empty", lambda: np.any(np.zeros(0, dtype=bool)))
add("all_empty", lambda: np.all(np.zeros(0, dtype=bool)))
add("zero_d_add_array", lambda: np.asarray(np.sum(A())) + B())
add("zero_d_times_scalar", lambda: np.asarray(np.sum(A())) * 2.0)
add("zero_d_reshape", lambda: np.array(2.5).reshape(1, 1))
add("size1_reshape_0d", lambda: np.ones(1).reshape(()))
add("dot_0d", lambda: np.dot(np.array(2.5), B()))
add("transpose_noargs", lambda: np.transpose(A()))
add("get_ellipsis_only", lambda: A()[...])
add("flatten_0d", lambda: np.array(2.5).flatten())
add("ravel_of_slice", lambda: S()[1:3, ::4].ravel())
add("arange_negative_stop", lambda: np.arange(-3))
add("linspace_2", lambda: np.linspace(-1.0, 1.0, 2))
add("eye_0", lambda: np.eye(0))


@case("copy_is_independent")
def _():
    a = A()
    b = a.copy()
    b[...] = 0.0
    return a


# bigger arrays (exact inputs: sums of products are exact in any order, also in float32),
# and matrix products big enough (m*n*k >= 64^3) for task-library's ND4J path
add("gemm_big_corner", lambda: (X() @ Y())[::9, ::9])
add("gemm_big_rowsums", lambda: np.sum(X() @ Y(), axis=1))
add("gemm_big_float32_corner", lambda: (
    ((np.arange(70).reshape(70, 1) / 16.0 - 2.0) + (np.arange(60) / 16.0 - 1.5)).astype(np.float32)
    @ ((np.arange(60).reshape(60, 1) / 8.0 - 3.0) + (np.arange(64) / 16.0 - 2.0)).astype(np.float32))[::9, ::9])
add("matvec_big", lambda: X() @ (np.arange(60) / 8.0 - 3.0))
add("vecmat_big", lambda: (np.arange(70) / 16.0 - 2.0) @ X())
add("dot_big_1d", lambda: np.dot(np.arange(3000) / 8.0, np.arange(3000) / 16.0 - 90.0))
add("gram_big_corner", lambda: (X().T @ X())[::7, ::7])
add("big_sum_axis0", lambda: np.sum(X(), axis=0))
add("big_sum_axis1", lambda: np.sum(X(), axis=1))
add("big_mean_axis0", lambda: np.mean(X(), axis=0))
add("big_max_axis1", lambda: np.max(np.abs(X() - 11.3), axis=1))
add("big_argmax_axis0", lambda: np.argmax(np.abs(X() - 11.3), axis=0))
add("big_argmin", lambda: np.argmin(np.abs(X() - 11.3)))
add("big_where", lambda: np.where(X() > 0.0, X(), -X() * 0.5)[::4, ::5])
add("big_slices_binary", lambda: X()[::-3, 5:50:2] + X()[:72:3, 49:3:-2])
add("big_reshape_copy", lambda: X().T.reshape(40, 105)[::5, ::10])
add("big_astype", lambda: (X() * 3.3).astype(np.int64)[::10, ::6])
add("big_norm", lambda: np.linalg.norm(X()))
add("big_any_axis0", lambda: np.any(X() > 35.0, axis=0))


@case("big_setitem")
def _():
    z = np.zeros((70, 60))
    z[10:60:2, ::-5] = X()[:25, :12]
    return z[::4, ::3]


# ----------------------------------------------------------------------------- output

def value_str(dtype, v):
    if dtype == np.bool_:
        return "True" if v else "False"
    if np.issubdtype(dtype, np.integer):
        return str(int(v))
    return repr(float(v))


def main():
    np.seterr(all="ignore")  # the NaN and division-by-zero cases are meant
    out = {"numpy_version": np.__version__, "cases": []}
    for name, f in CASES.items():
        r = np.asarray(f())
        entry = {"name": name, "shape": list(r.shape), "dtype": r.dtype.name}
        if name in NOVALUES:
            entry["values"] = None
        else:
            entry["values"] = [value_str(r.dtype, v) for v in r.ravel(order="C")]
        if name in REPR:
            entry["repr"] = repr(r)
        out["cases"].append(entry)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = os.path.join(root, "ndarray-api", "src", "test", "resources", "reference", "ndarray_reference.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        json.dump(out, fh, indent=0, separators=(",", ":"))
        fh.write("\n")
    print(f"{len(out['cases'])} cases -> {path} ({os.path.getsize(path)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
