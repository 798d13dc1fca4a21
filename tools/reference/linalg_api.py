#!/usr/bin/env python3
"""NumPy references for the array layer's linear algebra (np.linalg.*, matmul of n-d operands, outer,
inner, vdot, tensordot, einsum, kron): ndarray-api/src/test/resources/reference/linalg_api.npz and
linalg_api_errors.json, read by ndarray-api's LinalgApiReferenceTest.

The npz holds the inputs ("in.<name>") and, per case, its outputs ("<case>.<i>"); the Java test loads the
same inputs from the npz, runs the case of the same name on 1 and 3 shards with tiny tiles and compares
shape, dtype and values (integers exactly, floats to a tolerance: the routines are not LAPACK's).
Sign conventions NumPy leaves to LAPACK are fixed here as Cohort fixes them: each eigenvector's
largest-magnitude component is positive; SVD cases compare S and the reconstruction U diag(S) Vh.
The errors file maps a case to NumPy's exception class and message.

Run from the repository root:  python3 tools/reference/linalg_api.py
"""
import json
import os
import warnings

import numpy as np

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "ndarray-api", "src", "test", "resources", "reference")
rng = np.random.default_rng(20261124)


def spd(n):
    m = rng.standard_normal((n, n))
    return m @ m.T + n * np.eye(n)


IN = {
    "A": rng.standard_normal((4, 4)) + 4 * np.eye(4),
    "S": spd(5),
    "R": rng.standard_normal((6, 4)),
    "W": rng.standard_normal((3, 5)),
    "Bv": rng.standard_normal(4),
    "Bm": rng.standard_normal((4, 3)),
    "As": rng.standard_normal((2, 3, 4, 4)) + 4 * np.eye(4),
    "Bs": rng.standard_normal((3, 4, 2)),
    "Ss": np.stack([spd(3), spd(3)]),
    "Ai": np.array([[2, 1, 0], [1, 3, 1], [0, 1, 4]], dtype=np.int64),
    "Z": np.zeros((0, 0)),
    "Rank1": np.outer(np.arange(1.0, 5.0), np.arange(2.0, 6.0)),
    "T3": rng.standard_normal((2, 3, 4)),
    "P": rng.standard_normal((2, 3, 4, 5)),
    "Q": rng.standard_normal((3, 5, 2)),
    "V5": rng.standard_normal(5),
    "M25": rng.standard_normal((2, 5, 3)),
    "M45": rng.standard_normal((4, 5)),
    "M245": rng.standard_normal((2, 4, 5)),
    "I32a": np.arange(24, dtype=np.int32).reshape(2, 3, 4) - 7,
    "I32b": np.arange(8, dtype=np.int32).reshape(4, 2) - 3,
    "Ba": (np.arange(12).reshape(2, 2, 3) % 3 == 0),
    "Bb": (np.arange(6).reshape(3, 2) % 2 == 0),
    "M23": rng.standard_normal((2, 3)),
    "M43": rng.standard_normal((4, 3)),
    "M32": rng.standard_normal((3, 2)),
    "C345": rng.standard_normal((3, 4, 5)),
    "C452": rng.standard_normal((4, 5, 2)),
    "C435": rng.standard_normal((4, 3, 5)),
    "M34": rng.standard_normal((3, 4)),
    "E234": rng.standard_normal((2, 3, 4)),
    "E245": rng.standard_normal((2, 4, 5)),
    "K22": np.array([[1.0, -2.0], [0.5, 3.0]]),
    "V3": np.array([1.0, 2.0, -1.0]),
}
IN["A32"] = IN["A"].astype(np.float32)
IN["Bv32"] = IN["Bv"].astype(np.float32)
IN["S32"] = IN["S"].astype(np.float32)
su = np.triu(IN["S"]) + np.tril(rng.standard_normal((5, 5)), -1)  # only the upper triangle is meaningful
IN["Su"] = su

L = np.linalg
I = IN


def eigh_fixed(a, uplo="L"):
    w, v = L.eigh(a, UPLO=uplo)
    idx = np.argmax(np.abs(v), axis=-2)
    sign = np.sign(np.take_along_axis(v, idx[..., None, :], axis=-2))
    return w, v * sign


