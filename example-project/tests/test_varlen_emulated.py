"""The example's attention over variable-length batches (`attention_varlen_fwd_d64` / `_d128`:
FlashAttention's varlen layout, q and o packed (total_q, heads, d), k and v (total_k, kv_heads, d),
int32 offsets), emulated on the CPU against float64 NumPy per sequence: no GPU needed. The call of
data alone (total_q, heads, total_k and kv_heads read from the shapes; o made), a batch with empty
sequences, GQA, bottom-right causal alignment, and offsets that would give an output row two writers
(the kernel traps before any block writes). oxpack's tests/test_varlen_attention_emulation.py has the
rest; tests/test_gpu_varlen_attention.py the GPU twins.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from hostarrays import BFloat16, rng, to_bf16  # noqa: F401  (rng: the fixture)
from vecmath import kernels

EMULATION = (Path(kernels.__file__).parent / "_oxpack" / "emulate.py").is_file()
pytestmark = pytest.mark.skipif(not EMULATION, reason="built without emulation (oxpack build --emulation)")


@pytest.fixture(autouse=True)
def emulated() -> Iterator[None]:
    """Every test emulated, as test_emulated.py's: the file runs in a process that turns emulation on for it, with
    or without OXPACK_EMULATE."""
    with kernels.emulation():
        yield


def widen(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def offsets(lengths: list[int]) -> np.ndarray:
    return np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32)


def reference(q: np.ndarray, k: np.ndarray, v: np.ndarray, lq: list[int], lk: list[int], scale: float,
              causal: bool) -> tuple[np.ndarray, np.ndarray]:
    """Softmax attention per sequence (GQA; causal bottom-right: row i sees keys j ≤ i + sk − sq; a row
    that sees none is 0), and p·|v|."""
    per, out, mag = q.shape[1] // k.shape[1], np.zeros_like(q), np.zeros_like(q)
    for (q0, sq), (k0, sk) in zip(zip(offsets(lq), lq), zip(offsets(lk), lk)):
        for h in range(q.shape[1] if sq and sk else 0):
            s = q[q0:q0 + sq, h] @ k[k0:k0 + sk, h // per].T * scale
            if causal:
                i, j = np.indices((sq, sk))
                s = np.where(j <= i + sk - sq, s, -np.inf)
            top = s.max(axis=-1, keepdims=True)
            p = np.exp(s - np.where(np.isfinite(top), top, 0))
            p /= np.maximum(p.sum(axis=-1, keepdims=True), 1e-300)
            out[q0:q0 + sq, h], mag[q0:q0 + sq, h] = p @ v[k0:k0 + sk, h // per], p @ np.abs(v[k0:k0 + sk, h // per])
    return out, mag


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize(("d", "lq", "lk"), [(64, [0, 5, 0, 64, 65], [0, 5, 0, 64, 65]),
                                             (128, [1, 127, 30], [1, 127, 30]), (64, [3, 70, 9], [80, 5, 0])])
def test_varlen_data_alone_matches_float64(rng: np.random.Generator, d: int, lq: list[int], lk: list[int],
                                           causal: bool) -> None:
    q = to_bf16(rng.standard_normal((sum(lq), 4, d)))
    k, v = (to_bf16(rng.standard_normal((sum(lk), 2, d))) for _ in range(2))
    o = np.full(q.shape, 0x7FC0, np.uint16)  # NaN: an element never written fails
    scale = 1 / math.sqrt(d)
    getattr(kernels, f"attention_varlen_fwd_d{d}")(BFloat16(q), BFloat16(k), BFloat16(v), offsets(lq), offsets(lk),
                                                   max(lq), int(causal), scale, BFloat16(o))
    ref, mag = reference(widen(q), widen(k), widen(v), lq, lk, scale, causal)
    got = widen(o)
    assert not np.isnan(got).any()
    assert np.all(np.abs(got - ref) <= 2.0**-7 * mag + 1e-6)


def test_overlapping_offsets_trap_before_any_write() -> None:
    """Decreasing offsets (blocks of two sequences would own the same rows): the kernel traps, o untouched."""
    z = BFloat16(np.zeros((64, 2, 64), np.uint16))
    out = np.full((64, 2, 64), 0x7FC0, np.uint16)
    bad, good = np.array([0, 40, 20, 64], np.int32), offsets([20, 20, 24])
    with pytest.raises(kernels.KernelTrap, match=r"^attention_varlen_fwd_d64\(\): the kernel trapped"):
        kernels.attention_varlen_fwd_d64(z, z, z, bad, good, 40, 0, 0.125, BFloat16(out))
    assert (out == 0x7FC0).all()
