"""PyTorch layers made of the example's kernels, to use in a model or to swap into one.

Each function below calls a differentiable operator (``torch.ops.vecmath.*``: the kernel's ``#[outputs]``
make it functional, its ``#[backward]`` gives it a gradient), so a model that uses them trains and compiles
(``torch.compile(fullgraph=True)``). The layer classes are written for the modules of Hugging Face
transformers' Llama: `kernelize` swaps their ``forward`` into a model's own modules, which keep their
weights (as Hugging Face ``kernels``' layer mapping does)::

    from vecmath.layers import kernelize
    kernelize(model)  # LlamaRMSNorm, LlamaMLP, LlamaDecoderLayer and LlamaModel run the kernels

Importing this module imports PyTorch.
"""

from __future__ import annotations

import functools
from typing import Any

import torch

from . import kernels_torch

__all__ = ["LLAMA", "CarriedResidualModel", "FusedAddRMSNormDecoderLayer", "RMSNorm", "SwiGLUMLP", "fused_add_rms_norm", "kernelize",
           "layer_norm", "rms_norm", "swiglu"]

_ops: Any = torch.ops.vecmath  # each call names its overload (``.default``): a packet resolves it at each call


def _rows(x: torch.Tensor) -> torch.Tensor:
    """`x` as rows of its last dim, dense (a view where it is one already)."""
    return x.reshape(-1, x.shape[-1]).contiguous()


def rms_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """RMSNorm over the last dim of `x` (bfloat16 or float32, as `weight`), computed in f32."""
    op = _ops.rmsnorm_bf16.default if x.dtype == torch.bfloat16 else _ops.rmsnorm_f32.default
    out, _rstd = op(eps, _rows(x), weight)
    return out.view(x.shape)


def fused_add_rms_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float
                       ) -> tuple[torch.Tensor, torch.Tensor]:
    """(RMSNorm of ``x + residual``, ``x + residual``) in one pass over the rows (bfloat16 or float32, as
    `weight`), as vLLM's ``fused_add_rms_norm``."""
    op = _ops.fused_add_rmsnorm_bf16.default if x.dtype == torch.bfloat16 else _ops.fused_add_rmsnorm_f32.default
    out, total, _rstd = op(eps, _rows(x), _rows(residual), weight)
    return out.view(x.shape), total.view(x.shape)


def swiglu(gate: torch.Tensor, up: torch.Tensor) -> torch.Tensor:
    """``silu(gate) * up`` (bfloat16 or float32)."""
    op = _ops.swiglu_bf16.default if gate.dtype == torch.bfloat16 else _ops.swiglu_f32.default
    return op(gate.contiguous().view(-1), up.contiguous().view(-1)).view(gate.shape)


