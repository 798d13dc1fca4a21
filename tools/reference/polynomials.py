#!/usr/bin/env python3
"""NumPy references for wave 4's linalg.eig/eigvals, polynomials, special functions, interp, unwrap, cumulative_*,
geomspace, correlate, broadcast and einsum_path (PolynomialsReferenceTest).

Writes ndarray-api/src/test/resources/reference/polynomials.json in reference_cases.py's format. Eigenvalues and
roots are written sorted (Cohort's order is the Schur form's, like LAPACK's, but not guaranteed to be NumPy's: the
Java test sorts too); eig cases write the sorted eigenvalues only (the test checks A v = w v and unit columns, and
each column against NumPy's up to sign via the eigvecs_* cases, which are NumPy's vectors in sorted order with
each column's largest component made positive). broadcast and einsum_path cases write small int64 arrays:
(shape..., ndim, size, numiter) and the flattened path. The inputs are literal arrays repeated in the Java test.

Run from the repository root:  python3 tools/reference/polynomials.py
"""
import numpy as np

import reference_cases

A = np.array([[4.0, 1.0, -2.0], [0.5, 3.0, 1.0], [-1.0, 2.0, 6.0]])          # real spectrum
B = np.array([[2.0, 0.0, 0.0, 1.0], [1.0, 3.0, 0.0, 0.0], [0.0, 1.0, -1.0, 0.0], [0.0, 0.0, 1.0, 5.0]])
R = np.array([[0.0, -1.0], [1.0, 0.0]])                                        # rotation: complex
S = np.array([[[2.0, 1.0], [1.0, 3.0]], [[1.0, 4.0], [0.5, -2.0]]])           # a stack
I3 = np.array([[2, 1, 0], [1, 3, 1], [0, 1, 4]])                               # int64
P = np.array([1.0, -6.0, 11.0, -6.0])                                          # (x-1)(x-2)(x-3)
Pz = np.array([0.0, 0.0, 2.0, -3.0, 1.0, 0.0, 0.0])                            # leading/trailing zeros
X = np.array([-2.0, -0.5, 0.0, 0.75, 1.5, 3.0])
Y = np.array([4.1, 0.2, -0.3, 0.9, 2.2, 9.5])
Y2 = np.stack([Y, 2 * Y - X], axis=1)
Wt = np.array([1.0, 2.0, 1.0, 0.5, 1.0, 3.0])
Xi = np.array([3, -1, 2, 0, 5])
F32 = np.array([0.25, -1.5, 2.0, 7.5], dtype=np.float32)


def sorted_vals(w):
    return np.sort(w)


def eigvecs_fixed(a):
    w, v = np.linalg.eig(a)
    order = np.argsort(w)
    v = v[..., order]
    idx = np.argmax(np.abs(v), axis=0)
    return v * np.sign(v[idx, np.arange(v.shape[1])])


def bcast(*arrays):
    b = np.broadcast(*arrays)
    return np.array(list(b.shape) + [b.ndim, b.size, b.numiter], dtype=np.int64)


def path(sub, *ops):
    p = np.einsum_path(sub, *ops, optimize="greedy")[0][1:]
    return np.array([i for step in p for i in step] + [len(p)], dtype=np.int64)