def svd_check(a, full):
    u, s, vh = L.svd(a, full_matrices=full)
    return s, a, u.shape, vh.shape


CASES = {
    "solve_vec": lambda: L.solve(I["A"], I["Bv"]),
    "solve_mat": lambda: L.solve(I["A"], I["Bm"]),
    "solve_batch": lambda: L.solve(I["As"], I["Bs"]),
    "solve_f32": lambda: L.solve(I["A32"], I["Bv32"]),
    "inv_A": lambda: L.inv(I["A"]),
    "inv_batch": lambda: L.inv(I["As"]),
    "inv_int": lambda: L.inv(I["Ai"]),
    "inv_f32": lambda: L.inv(I["A32"]),
    "det_A": lambda: L.det(I["A"]),
    "det_batch": lambda: L.det(I["As"]),
    "det_int": lambda: L.det(I["Ai"]),
    "det_empty": lambda: L.det(I["Z"]),
    "slogdet_A": lambda: tuple(L.slogdet(I["A"])),
    "slogdet_batch": lambda: tuple(L.slogdet(I["As"])),
    "cholesky_S": lambda: L.cholesky(I["S"]),
    "cholesky_upper": lambda: L.cholesky(I["S"], upper=True),
    "cholesky_batch": lambda: L.cholesky(I["Ss"]),
    "cholesky_f32": lambda: L.cholesky(I["S32"]),
    "qr_reduced": lambda: tuple(L.qr(I["R"])),
    "qr_complete": lambda: tuple(L.qr(I["R"], mode="complete")),
    "qr_r": lambda: L.qr(I["R"], mode="r"),
    "qr_wide": lambda: tuple(L.qr(I["W"])),
    "eigh_S": lambda: eigh_fixed(I["S"]),
    "eigh_upper": lambda: eigh_fixed(I["Su"], "U"),
    "eigvalsh_batch": lambda: L.eigvalsh(I["Ss"]),
    "svd_tall_full": lambda: svd_check(I["R"], True)[:2],
    "svd_wide_reduced": lambda: svd_check(I["W"], False)[:2],
    "svdvals_batch": lambda: L.svd(I["As"], compute_uv=False),
    "lstsq_vec": lambda: tuple(L.lstsq(I["R"], I["R"] @ np.arange(4.0) + 0.1 * np.arange(6.0))),
    "lstsq_mat": lambda: tuple(L.lstsq(I["R"], np.stack([np.arange(6.0), np.ones(6)], axis=1))),
    "lstsq_wide": lambda: tuple(L.lstsq(I["W"], np.arange(3.0))),
    "pinv_R": lambda: L.pinv(I["R"]),
    "pinv_batch": lambda: L.pinv(I["As"]),
    "pinv_rank1": lambda: L.pinv(I["Rank1"]),
    "matrix_power_3": lambda: L.matrix_power(I["A"], 3),
    "matrix_power_neg2": lambda: L.matrix_power(I["A"], -2),
    "matrix_power_0": lambda: L.matrix_power(I["A"], 0),
    "matrix_power_int5": lambda: L.matrix_power(I["Ai"], 5),
    "matrix_rank_R": lambda: L.matrix_rank(I["R"]),
    "matrix_rank_rank1": lambda: L.matrix_rank(I["Rank1"]),
    "matrix_rank_batch": lambda: L.matrix_rank(I["As"]),
    "matrix_rank_vec": lambda: np.asarray(L.matrix_rank(I["Bv"]), dtype=np.int64),
    "matrix_rank_tol": lambda: L.matrix_rank(I["A"], tol=4.0),
    "cond_A": lambda: L.cond(I["A"]),
    "cond_A_1": lambda: L.cond(I["A"], 1),
    "cond_A_inf": lambda: L.cond(I["A"], np.inf),
    "cond_A_fro": lambda: L.cond(I["A"], "fro"),
    "cond_A_m2": lambda: L.cond(I["A"], -2),
    "cond_R": lambda: L.cond(I["R"]),
    "cond_batch": lambda: L.cond(I["As"]),
    "norm_flat": lambda: L.norm(I["T3"]),
    "norm_A_fro": lambda: L.norm(I["A"], "fro"),
    "norm_A_nuc": lambda: L.norm(I["A"], "nuc"),
    "norm_A_1": lambda: L.norm(I["A"], 1),
    "norm_A_m1": lambda: L.norm(I["A"], -1),
    "norm_A_2": lambda: L.norm(I["A"], 2),
    "norm_A_m2": lambda: L.norm(I["A"], -2),
    "norm_A_inf": lambda: L.norm(I["A"], np.inf),
    "norm_A_minf": lambda: L.norm(I["A"], -np.inf),
    "norm_v_0": lambda: L.norm(I["Bv"], 0),
    "norm_v_1": lambda: L.norm(I["Bv"], 1),
    "norm_v_2": lambda: L.norm(I["Bv"], 2),
    "norm_v_3": lambda: L.norm(I["Bv"], 3),
    "norm_v_half": lambda: L.norm(I["Bv"], 0.5),
    "norm_v_inf": lambda: L.norm(I["Bv"], np.inf),
    "norm_v_minf": lambda: L.norm(I["Bv"], -np.inf),
    "norm_axis0": lambda: L.norm(I["R"], 2, axis=0),
    "norm_axis1_keep": lambda: L.norm(I["R"], 1, axis=1, keepdims=True),
    "norm_axes12_fro": lambda: L.norm(I["T3"], "fro", axis=(1, 2)),
    "norm_axes20_inf_keep": lambda: L.norm(I["T3"], np.inf, axis=(2, 0), keepdims=True),
    "norm_f32": lambda: L.norm(I["A32"], 1, axis=0),
    "norm_int": lambda: L.norm(I["Ai"], 2),
    "matmul_batch": lambda: I["P"] @ I["Q"],
    "matmul_batch_vec": lambda: I["M245"] @ I["V5"],
    "matmul_vec_batch": lambda: I["V5"] @ I["M25"],
    "matmul_int32": lambda: I["I32a"] @ I["I32b"],
    "matmul_bool": lambda: I["Ba"] @ I["Bb"],
    "dot_nd_2d": lambda: np.dot(I["T3"], I["M45"]),
    "dot_nd_nd": lambda: np.dot(I["T3"], I["M245"]),
    "outer": lambda: np.outer(I["M23"], I["Bv"]),
    "inner": lambda: np.inner(I["M23"], I["M43"]),
    "inner_vec": lambda: np.inner(I["Bv"], I["Bv"]),
    "vdot": lambda: np.vdot(I["M23"], I["M32"]),
    "tensordot_2": lambda: np.tensordot(I["C345"], I["C452"], 2),
    "tensordot_pairs": lambda: np.tensordot(I["C345"], I["C435"], axes=([1, 0], [0, 1])),
    "tensordot_0": lambda: np.tensordot(I["Bv"], I["V3"], 0),
    "einsum_matmul": lambda: np.einsum("ij,jk->ik", I["M34"], I["M45"]),
    "einsum_batch": lambda: np.einsum("bij,bjk->bik", I["E234"], I["E245"]),
    "einsum_inner": lambda: np.einsum("i,i", I["Bv"], I["Bv"]),
    "einsum_transpose": lambda: np.einsum("ij->ji", I["M34"]),
    "einsum_sum": lambda: np.einsum("ij->", I["M34"]),
    "einsum_outer": lambda: np.einsum("i,j->ij", I["Bv"], I["V3"]),
    "einsum_rowdot": lambda: np.einsum("ij,ij->i", I["M34"], I["M34"]),
    "einsum_implicit": lambda: np.einsum("ij,jk", I["M34"], I["M45"]),
    "einsum_three": lambda: np.einsum("ij,jk,kl->il", I["M23"], I["M34"], I["M45"]),
    "einsum_contract2": lambda: np.einsum("ijk,ikl->jl", I["E234"], I["E245"]),
    "kron_2d": lambda: np.kron(I["M23"], I["K22"]),
    "kron_1d": lambda: np.kron(I["Bv"], I["V3"]),
    "kron_mixed": lambda: np.kron(I["V3"], I["K22"]),
    "inv_view": lambda: L.inv(I["A"][::-1].T),
    "solve_batch_vec": lambda: L.solve(I["As"], I["Bv"]),
    "det_stack_of_copies": lambda: L.det(np.broadcast_to(I["A"], (3, 4, 4))),
    "trace_2d": lambda: np.trace(I["A"]),
    "trace_offset": lambda: np.trace(I["M34"], 1),
    "trace_3d": lambda: np.trace(I["C345"]),
    "trace_int32": lambda: np.trace(I["I32b"]),
    "linalg_trace": lambda: L.trace(I["As"]),
    "matrix_transpose": lambda: np.matrix_transpose(I["E234"]),
    "multi_dot": lambda: L.multi_dot([I["V3"], I["M34"], I["M45"], I["V5"]]),
    "cross_3": lambda: np.cross(I["M23"], I["V3"]),
    "cross_2_3": lambda: np.cross(I["K22"], I["V3"]),
    "cross_2": lambda: np.cross(I["K22"], I["K22"][::-1]),
}