def layer_norm(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    """LayerNorm over the last dim of `x` (bfloat16 or float32, as `weight` and `bias`). The float32 kernel's
    eps is 1e-5, as llm.c's: another eps is refused."""
    if x.dtype == torch.bfloat16:
        out = _ops.layernorm_bf16.default(eps, _rows(x), weight, bias)[0]
    elif eps == 1e-5:
        out = _ops.layernorm.default(_rows(x), weight, bias)[0]
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


def _cache_name() -> str:
    """What transformers calls the KV cache in its forwards, its mask helper and its outputs: ``cache`` in the
    releases that renamed it, ``past_key_values`` before (both are in use)."""
    from transformers.modeling_outputs import BaseModelOutputWithPast

    return "cache" if "cache" in BaseModelOutputWithPast.__dataclass_fields__ else "past_key_values"


def _add_rms_norm(x: torch.Tensor, residual: torch.Tensor, norm: Any) -> tuple[torch.Tensor, torch.Tensor]:
    """`fused_add_rms_norm` with the weight and eps of `norm` (a ``LlamaRMSNorm``, swapped or not)."""
    return fused_add_rms_norm(x, residual, norm.weight, norm.variance_epsilon)


def _decoder_layer(layer: Any, hidden_states: torch.Tensor, residual: torch.Tensor | None, /, **kwargs: Any
                   ) -> tuple[torch.Tensor, torch.Tensor]:
    """``LlamaDecoderLayer`` `layer` with the residual stream carried apart, as vLLM's Llama does: given the
    previous layer's MLP output and residual (`residual` None for the first layer: `hidden_states` is the
    embeddings), returns this layer's MLP output and residual, not yet added. Both adds are fused into the
    RMSNorm that follows them (`fused_add_rms_norm`); `kwargs` go to the attention as the layer passes them."""
    if residual is None:
        residual = hidden_states
        hidden_states = layer.input_layernorm(hidden_states)
    else:
        hidden_states, residual = _add_rms_norm(hidden_states, residual, layer.input_layernorm)
    hidden_states, _ = layer.self_attn(hidden_states=hidden_states, **kwargs)
    hidden_states, residual = _add_rms_norm(hidden_states, residual, layer.post_attention_layernorm)
    return layer.mlp(hidden_states), residual


def _checkpointed_by_call(layer: Any) -> bool:
    """Whether transformers checkpoints `layer` in its ``__call__`` (``GradientCheckpointingLayer`` before it
    moved the checkpointing into a wrapper of each layer class's ``forward``, which a swapped forward replaces)."""
    from transformers.modeling_layers import GradientCheckpointingLayer

    return "__call__" in vars(GradientCheckpointingLayer) and isinstance(layer, GradientCheckpointingLayer)


def _checkpointed_layer(layer: Any, hidden_states: torch.Tensor, residual: torch.Tensor | None, /, *,
                        called: bool = False, **kwargs: Any) -> tuple[torch.Tensor, torch.Tensor]:
    """`_decoder_layer`, recomputed in the backward where transformers' activation checkpointing marks `layer`
    (``activation_checkpointing_enable()``, ``gradient_checkpointing_enable()`` before it), as its
    ``GradientCheckpointingLayer`` does: a swapped ``forward`` replaces the one that class wraps, so the
    layer's own checkpointing would not run. `called`: the layer's own ``__call__`` runs this (its swapped
    forward), and a transformers that checkpoints in ``__call__`` has done so already."""
    if not (getattr(layer, "gradient_checkpointing", False) and layer.training and torch.is_grad_enabled()) or (
            called and _checkpointed_by_call(layer)):
        return _decoder_layer(layer, hidden_states, residual, **kwargs)
    if not getattr(layer, "_can_checkpoint_with_cache", False):
        kwargs.update({_cache_name(): None, "use_cache": False})  # the replay would update the cache twice
    step = functools.partial(_decoder_layer, layer, **kwargs)
    return layer._gradient_checkpointing_func(step, hidden_states, residual)  # type: ignore[no-any-return]


class FusedAddRMSNormDecoderLayer(torch.nn.Module):
    """``LlamaDecoderLayer``'s forward with the residual add after attention fused into the next RMSNorm
    (`fused_add_rms_norm`); its other modules (attention, the MLP, the first norm) run as they are, swapped
    or not. The add after the MLP stays; `CarriedResidualModel` fuses it too, into the next layer's norm.
    Activation checkpointing recomputes the layer where it marks it, as the stock layer's does."""

    needs = ("input_layernorm", "self_attn", "post_attention_layernorm", "mlp")

    def forward(self, hidden_states: torch.Tensor, attention_mask: Any = None, position_ids: Any = None,
                cache: Any = None, use_cache: bool | None = False, position_embeddings: Any = None,
                **kwargs: Any) -> torch.Tensor:
        if "past_key_values" in kwargs:  # the name before transformers renamed it `cache`
            cache = kwargs.pop("past_key_values")
        out, residual = _checkpointed_layer(self, hidden_states, None, called=True, attention_mask=attention_mask,
                                            position_ids=position_ids, use_cache=use_cache,
                                            position_embeddings=position_embeddings, **{_cache_name(): cache},
                                            **kwargs)
        return residual + out


def _delegated(config: Any, kwargs: dict[str, Any]) -> bool:
    """Whether a ``LlamaModel.forward`` call asks for what `CarriedResidualModel` leaves to the original forward:
    the hidden states between layers or the attention weights (in the call or the config), a causality other
    than the config's (`is_causal`, which transformers sets on the config for the call), or `debug_io`."""
    def asked(name: str) -> Any:
        return kwargs.get(name, getattr(config, name, None))
    return bool(asked("output_hidden_states") or asked("output_attentions") or asked("is_causal") is not None
                or kwargs.get("debug_io"))


class CarriedResidualModel(torch.nn.Module):
    """``LlamaModel``'s forward with the residual stream carried between its decoder layers, as vLLM's Llama
    does: each layer's input RMSNorm is ``fused_add_rms_norm(previous MLP output, previous residual)``, and so is
    the model's final norm, so no residual add runs outside the kernels (the stock model's add after each MLP
    feeds the next norm; Inductor fuses it there, but cannot fuse into an opaque operator). The layers'
    attention, MLPs and first input norm run as the modules they are (swapped or not).

    Returns what ``LlamaModel.forward`` returns (``BaseModelOutputWithPast``: the last hidden state and the
    cache), from the same helpers (transformers' causal mask, the model's rotary embedding, ``DynamicCache``)
    for `input_ids` or `inputs_embeds`, `attention_mask`, `position_ids`, `cache` (or `past_key_values`) with
    `use_cache`, `return_dict` and the keyword arguments the layers take. A call that asks for what this forward
    never forms, the hidden states between layers or the attention weights (`output_hidden_states`,
    `output_attentions`, in the call or the config), or for `is_causal` or `debug_io`, runs the model's original
    forward instead (its layers still run their own forwards, swapped or not). Activation checkpointing
    (``activation_checkpointing_enable()``) recomputes the layers it marks, as the original forward does. The
    decoder layers' modules are called, not the layers, so hooks on a layer do not run."""

    needs = ("embed_tokens", "layers", "norm", "rotary_emb", "config")

    @staticmethod
    def refuses(module: Any) -> str | None:
        norms = [("`norm`", module.norm)]
        for i, layer in enumerate(module.layers):
            missing = [a for a in FusedAddRMSNormDecoderLayer.needs if not hasattr(layer, a)]
            if missing:
                return (f"its decoder layer {i} ({type(layer).__name__}) has no "
                        f"{', '.join(f'`{a}`' for a in missing)}, which a Llama decoder layer has")
            norms += [(f"layer {i}'s `{n}`", getattr(layer, n)) for n in ("input_layernorm", "post_attention_layernorm")]
        for what, norm in norms:
            if not (hasattr(norm, "weight") and hasattr(norm, "variance_epsilon")):
                return (f"its {what} ({type(norm).__name__}) has no `weight` and `variance_epsilon`, which the fused "
                        "add + RMSNorm reads (a LlamaRMSNorm has them)")
        return None

    def forward(self, input_ids: Any = None, attention_mask: Any = None, position_ids: Any = None,
                cache: Any = None, inputs_embeds: Any = None, use_cache: bool | None = None, **kwargs: Any) -> Any:
        from transformers.cache_utils import DynamicCache
        from transformers.masking_utils import create_causal_mask
        from transformers.modeling_outputs import BaseModelOutputWithPast

        model: Any = self  # the Hugging Face module, whose attributes (`layers`, `norm`, ...) mypy cannot see
        config = model.config
        if "past_key_values" in kwargs:  # the name before transformers renamed it `cache`
            cache = kwargs.pop("past_key_values")
        cache_name = _cache_name()  # the cache's name in this transformers' forwards
        named = {cache_name: cache}
        if _delegated(config, kwargs):
            original: Any = type(self).forward  # the class's, which `kernelize` left as it is
            return original(self, input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids,
                            inputs_embeds=inputs_embeds, use_cache=use_cache, **named, **kwargs)
        return_dict = kwargs.pop("return_dict", getattr(config, "return_dict", True))
        if (input_ids is None) == (inputs_embeds is None):
            raise ValueError("You must specify exactly one of input_ids or inputs_embeds")
        if use_cache is None:
            use_cache = getattr(config, "use_cache", None)
        if use_cache and self.training and torch.is_grad_enabled() and getattr(model, "gradient_checkpointing", False):
            use_cache = False  # as transformers does: a checkpointed layer's replay would update the cache twice
        if inputs_embeds is None:
            inputs_embeds = model.embed_tokens(input_ids)
        if use_cache and cache is None:
            cache = DynamicCache(config=config)
        named = {cache_name: cache}
        if position_ids is None:
            past_seen_tokens = cache.get_seq_length() if cache is not None else 0
            position_ids = (torch.arange(inputs_embeds.shape[1], device=inputs_embeds.device) + past_seen_tokens)
            position_ids = position_ids.unsqueeze(0)
        causal_mask = create_causal_mask(config=config, inputs_embeds=inputs_embeds, attention_mask=attention_mask,
                                         position_ids=position_ids, **named)
        position_embeddings = model.rotary_emb(inputs_embeds, position_ids=position_ids)

        hidden_states, residual = inputs_embeds, None
        for layer in model.layers[: config.num_hidden_layers]:
            hidden_states, residual = _checkpointed_layer(
                layer, hidden_states, residual, attention_mask=causal_mask, position_embeddings=position_embeddings,
                position_ids=position_ids, use_cache=use_cache, **named, **kwargs)
        if residual is None:  # no layers
            hidden_states = model.norm(hidden_states)
        else:
            hidden_states, _ = _add_rms_norm(hidden_states, residual, model.norm)
        outputs = BaseModelOutputWithPast(last_hidden_state=hidden_states, **named)
        return outputs if return_dict else outputs.to_tuple()


LLAMA: dict[str, type] = {"LlamaRMSNorm": RMSNorm, "LlamaMLP": SwiGLUMLP,
                          "LlamaDecoderLayer": FusedAddRMSNormDecoderLayer, "LlamaModel": CarriedResidualModel}
"""Hugging Face Llama's modules (by class name) → the layer whose ``forward`` they take."""


def kernelize(model: torch.nn.Module, mapping: dict[Any, type] | None = None) -> list[str]:
    """Swap the layers of `mapping` (default `LLAMA`) into `model`'s modules; returns their names."""
    return kernels_torch.kernelize(model, LLAMA if mapping is None else mapping)
