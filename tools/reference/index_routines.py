#!/usr/bin/env python3
"""NumPy references for the indexing routines (IndexRoutinesReferenceTest): take_along_axis, put_along_axis,
choose, compress, extract, place, putmask, select, diag/tril/triu/mask indices, fill_diagonal, ix_,
ravel_multi_index, unravel_index, block.

Writes ndarray-api/src/test/resources/reference/index_routines.json in the format of manipulation.py
(results: one entry per returned array; in-place functions return the array they changed; errors: type
name and message). The inputs are built the same way in the Java test.

Run from the repository root:  python3 tools/reference/index_routines.py
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


def IX():  # (3,2) int64 indices along axis 1 of F, negative ones too
    return np.array([[3, 0], [-1, 1], [2, 2]])


def inplace(f):
    def g():
        a, call = f()
        call(a)
        return a
    return g


def pal(a, i, v, ax):
    np.put_along_axis(a, i, v, ax)


CASES = {
    "take_along_axis_1": lambda: np.take_along_axis(F(), IX(), 1),
    "take_along_axis_0": lambda: np.take_along_axis(F(), np.array([[2, 0, 1, 0]]), 0),
    "take_along_axis_argsort": lambda: np.take_along_axis(G(), np.argsort(-G(), axis=2), 2),
    "take_along_axis_bcast": lambda: np.take_along_axis(G(), np.array([[[1]], [[2]]]), 1),
    "take_along_axis_none": lambda: np.take_along_axis(F(), np.array([11, 0, -12, 5]), None),
    "take_along_axis_int32": lambda: np.take_along_axis(F(), IX().astype(np.int32), -1),
    "put_along_axis_1": inplace(lambda: (F(), lambda a: pal(a, IX(), np.array([[10.0], [20.0], [30.0]]), 1))),
    "put_along_axis_scalar": inplace(lambda: (G(), lambda a: pal(a, np.array([[[0], [2], [1]]]), 99, 2))),
    "put_along_axis_repeat": inplace(lambda: (F(), lambda a: pal(a, np.array([[0, 0, 0, 0]]), np.array([[1.0, 2.0, 3.0, 4.0]]), 0))),
    "put_along_axis_none": inplace(lambda: (F(), lambda a: pal(a, np.array([1, 7]), 5.5, None))),
    "choose": lambda: np.choose(np.array([[0, 1, 2, 1]] * 3), [F(), F() * 2, np.arange(4)]),
    "choose_stacked": lambda: np.choose(np.array([1, 0, 1, 1, 0]), np.stack([V(), V() + 10])),
    "choose_wrap": lambda: np.choose(np.array([0, 5, -1]), [W(), W() * 10], mode="wrap"),
    "choose_clip": lambda: np.choose(np.array([0, 5, -1]), [W(), W() * 10], mode="clip"),
    "choose_bool": lambda: np.choose(np.array([True, False, True]), [W(), W() + 7]),
    "choose_method": lambda: np.array([1, 0, 1]).choose([W(), W() * 3]),
    "compress_axis0": lambda: np.compress(np.array([True, False, True]), F(), 0),
    "compress_axis1_short": lambda: np.compress(np.array([False, True]), F(), 1),
    "compress_long_false": lambda: np.compress(np.array([1, 0, 1, 1, 0, 0]), V(), 0),
    "compress_flat": lambda: np.compress(np.array([1, 0, 1, 1, 0, 0, 0, 1]), F()),
    "compress_method": lambda: G().compress(np.array([0, 1, 1, 0]), 2),
    "extract": lambda: np.extract(np.mod(G(), 3) == 0, G()),
    "extract_float_cond": lambda: np.extract(F(), F()),
    "place": inplace(lambda: (G(), lambda a: np.place(a, a > 15, np.array([-1, -2, -3])))),
    "err_place_cast": inplace(lambda: (G(), lambda a: np.place(a, a % 5 == 0, np.array([1.9, -2.9])))),
    "place_none": inplace(lambda: (F(), lambda a: np.place(a, a > 100, np.array([], dtype=np.float64)))),
    "putmask": inplace(lambda: (G(), lambda a: np.putmask(a, a > 15, np.array([-1, -2, -3])))),
    "putmask_float": inplace(lambda: (F(), lambda a: np.putmask(a, F() < 0, np.array([7.5, 8.5])))),
    "putmask_empty_values": inplace(lambda: (F(), lambda a: np.putmask(a, F() < 0, np.array([], dtype=np.float64)))),
    "select": lambda: np.select([F() < -0.5, F() > 0.5], [F() * 10, F() * 100]),
    "select_default": lambda: np.select([G() < 5, G() > 20], [G(), -G()], 1.5),
    "select_bcast": lambda: np.select([np.arange(4) % 2 == 0], [F()], np.arange(4) * 1.0),
    "select_int32": lambda: np.select([W() > 0], [W()]),
    "diag_indices": lambda: np.diag_indices(4),
    "diag_indices_3": lambda: np.diag_indices(2, 3),
    "diag_indices_from": lambda: np.diag_indices_from(np.zeros((3, 3, 3))),
    "fill_diagonal": inplace(lambda: (np.zeros((5, 3)), lambda a: np.fill_diagonal(a, 7.0))),
    "fill_diagonal_wrap": inplace(lambda: (np.zeros((7, 3)), lambda a: np.fill_diagonal(a, np.array([1.0, 2.0]), wrap=True))),
    "fill_diagonal_wide": inplace(lambda: (np.zeros((3, 5)), lambda a: np.fill_diagonal(a, np.array([1.0, 2.0]), wrap=False))),
    "fill_diagonal_3d": inplace(lambda: (np.zeros((3, 3, 3), dtype=np.int64), lambda a: np.fill_diagonal(a, 4))),
    "fill_diagonal_cast": inplace(lambda: (np.zeros((3, 3), dtype=np.int64), lambda a: np.fill_diagonal(a, 1.5))),
    "tril_indices": lambda: np.tril_indices(4),
    "tril_indices_km": lambda: np.tril_indices(3, 1, 4),
    "triu_indices": lambda: np.triu_indices(4, 1),
    "triu_indices_km": lambda: np.triu_indices(3, -1, 2),
    "tril_indices_empty": lambda: np.tril_indices(0),
    "tril_indices_from": lambda: np.tril_indices_from(F(), -1),
    "triu_indices_from": lambda: np.triu_indices_from(F()),
    "mask_indices_triu": lambda: np.mask_indices(3, np.triu, 1),
    "mask_indices_tril": lambda: np.mask_indices(4, np.tril, -2),
    "ix": lambda: np.ix_(np.array([0, 2]), np.array([True, False, True, True])),
    "ix_take": lambda: F()[np.ix_(np.array([0, 2]), np.array([3, 1]))],
    "ravel_multi_index": lambda: np.ravel_multi_index((np.array([3, 6, 6]), np.array([4, 5, 1])), (7, 6)),
    "ravel_multi_index_f": lambda: np.ravel_multi_index((np.array([3, 6, 6]), np.array([4, 5, 1])), (7, 6), order="F"),
    "ravel_multi_index_wrap": lambda: np.ravel_multi_index((np.array([3, 7, 6]), np.array([4, 5, -1])), (7, 6), mode="wrap"),
    "ravel_multi_index_modes": lambda: np.ravel_multi_index((np.array([3, 7, 6]), np.array([4, 5, -1])), (7, 6), mode=("clip", "wrap")),
    "ravel_multi_index_bcast": lambda: np.ravel_multi_index((np.array([[0], [1]]), np.array([0, 2, 3]), np.array([1])), (2, 4, 3)),
    "unravel_index": lambda: np.unravel_index(np.array([22, 41, 37]), (7, 6)),
    "unravel_index_f": lambda: np.unravel_index(np.array([31, 41, 13]), (7, 6), order="F"),
    "unravel_index_2d": lambda: np.unravel_index(np.array([[1, 5], [7, 23]]), (2, 3, 4)),
    "block_2x2": lambda: np.block([[np.eye(2), G()[0, :2, :2]], [G()[1, :2, :2], np.eye(2)]]),
    "block_1d": lambda: np.block([V(), W()]),
    "block_rows": lambda: np.block([[V()], [V()]]),
    "block_3d_mixed": lambda: np.block([[[G()[0], G()[1]]]]),
    "block_0d": lambda: np.block([[np.array(1.0)], [np.array(2.0)]]),
    "block_single": lambda: np.block(F()),
    # errors
    "err_take_along_axis_ndim": lambda: np.take_along_axis(F(), np.array([0, 1]), 1),
    "err_take_along_axis_float": lambda: np.take_along_axis(F(), np.array([[0.0]]), 1),
    "err_take_along_axis_bounds": lambda: np.take_along_axis(F(), np.array([[5]]), 1),
    "err_take_along_axis_axis": lambda: np.take_along_axis(F(), np.array([[0]]), 2),
    "err_take_along_axis_none": lambda: np.take_along_axis(F(), np.array([[1, 2]]), None),
    "err_take_along_axis_bcast": lambda: np.take_along_axis(F(), np.array([[0], [1]]), 1),
    "err_put_along_axis_values": inplace(lambda: (F(), lambda a: pal(a, IX(), np.array([1.0, 2.0, 3.0]), 1))),
    "err_choose_range": lambda: np.choose(np.array([0, 3, 1]), [W(), W()]),
    "err_choose_negative": lambda: np.choose(np.array([0, -1, 1]), [W(), W()]),
    "err_choose_float": lambda: np.choose(np.array([0.0, 1.0]), [W()[:2], W()[:2]]),
    "err_choose_empty": lambda: np.choose(np.array([0, 1]), []),
    "err_choose_mode": lambda: np.choose(np.array([0, 1, 0]), [W(), W()], mode="foo"),
    "err_choose_shape": lambda: np.choose(np.array([0, 1]), [V()[:4], V()[:4]]),
    "err_compress_2d": lambda: np.compress(np.array([[True, False]]), V(), 0),
    "err_compress_long": lambda: np.compress(np.array([True, False, True, True, True, True]), F()[0], 0),
    "err_compress_axis1": lambda: np.compress(np.array([0, 0, 0, 0, 1]), F(), 1),
    "err_compress_axis": lambda: np.compress(np.array([True]), F(), 3),
    "err_place_empty": inplace(lambda: (G(), lambda a: np.place(a, a > 4, np.array([], dtype=np.int64)))),
    "err_place_size": inplace(lambda: (G(), lambda a: np.place(a, np.array([True, False]), np.array([1])))),
    "err_putmask_size": inplace(lambda: (G(), lambda a: np.putmask(a, np.array([True, False]), np.array([1])))),
    "err_select_len": lambda: np.select([F() > 0, F() > 1], [F()]),
    "err_select_empty": lambda: np.select([], []),
    "err_select_bool": lambda: np.select([G()], [G()]),
    "err_diag_indices_from_1d": lambda: np.diag_indices_from(V()),
    "err_diag_indices_from_rect": lambda: np.diag_indices_from(F()),
    "err_fill_diagonal_1d": inplace(lambda: (np.zeros(3), lambda a: np.fill_diagonal(a, 1.0))),
    "err_fill_diagonal_3d": inplace(lambda: (np.zeros((3, 3, 2)), lambda a: np.fill_diagonal(a, 1.0))),
    "err_tril_indices_from_1d": lambda: np.tril_indices_from(V()),
    "err_triu_indices_from_3d": lambda: np.triu_indices_from(G()),
    "err_ix_2d": lambda: np.ix_(F()),
    "err_ravel_multi_index_range": lambda: np.ravel_multi_index((np.array([3, 7, 6]), np.array([4, 5, 1])), (7, 6)),
    "err_ravel_multi_index_negative": lambda: np.ravel_multi_index((np.array([3, -1]), np.array([4, 5])), (7, 6)),
    "err_ravel_multi_index_len": lambda: np.ravel_multi_index((np.array([3, 6]),), (7, 6)),
    "err_ravel_multi_index_float": lambda: np.ravel_multi_index((np.array([3.0, 6.0]), np.array([1, 2])), (7, 6)),
    "err_ravel_multi_index_mode": lambda: np.ravel_multi_index((np.array([3, 4]), np.array([1, 2])), (7, 6), mode="foo"),
    "err_ravel_multi_index_order": lambda: np.ravel_multi_index((np.array([3, 4]), np.array([1, 2])), (7, 6), order="X"),
    "err_ravel_multi_index_bcast": lambda: np.ravel_multi_index((np.array([3, 4]), np.array([1, 2, 3])), (7, 6)),
    "err_unravel_index_high": lambda: np.unravel_index(np.array([3, 42]), (7, 6)),
    "err_unravel_index_negative": lambda: np.unravel_index(np.array([-1]), (7, 6)),
    "err_unravel_index_float": lambda: np.unravel_index(np.array([1.0]), (7, 6)),
    "err_block_depth": lambda: np.block([[np.eye(2), np.eye(2)], np.eye(2)]),
    "err_block_empty": lambda: np.block([]),
    "err_block_inner_empty": lambda: np.block([[]]),
    "err_block_shape": lambda: np.block([[np.eye(2)], [V()]]),
}



def main():
    reference_cases.write(CASES, 'index_routines.json')


if __name__ == "__main__":
    main()
