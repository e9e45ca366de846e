"""PyTorch layers made of the example's kernels, to use in a model or to swap into one.

Each function below calls a differentiable operator (``torch.ops.vecmath.*``: the kernel's ``#[outputs]``
make it functional, its ``#[backward]`` gives it a gradient), so a model that uses them trains and compiles
(``torch.compile(fullgraph=True)``). The layer classes are written for the modules of Hugging Face
transformers' Llama: `kernelize` swaps their ``forward`` into a model's own modules, which keep their
weights (as Hugging Face ``kernels``' layer mapping does)::

    from vecmath.layers import kernelize
    kernelize(model)  # LlamaRMSNorm, LlamaMLP and LlamaDecoderLayer run the kernels

Importing this module imports PyTorch.
"""

from __future__ import annotations

from typing import Any

import torch

from . import kernels_torch

__all__ = ["LLAMA", "FusedAddRMSNormDecoderLayer", "RMSNorm", "SwiGLUMLP", "fused_add_rms_norm", "kernelize",
           "layer_norm", "rms_norm", "swiglu"]

_ops: Any = torch.ops.vecmath


def _rows(x: torch.Tensor) -> torch.Tensor:
    """`x` as rows of its last dim, dense (a view where it is one already)."""
    return x.reshape(-1, x.shape[-1]).contiguous()


def rms_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """RMSNorm over the last dim of `x` (bfloat16 or float32, as `weight`), computed in f32."""
    op = _ops.rmsnorm_bf16 if x.dtype == torch.bfloat16 else _ops.rmsnorm_f32
    out, _rstd = op(eps, _rows(x), weight)
    return out.view(x.shape)


def fused_add_rms_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float
                       ) -> tuple[torch.Tensor, torch.Tensor]:
    """(RMSNorm of ``x + residual``, ``x + residual``) in one pass over bfloat16 rows, as vLLM's
    ``fused_add_rms_norm``; float32 takes the sum, then `rms_norm`."""
    if x.dtype != torch.bfloat16:
        total = x + residual
        return rms_norm(total, weight, eps), total
    out, total, _rstd = _ops.fused_add_rmsnorm_bf16(eps, _rows(x), _rows(residual), weight)
    return out.view(x.shape), total.view(x.shape)


def swiglu(gate: torch.Tensor, up: torch.Tensor) -> torch.Tensor:
    """``silu(gate) * up`` (bfloat16 or float32)."""
    op = _ops.swiglu_bf16 if gate.dtype == torch.bfloat16 else _ops.swiglu_f32
    return op(gate.contiguous().view(-1), up.contiguous().view(-1)).view(gate.shape)


def layer_norm(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    """LayerNorm over the last dim of `x` (bfloat16 or float32, as `weight` and `bias`). The float32 kernel's
    eps is 1e-5, as llm.c's: another eps is refused."""
    if x.dtype == torch.bfloat16:
        out = _ops.layernorm_bf16(eps, _rows(x), weight, bias)[0]
    elif eps == 1e-5:
        out = _ops.layernorm(_rows(x), weight, bias)[0]
    else:
        raise ValueError(f"layer_norm(): eps={eps} on float32: the float32 kernel's eps is 1e-5; pass bfloat16 "
                         "tensors, or eps=1e-5")
    return out.view(x.shape)


class RMSNorm(torch.nn.Module):
    """RMSNorm as ``LlamaRMSNorm`` (its `weight` and `variance_epsilon`), computed in f32 throughout."""

    needs = ("weight", "variance_epsilon")

    def __init__(self, hidden_size: int, eps: float = 1e-6, dtype: torch.dtype | None = None,
                 device: Any = None) -> None:
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(hidden_size, dtype=dtype, device=device))
        self.variance_epsilon = eps

    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        return rms_norm(hidden_states, self.weight, self.variance_epsilon)


class SwiGLUMLP(torch.nn.Module):
    """``LlamaMLP``'s forward with the gate's SiLU and the product in one kernel: ``down(silu(gate(x)) * up(x))``."""

    needs = ("gate_proj", "up_proj", "down_proj")

    @staticmethod
    def refuses(module: Any) -> str | None:
        act = getattr(getattr(module, "config", None), "hidden_act", "silu")
        return None if act in ("silu", "swish") else f"its activation is {act!r}, and the kernel computes SiLU"

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down_proj(swiglu(self.gate_proj(x), self.up_proj(x)))  # type: ignore[no-any-return]


class FusedAddRMSNormDecoderLayer(torch.nn.Module):
    """``LlamaDecoderLayer``'s forward with the residual add after attention fused into the next RMSNorm
    (`fused_add_rms_norm`); its other modules (attention, the MLP, the first norm) run as they are, swapped
    or not."""

    needs = ("input_layernorm", "self_attn", "post_attention_layernorm", "mlp")

    def forward(self, hidden_states: torch.Tensor, attention_mask: Any = None, position_ids: Any = None,
                cache: Any = None, use_cache: bool | None = False, position_embeddings: Any = None,
                **kwargs: Any) -> torch.Tensor:
        if "past_key_values" in kwargs:  # the name before transformers 5.40
            cache = kwargs.pop("past_key_values")
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        hidden_states, _ = self.self_attn(hidden_states=hidden_states, attention_mask=attention_mask,
                                          position_ids=position_ids, cache=cache, use_cache=use_cache,
                                          position_embeddings=position_embeddings, **kwargs)
        norm = self.post_attention_layernorm
        hidden_states, residual = fused_add_rms_norm(hidden_states, residual, norm.weight, norm.variance_epsilon)
        return residual + self.mlp(hidden_states)  # type: ignore[no-any-return]


LLAMA: dict[str, type] = {"LlamaRMSNorm": RMSNorm, "LlamaMLP": SwiGLUMLP,
                          "LlamaDecoderLayer": FusedAddRMSNormDecoderLayer}
"""Hugging Face Llama's modules (by class name) → the layer whose ``forward`` they take."""


def kernelize(model: torch.nn.Module, mapping: dict[Any, type] | None = None) -> list[str]:
    """Swap the layers of `mapping` (default `LLAMA`) into `model`'s modules; returns their names."""
    return kernels_torch.kernelize(model, LLAMA if mapping is None else mapping)
