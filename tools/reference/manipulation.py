#!/usr/bin/env python3
"""NumPy references for the array manipulation family (ManipulationReferenceTest).

Writes ndarray-api/src/test/resources/reference/manipulation.json: for every case either the result
arrays ({"results": [{shape, dtype, values}, ...]}, one entry per returned array; functions returning a
list such as split give several) or the error NumPy raises ({"error": type name, "message": str}).
Float values are Python reprs (exact round trip); ints decimal strings; bools "True"/"False".

The inputs below are built the same way in ManipulationReferenceTest (same operations, same order),
so results are bit-for-bit comparable. Each case name needs a Java case of the same name.

Run from the repository root:  python3 tools/reference/manipulation.py
"""

import numpy as np

import reference_cases


def F():   # (3,4) float64
    return np.arange(12).reshape(3, 4) / 4.0 - 1.0


def G():   # (2,3,4) int64
    return np.arange(24).reshape(2, 3, 4)


def V():   # (5,) float64
    return np.arange(5) * 1.5


def W():   # (3,) int32
    return np.arange(3).astype(np.int32)


def Bm():  # (2,3) bool
    return np.arange(6).reshape(2, 3) > 1


def S():   # (4,6) float64
    return np.arange(24).reshape(4, 6) / 3.0


def Z():   # () float64
    return np.array(7.0)