E1, E2, E3, E4 = np.ones((2, 3)), np.ones((3, 4)), np.ones((4, 5)), np.ones((5, 2))
CASES = {
    "eigvals_A": lambda: sorted_vals(np.linalg.eigvals(A)),
    "eigvals_B": lambda: sorted_vals(np.linalg.eigvals(B)),
    "eigvals_int": lambda: sorted_vals(np.linalg.eigvals(I3)),
    "eigvals_f32": lambda: sorted_vals(np.linalg.eigvals(A.astype(np.float32))),
    "eigvals_stack": lambda: np.sort(np.linalg.eigvals(S), axis=-1),
    "eig_A": lambda: sorted_vals(np.linalg.eig(A).eigenvalues),
    "eigvecs_A": lambda: eigvecs_fixed(A),
    "eigvecs_B": lambda: eigvecs_fixed(B),
    "roots_P": lambda: np.sort(np.roots(P)),
    "roots_zeros": lambda: np.sort(np.roots(Pz)),
    "roots_f32": lambda: np.sort(np.roots(P.astype(np.float32))),
    "roots_const": lambda: np.roots(np.array([0.0, 5.0])),
    "roots_allzero": lambda: np.roots(np.zeros(3)),
    "poly_1d": lambda: np.poly(np.array([1.0, 2.0, 3.0])),
    "poly_int": lambda: np.poly(Xi),
    "poly_matrix": lambda: np.poly(A),
    "poly_empty": lambda: np.poly(np.zeros(0)),
    "polyval_P": lambda: np.polyval(P, X),
    "polyval_int": lambda: np.polyval(Xi, np.array([1, 2, -3])),
    "polyval_f32": lambda: np.polyval(F32, np.array([1.5, -2.0], dtype=np.float32)),
    "polyval_scalar": lambda: np.polyval(P, 2.5),
    "polyfit_2": lambda: np.polyfit(X, Y, 2),
    "polyfit_3_w": lambda: np.polyfit(X, Y, 3, w=Wt),
    "polyfit_2d": lambda: np.polyfit(X, Y2, 1),
    "polyfit_int": lambda: np.polyfit(Xi, np.array([1, 0, 2, 5, 3]), 1),
    "polyder_1": lambda: np.polyder(P),
    "polyder_2": lambda: np.polyder(P, 2),
    "polyder_int": lambda: np.polyder(Xi, 3),
    "polyder_f32": lambda: np.polyder(F32),
    "polyder_0": lambda: np.polyder(P, 0),
    "polyint_1": lambda: np.polyint(P),
    "polyint_2k": lambda: np.polyint(P, 2, [1.5, -2.0]),
    "polyint_k1": lambda: np.polyint(Xi, 3, 0.5),
    "polyadd": lambda: np.polyadd(P, np.array([1.0, 2.0])),
    "polyadd_int": lambda: np.polyadd(np.array([1, 2]), Xi),
    "polysub": lambda: np.polysub(np.array([1.0, 2.0]), P),
    "polymul": lambda: np.polymul(P, np.array([2.0, -1.0, 0.5])),
    "polymul_int": lambda: np.polymul(Xi, np.array([1, -1])),
    "polydiv": lambda: np.polydiv(P, np.array([1.0, -1.0])),
    "polydiv_rem": lambda: np.polydiv(np.array([3.0, 5.0, 2.0, 7.0]), np.array([2.0, 1.0])),
    "polydiv_short": lambda: np.polydiv(np.array([1.0, 2.0]), P),
    "polydiv_f32": lambda: np.polydiv(F32, np.array([2.0, 1.0], dtype=np.float32)),
    "vander": lambda: np.vander(X),
    "vander_inc": lambda: np.vander(Xi, 4, increasing=True),
    "vander_f32": lambda: np.vander(F32, 3),
    "vander_0": lambda: np.vander(X, 0),
    "i0": lambda: np.i0(np.array([0.0, 0.5, -1.0, 3.25, 7.9, 8.0, 8.5, 20.0, -35.0])),
    "i0_f32": lambda: np.i0(F32),
    "i0_int": lambda: np.i0(Xi),
    "kaiser_12": lambda: np.kaiser(12, 14.0),
    "kaiser_5": lambda: np.kaiser(5, 0.5),
    "kaiser_1": lambda: np.kaiser(1, 3.0),
    "kaiser_0": lambda: np.kaiser(0, 3.0),
    "sinc": lambda: np.sinc(np.array([0.0, 0.5, -1.0, 1.5, 2.25, -3.0])),
    "sinc_f32": lambda: np.sinc(F32),
    "sinc_int": lambda: np.sinc(Xi),
    "heaviside": lambda: np.heaviside(np.array([-1.5, 0.0, 2.0, np.nan, -0.0]), 0.5),
    "heaviside_arr": lambda: np.heaviside(Xi, np.array([0.25, 0.75, 1.0, 0.5, 0.0])),
    "heaviside_f32": lambda: np.heaviside(F32, np.float32(0.5)),
    "fix": lambda: np.fix(np.array([2.5, -2.5, 0.3, -0.3, 7.0, -0.0])),
    "fix_int": lambda: np.fix(Xi),
    "divmod": lambda: np.divmod(np.array([7.0, -7.0, 7.5, -0.5]), np.array([2.0, 2.0, -2.0, 3.0])),
    "divmod_int": lambda: np.divmod(Xi, 2),
    "ediff1d": lambda: np.ediff1d(np.array([[1, 2], [4, 8]])),
    "ediff1d_ends": lambda: np.ediff1d(X, to_end=np.array([100.0, 200.0]), to_begin=np.array([-9.0])),
    "ediff1d_int_ends": lambda: np.ediff1d(Xi, to_end=np.array([7]), to_begin=np.array([-1, -2])),
    "interp": lambda: np.interp(np.array([-3.0, -2.0, -1.0, 0.1, 1.5, 2.9, 3.0, 4.0, np.nan]), X, Y),
    "interp_lr": lambda: np.interp(np.array([-3.0, 0.5, 4.0]), X, Y, left=-1.0, right=1.0),
    "interp_period": lambda: np.interp(np.array([-180.0, -170.0, 10.0, 190.0, 350.0]),
                                       np.array([190.0, -190.0, 350.0, -350.0]), np.array([5.0, 10.0, 3.0, 4.0]), period=360),
    "interp_one": lambda: np.interp(np.array([0.0, 1.0, 2.0]), np.array([1.0]), np.array([7.0])),
    "interp_int": lambda: np.interp(Xi, np.array([0, 2, 4]), np.array([1, 5, -1])),
    "unwrap": lambda: np.unwrap(np.array([0.0, 0.78, 5.49, 6.28, 2.5, -3.0, 3.1])),
    "unwrap_int": lambda: np.unwrap(np.array([0, 1, 2, 3, 9, 0]), period=4),
    "unwrap_int32": lambda: np.unwrap(np.array([0, 5, 10, 1, 7], dtype=np.int32), period=6),
    "unwrap_bool": lambda: np.unwrap(np.array([True, False, True, True]), period=3),
    "unwrap_2d": lambda: np.unwrap(np.array([[0.0, 3.0, 6.5], [1.0, -3.0, 2.0]]), axis=0),
    "unwrap_discont": lambda: np.unwrap(np.array([0.0, 2.0, 4.0, 6.0, 1.0]), discont=4.0),
    "cumulative_sum": lambda: np.cumulative_sum(Xi),
    "cumulative_sum_init": lambda: np.cumulative_sum(np.array([[1.0, 2.0], [3.0, 4.0]]), axis=1, include_initial=True),
    "cumulative_prod_init": lambda: np.cumulative_prod(Xi.astype(np.int32), include_initial=True),
    "cumulative_prod_ax0": lambda: np.cumulative_prod(np.array([[1.0, 2.0], [3.0, 4.0]]), axis=0),
    "geomspace": lambda: np.geomspace(1.0, 1000.0, 4),
    "geomspace_neg": lambda: np.geomspace(-1.0, -1000.0, 5),
    "geomspace_noend": lambda: np.geomspace(2.0, 512.0, 7, endpoint=False),
    "geomspace_1": lambda: np.geomspace(3.0, 9.0, 1),
    "correlate": lambda: np.correlate(X, np.array([1.0, 0.5, -1.0])),
    "correlate_full": lambda: np.correlate(np.array([1.0, 0.5, -1.0]), X, "full"),
    "correlate_same_int": lambda: np.correlate(Xi, np.array([1, 2]), "same"),
    "broadcast": lambda: bcast(np.ones((2, 1)), np.ones(3)),
    "broadcast_3": lambda: bcast(np.ones((4, 1, 3)), np.ones((5, 1)), np.ones(())),
    "einsum_path_3": lambda: path("ij,jk,kl->il", E1, E2, E3),
    "einsum_path_4": lambda: path("ij,jk,kl,lm->im", E1, E2, E3, E4),
    "einsum_path_2": lambda: path("ij,jk->ik", E1, E2),
    "einsum_path_implicit": lambda: path("ea,fb,abcd,gc,hd", np.ones((10, 10)), np.ones((10, 10)), np.ones((10, 10, 10, 10)),
                                         np.ones((10, 10)), np.ones((10, 10))),
    "einsum_path_outer": lambda: path("i,j,k", np.ones(2), np.ones(3), np.ones(4)),
    # errors
    "err_eig_complex": lambda: np.linalg.eig(R)[0].real.astype(float) if False else (_ for _ in ()).throw(
        ValueError("eig: the result would be complex")),
    "err_eig_1d": lambda: np.linalg.eig(X),
    "err_eigvals_rect": lambda: np.linalg.eigvals(np.ones((2, 3))),
    "err_eig_nan": lambda: np.linalg.eig(np.array([[1.0, np.nan], [0.0, 1.0]])),
    "err_roots_2d": lambda: np.roots(np.ones((2, 2))),
    "err_poly_3d": lambda: np.poly(np.ones((2, 2, 2))),
    "err_polyfit_deg": lambda: np.polyfit(X, Y, -1),
    "err_polyfit_len": lambda: np.polyfit(X, Y[:3], 1),
    "err_polyfit_x2d": lambda: np.polyfit(np.ones((2, 2)), np.ones(2), 1),
    "err_polyfit_w": lambda: np.polyfit(X, Y, 1, w=Wt[:2]),
    "err_polyder_m": lambda: np.polyder(P, -1),
    "err_polyint_m": lambda: np.polyint(P, -1),
    "err_polyint_k": lambda: np.polyint(P, 3, [1.0, 2.0]),
    "err_vander_2d": lambda: np.vander(np.ones((2, 2))),
    "err_interp_len": lambda: np.interp(X, X, Y[:3]),
    "err_interp_empty": lambda: np.interp(X, np.zeros(0), np.zeros(0)),
    "err_interp_period": lambda: np.interp(X, X, Y, period=0),
    "err_cumulative_axis": lambda: np.cumulative_sum(np.ones((2, 2))),
    "err_geomspace_zero": lambda: np.geomspace(0.0, 1.0, 3),
    "err_ediff1d_begin": lambda: np.ediff1d(Xi, to_begin=np.array([1.5])),
    "err_broadcast": lambda: bcast(np.ones(2), np.ones(3)),
    "err_einsum_path_count": lambda: path("ij,jk", E1),
    "err_einsum_path_size": lambda: path("ij,jk->ik", E1, E4),
}

if __name__ == "__main__":
    reference_cases.write(CASES, "polynomials.json")