ERRORS = {
    "err_solve_vec": lambda: L.solve(np.ones((2, 2)), np.ones(3)),
    "err_solve_mat": lambda: L.solve(np.ones((2, 2)), np.ones((3, 1))),
    "err_inv_rect": lambda: L.inv(np.ones((2, 3))),
    "err_inv_1d": lambda: L.inv(np.ones(3)),
    "err_det_rect": lambda: L.det(np.ones((2, 3))),
    "err_cholesky_1d": lambda: L.cholesky(np.ones(3)),
    "err_norm_3d": lambda: L.norm(np.ones((2, 2, 2)), 2),
    "err_norm_order": lambda: L.norm(np.ones((2, 2)), 3),
    "err_norm_vec_fro": lambda: L.norm(np.ones(2), "fro"),
    "err_norm_dup_axes": lambda: L.norm(np.ones((2, 2)), None, (1, 1)),
    "err_qr_mode": lambda: L.qr(np.ones((2, 2)), "x"),
    "err_eigh_uplo": lambda: L.eigh(np.ones((2, 2)), "X"),
    "err_lstsq_dims": lambda: L.lstsq(np.ones((2, 2)), np.ones(3)),
    "err_matmul_core": lambda: np.matmul(np.ones((2, 2, 3)), np.ones((3, 5, 4))),
    "err_inner": lambda: np.inner(np.ones((2, 3)), np.ones(2)),
    "err_tensordot": lambda: np.tensordot(np.ones((2, 3)), np.ones((4, 5)), 1),
    "err_vdot": lambda: np.vdot(np.ones(3), np.ones(4)),
    "err_einsum_operands": lambda: np.einsum("ij,jk->ik", np.ones((2, 3))),
    "err_einsum_output": lambda: np.einsum("ij->ik", np.ones((2, 3))),
    "err_einsum_subscripts": lambda: np.einsum("ijk->ij", np.ones((2, 3))),
    "err_matrix_power_rect": lambda: L.matrix_power(np.ones((2, 3)), 2),
    "err_trace_1d": lambda: np.trace(np.ones(3)),
    "err_cross": lambda: np.cross(np.ones(4), np.ones(3)),
    "err_multi_dot_one": lambda: L.multi_dot([np.ones((2, 2))]),
    "err_multi_dot_3d": lambda: L.multi_dot([np.ones((2, 2)), np.ones((2, 2, 2)), np.ones((2, 2))]),
}


def main():
    warnings.simplefilter("ignore", DeprecationWarning)  # np.cross of 2-vectors is deprecated, still NumPy 2's result
    arrays = {"in." + k: v for k, v in IN.items()}
    for name, f in CASES.items():
        r = f()
        r = r if isinstance(r, tuple) else (r,)
        for i, x in enumerate(r):
            arrays[f"{name}.{i}"] = np.asarray(x)
    np.savez(os.path.join(OUT, "linalg_api.npz"), **arrays)
    errors = {}
    for name, f in ERRORS.items():
        try:
            f()
        except Exception as e:  # noqa: BLE001 - we record whatever NumPy raises
            errors[name] = {"type": type(e).__name__, "message": str(e)}
        else:
            raise SystemExit(f"{name}: NumPy raised nothing")
    with open(os.path.join(OUT, "linalg_api_errors.json"), "w") as f:
        json.dump(errors, f, indent=1, sort_keys=True)
        f.write("\n")
    print(len(CASES), "cases,", len(ERRORS), "errors")


if __name__ == "__main__":
    main()