CASES = {
    # joining
    "concatenate_axis0": lambda: np.concatenate([F(), S()[:2, :4]], axis=0),
    "concatenate_axis1": lambda: np.concatenate([F(), F()[:, :1], F()], axis=1),
    "concatenate_neg_axis": lambda: np.concatenate([G(), G()], axis=-1),
    "concatenate_promote": lambda: np.concatenate([W(), V()]),
    "concatenate_bool_int": lambda: np.concatenate([Bm(), G()[0, :2, :3]], axis=1),
    "concatenate_none": lambda: np.concatenate([F(), V(), Z()], axis=None),
    "concatenate_views": lambda: np.concatenate([S()[::2, ::3], S()[1::2, 1::3].T.T], axis=0),
    "concatenate_empty_piece": lambda: np.concatenate([F()[:0], F()], axis=0),
    "stack_axis0": lambda: np.stack([V(), V() * 2]),
    "stack_axis1": lambda: np.stack([F(), F() + 1], axis=1),
    "stack_axis_last": lambda: np.stack([F(), F()], axis=-1),
    "hstack_1d": lambda: np.hstack([V(), W()]),
    "hstack_2d": lambda: np.hstack([F(), F()[:, 1:]]),
    "vstack_1d": lambda: np.vstack([V(), V()]),
    "vstack_2d": lambda: np.vstack([F(), S()[:1, :4]]),
    "dstack": lambda: np.dstack([F(), F()]),
    "dstack_1d": lambda: np.dstack([V(), V()]),
    "column_stack": lambda: np.column_stack([V(), V() + 1, np.arange(10).reshape(5, 2)]),
    # splitting
    "split_equal": lambda: np.split(S(), 3, axis=1),
    "split_indices": lambda: np.split(V(), [1, 3]),
    "split_indices_clip": lambda: np.split(V(), [2, 10]),
    "array_split": lambda: np.array_split(V(), 3),
    "array_split_axis1": lambda: np.array_split(S(), 4, axis=1),
    "hsplit": lambda: np.hsplit(F(), 2),
    "vsplit": lambda: np.vsplit(S(), [1]),
    "dsplit": lambda: np.dsplit(G(), 2),
    # axes
    "squeeze_all": lambda: np.squeeze(F().reshape(1, 3, 1, 4)),
    "squeeze_axis": lambda: np.squeeze(F().reshape(1, 3, 1, 4), 2),
    "expand_dims_0": lambda: np.expand_dims(V(), 0),
    "expand_dims_multi": lambda: np.expand_dims(F(), (0, 3)),
    "expand_dims_neg": lambda: np.expand_dims(F(), -1),
    "swapaxes": lambda: np.swapaxes(G(), 0, 2),
    "moveaxis": lambda: np.moveaxis(G(), 0, -1),
    "moveaxis_multi": lambda: np.moveaxis(G(), [0, 1], [-1, -2]),
    "atleast_1d": lambda: np.atleast_1d(Z()),
    "atleast_2d": lambda: np.atleast_2d(V()),
    "atleast_3d_1d": lambda: np.atleast_3d(V()),
    "atleast_3d_2d": lambda: np.atleast_3d(F()),
    "broadcast_to": lambda: np.broadcast_to(V(), (3, 5)),
    "broadcast_to_col": lambda: np.broadcast_to(F()[:, :1], (2, 3, 4)),
    "broadcast_arrays": lambda: np.broadcast_arrays(F()[:, :1], V()[:4]),
    # flipping, rotating, rolling
    "flip_all": lambda: np.flip(F()),
    "flip_axis": lambda: np.flip(G(), 1),
    "fliplr": lambda: np.fliplr(F()),
    "flipud": lambda: np.flipud(S()),
    "rot90": lambda: np.rot90(F()),
    "rot90_k2": lambda: np.rot90(F(), 2),
    "rot90_k3_axes": lambda: np.rot90(G(), 3, (1, 2)),
    "rot90_kneg": lambda: np.rot90(F(), -1),
    "roll_axis0": lambda: np.roll(S(), 1, axis=0),
    "roll_axis1_neg": lambda: np.roll(S(), -2, axis=1),
    "roll_flat": lambda: np.roll(F(), 5),
    "roll_multi": lambda: np.roll(G(), (1, 2), axis=(1, 2)),
    "roll_big_shift": lambda: np.roll(V(), 13),
    "roll_zero": lambda: np.roll(V(), 0),
    # tile, repeat
    "tile_1d": lambda: np.tile(V(), 3),
    "tile_2d": lambda: np.tile(F(), (2, 3)),
    "tile_more_reps": lambda: np.tile(W(), (2, 1, 2)),
    "tile_fewer_reps": lambda: np.tile(G(), 2),
    "tile_big": lambda: np.tile(W(), 11),
    "tile_zero": lambda: np.tile(F(), (0, 2)),
    "repeat_scalar_flat": lambda: np.repeat(F(), 2),
    "repeat_axis0": lambda: np.repeat(F(), 3, axis=0),
    "repeat_axis1_many": lambda: np.repeat(F(), 7, axis=1),
    "repeat_counts": lambda: np.repeat(V(), [1, 0, 3, 3, 2]),
    "repeat_counts_axis": lambda: np.repeat(F(), [2, 2, 1], axis=0),
    "repeat_counts_one": lambda: np.repeat(W(), [2]),
    "repeat_bool": lambda: np.repeat(Bm(), 2, axis=1),
    "repeat_method": lambda: S().repeat(2, axis=0),
    # pad
    "pad_constant": lambda: np.pad(F(), 1),
    "pad_constant_value": lambda: np.pad(G(), ((0, 0), (1, 2), (2, 0)), constant_values=9),
    "pad_edge": lambda: np.pad(F(), ((1, 2), (2, 1)), mode="edge"),
    "pad_wrap": lambda: np.pad(F(), ((2, 1), (3, 4)), mode="wrap"),
    "pad_reflect": lambda: np.pad(F(), ((2, 1), (3, 2)), mode="reflect"),
    "pad_symmetric": lambda: np.pad(F(), ((3, 1), (4, 2)), mode="symmetric"),
    "pad_reflect_wide": lambda: np.pad(F(), ((7, 2), (1, 9)), mode="reflect"),
    "pad_symmetric_wide": lambda: np.pad(V(), (12, 6), mode="symmetric"),
    "pad_wrap_wide": lambda: np.pad(F(), ((5, 8), (9, 0)), mode="wrap"),
    "pad_reflect_len1": lambda: np.pad(F()[:1], ((3, 4), (0, 0)), mode="reflect"),
    "pad_edge_1d": lambda: np.pad(V(), (2, 3), mode="edge"),
    "pad_int32": lambda: np.pad(W(), 2, constant_values=-1),
    # triangles, diagonals
    "tri": lambda: np.tri(3, 5, 1),
    "tri_int": lambda: np.tri(4, 3, -1, dtype=np.int64),
    "tril": lambda: np.tril(S()),
    "tril_k": lambda: np.tril(S(), -1),
    "triu": lambda: np.triu(S()),
    "triu_k": lambda: np.triu(G(), 1),
    "triu_bool": lambda: np.triu(Bm()),
    "tril_1d": lambda: np.tril(V()),
    "diag_1d": lambda: np.diag(V()),
    "diag_1d_k": lambda: np.diag(W(), 2),
    "diag_1d_kneg": lambda: np.diag(V(), -1),
    "diag_2d": lambda: np.diag(S()),
    "diag_2d_k": lambda: np.diag(S(), 2),
    "diag_2d_kneg": lambda: np.diag(S(), -3),
    "diagonal": lambda: np.diagonal(F()),
    "diagonal_3d": lambda: np.diagonal(G(), 1, 1, 2),
    "diagonal_3d_axes": lambda: np.diagonal(G(), 0, 0, 2),
    "diagonal_out_of_range": lambda: np.diagonal(F(), 7),
    "trace": lambda: np.trace(S()),
    "trace_k": lambda: np.trace(S(), 1),
    "trace_int": lambda: np.trace(G()),
    "trace_int32": lambda: np.trace(np.diag(W())),
    "trace_method": lambda: F().trace(-1),
    "identity": lambda: np.identity(4),
    "identity_int": lambda: np.identity(3, dtype=np.int32),
    # grids
    "meshgrid_xy": lambda: np.meshgrid(V(), W()),
    "meshgrid_ij": lambda: np.meshgrid(V(), W(), indexing="ij"),
    "meshgrid_3": lambda: np.meshgrid(W(), V()[:2], W(), indexing="xy"),
    "meshgrid_sparse": lambda: np.meshgrid(V(), W(), sparse=True),
    "indices": lambda: np.indices((2, 3)),
    "indices_3d": lambda: np.indices((2, 1, 3)),
    "ascontiguousarray_view": lambda: np.ascontiguousarray(S()[::2, 1::2]),
    "ascontiguousarray_0d": lambda: np.ascontiguousarray(Z()),
    # append, insert, delete, resize, rollaxis, unstack, diagflat, broadcast_shapes
    "append_flat": lambda: np.append(F(), V()),
    "append_axis": lambda: np.append(F(), S()[:2, :4], axis=0),
    "insert_flat": lambda: np.insert(V(), 2, W()),
    "insert_axis1": lambda: np.insert(G()[0], 1, np.array([7, 8, 9]), axis=1),
    "insert_end": lambda: np.insert(F(), 3, V()[:4], axis=0),
    "insert_scalar": lambda: np.insert(W(), -1, 5.7, axis=0),
    "insert_cast": lambda: np.insert(G()[1], 0, F()[:2, 0] * 3, axis=1),
    "delete_flat": lambda: np.delete(F(), [0, 5, 11, 5]),
    "delete_axis": lambda: np.delete(S(), [1, -1], axis=1),
    "delete_all": lambda: np.delete(V(), [0, 1, 2, 3, 4], axis=0),
    "resize_grow": lambda: np.resize(W(), (2, 4)),
    "resize_shrink": lambda: np.resize(F(), (5,)),
    "rollaxis": lambda: np.rollaxis(G(), 2),
    "rollaxis_start": lambda: np.rollaxis(G(), 0, 2),
    "unstack": lambda: np.unstack(F(), axis=1),
    "diagflat": lambda: np.diagflat(F()[:2, :2], 1),
    "broadcast_shapes": lambda: np.zeros(np.broadcast_shapes((3, 1), (1, 4), (4,))),
    "astype_fn": lambda: np.astype(F(), np.int32),
    # errors
    "err_concatenate_none": lambda: np.concatenate([]),
    "err_concatenate_0d": lambda: np.concatenate([Z(), Z()]),
    "err_concatenate_ndim": lambda: np.concatenate([F(), V()]),
    "err_concatenate_shape": lambda: np.concatenate([F(), S()], axis=1),
    "err_concatenate_axis": lambda: np.concatenate([F(), F()], axis=2),
    "err_stack_shape": lambda: np.stack([V(), W()]),
    "err_stack_none": lambda: np.stack([]),
    "err_split_unequal": lambda: np.split(V(), 2),
    "err_array_split_zero": lambda: np.array_split(V(), 0),
    "err_vsplit_1d": lambda: np.vsplit(V(), 1),
    "err_hsplit_0d": lambda: np.hsplit(Z(), 1),
    "err_dsplit_2d": lambda: np.dsplit(F(), 1),
    "err_squeeze_not_one": lambda: np.squeeze(F(), 0),
    "err_squeeze_axis": lambda: np.squeeze(F(), 5),
    "err_expand_dims_repeat": lambda: np.expand_dims(V(), (0, 0)),
    "err_expand_dims_axis": lambda: np.expand_dims(V(), 3),
    "err_swapaxes": lambda: np.swapaxes(V(), 0, 1),
    "err_moveaxis_len": lambda: np.moveaxis(G(), [0, 1], [0]),
    "err_moveaxis_repeat": lambda: np.moveaxis(G(), [0, 0], [1, 2]),
    "err_broadcast_to": lambda: np.broadcast_to(V(), (3, 4)),
    "err_broadcast_to_ndim": lambda: np.broadcast_to(F(), (4,)),
    "err_broadcast_arrays": lambda: np.broadcast_arrays(V(), F()),
    "err_fliplr_1d": lambda: np.fliplr(V()),
    "err_flipud_0d": lambda: np.flipud(Z()),
    "err_flip_axis": lambda: np.flip(V(), 1),
    "err_rot90_same": lambda: np.rot90(F(), 1, (1, 1)),
    "err_rot90_range": lambda: np.rot90(F(), 1, (0, 5)),
    "err_rot90_len": lambda: np.rot90(F(), 1, (0,)),
    "err_tile_negative": lambda: np.tile(V(), -1),
    "err_repeat_negative": lambda: np.repeat(V(), -1),
    "err_repeat_counts_negative": lambda: np.repeat(V(), [1, -1, 1, 1, 1]),
    "err_repeat_counts_length": lambda: np.repeat(V(), [1, 2]),
    "err_repeat_axis": lambda: np.repeat(V(), 2, axis=1),
    "err_pad_mode": lambda: np.pad(V(), 1, mode="foo"),
    "err_pad_negative": lambda: np.pad(V(), -1),
    "err_pad_shape": lambda: np.pad(F(), ((1, 1), (1, 1), (1, 1))),
    "err_pad_empty_edge": lambda: np.pad(F()[:0], 1, mode="edge"),
    "tri_negative": lambda: np.tri(-1, 3),
    "err_identity_negative": lambda: np.identity(-1),
    "err_diag_3d": lambda: np.diag(G()),
    "err_diagonal_1d": lambda: np.diagonal(V()),
    "err_diagonal_same": lambda: np.diagonal(F(), 0, 1, 1),
    "err_diagonal_axis": lambda: np.diagonal(F(), 0, 0, 2),
    "err_meshgrid_indexing": lambda: np.meshgrid(V(), indexing="foo"),
    "err_delete_index": lambda: np.delete(V(), 5),
    "err_insert_index": lambda: np.insert(V(), 7, 1.0),
    "err_rollaxis_start": lambda: np.rollaxis(F(), 0, 5),
    "err_unstack_0d": lambda: np.unstack(Z()),
    "err_resize_negative": lambda: np.resize(V(), (-1, 2)),
    "err_broadcast_shapes": lambda: np.broadcast_shapes((5,), (3, 4)),
    "err_indices_negative": lambda: np.indices((2, -1)),
}



def main():
    reference_cases.write(CASES, 'manipulation.json')


if __name__ == "__main__":
    main()
