"""The example's layers inside a model nobody here wrote: Hugging Face transformers' ``LlamaForCausalLM``.

A small Llama is built from a config (random weights, nothing downloaded), in float32 as the reference and
in bfloat16 twice: once as it is (stock), once with `vecmath.layers.kernelize` (RMSNorm, SwiGLU, and the
residual stream carried between the decoder layers so that every residual add is fused into the RMSNorm
after it). The roundings differ, so neither bfloat16 model equals the reference: each is compared with it,
and the swapped one must agree with it as well as the stock one does (within 1.5x of the stock model's
error). The same for a training step's loss and gradients, and for the model under
``torch.compile(fullgraph=True)``. The swapped ``LlamaModel.forward`` is checked against transformers' own in
float32 (where it runs the same arithmetic): inputs_embeds, padding, a cache over several calls, generation,
tuples; and no residual add is left outside the kernels, eager or compiled. On a GPU it runs there; without
one, emulated on the CPU (a build with emulation, as oxpack's CI makes).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

torch = pytest.importorskip("torch", reason="the Llama test needs PyTorch")
transformers = pytest.importorskip("transformers", reason="the Llama test needs transformers (pip install transformers)")

from vecmath import kernels  # noqa: E402

CUDA = torch.cuda.is_available()
EMULATION = (Path(kernels.__file__).parent / "_oxpack" / "emulate.py").is_file()
pytestmark = pytest.mark.skipif(not CUDA and not EMULATION,
                                reason="no GPU, and built without emulation (oxpack build --emulation)")

from hostarrays import emulated_without_gpu  # noqa: E402, F401  (the fixture, autouse)
from vecmath.layers import LLAMA, kernelize  # noqa: E402

DEVICE = "cuda" if CUDA else "cpu"


def _cache_name() -> str:
    """transformers' name of the KV cache (`cache` in the releases that renamed it, `past_key_values` before)."""
    from transformers.modeling_outputs import BaseModelOutputWithPast

    return "cache" if "cache" in BaseModelOutputWithPast.__dataclass_fields__ else "past_key_values"


def _cache(out: Any) -> Any:
    return getattr(out, _cache_name())


def _config() -> Any:
    return transformers.LlamaConfig(vocab_size=256, hidden_size=128, intermediate_size=344, num_hidden_layers=2,
                                    num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64,
                                    rms_norm_eps=1e-5, tie_word_embeddings=False)


@pytest.fixture(scope="module")
def models() -> dict[str, Any]:
    torch.manual_seed(0)
    reference = transformers.LlamaForCausalLM(_config()).to(DEVICE, torch.float32).eval()
    with torch.no_grad():  # norms' weights away from 1, so that a wrong weight would show
        for name, p in reference.named_parameters():
            if "norm" in name:
                p.add_(0.2 * torch.randn_like(p))
    stock = copy.deepcopy(reference).to(torch.bfloat16)
    swapped = copy.deepcopy(reference).to(torch.bfloat16)
    names = kernelize(swapped)
    assert sum(n.endswith("norm") for n in names) == 2 * 2 + 1 and sum(n.endswith(".mlp") for n in names) == 2
    return {"reference": reference, "stock": stock, "swapped": swapped}


def _tokens(batch: int = 2, seq: int = 24) -> Any:
    g = torch.Generator().manual_seed(7)
    return torch.randint(0, 256, (batch, seq), generator=g).to(DEVICE)


def _error(got: Any, want: Any) -> float:
    return float((got.float() - want.float()).norm() / want.float().norm())


def test_the_swapped_modules_run_the_kernels(models: dict[str, Any]) -> None:
    layer = models["swapped"].model.layers[0]
    assert layer.mlp.forward.__func__.__qualname__ == "SwiGLUMLP.forward"
    assert layer.input_layernorm.forward.__func__.__qualname__ == "RMSNorm.forward"
    assert layer.forward.__func__.__qualname__ == "FusedAddRMSNormDecoderLayer.forward"
    assert models["swapped"].model.forward.__func__.__qualname__ == "CarriedResidualModel.forward"
    assert not hasattr(models["stock"].model.layers[0].mlp.forward, "__func__") or \
        models["stock"].model.layers[0].mlp.forward.__func__.__qualname__ == "LlamaMLP.forward"


def test_logits_agree_with_float32_as_well_as_the_stock_model(models: dict[str, Any]) -> None:
    ids = _tokens()
    with torch.no_grad():
        want = models["reference"](ids).logits
        stock = models["stock"](ids).logits
        swapped = models["swapped"](ids).logits
    e_stock, e_swapped = _error(stock, want), _error(swapped, want)
    print(f"logits, relative error against float32: stock {e_stock:.4g}, swapped {e_swapped:.4g}")
    assert e_swapped <= 1.5 * e_stock, (e_swapped, e_stock)
    assert e_stock < 0.05  # the comparison means something: bfloat16 Llama is close to float32


def test_a_training_step_agrees_as_well_as_the_stock_model(models: dict[str, Any]) -> None:
    ids = _tokens()
    results = {}
    for name in ("reference", "stock", "swapped"):
        model = copy.deepcopy(models[name]).train()  # a deep copy's swapped forwards are bound to its own modules
        loss = model(ids, labels=ids).loss
        loss.backward()
        grads = {n: p.grad.float() for n, p in model.named_parameters()}
        assert all(g is not None for g in grads.values())
        results[name] = (loss.detach().float(), grads)
    want_loss, want = results["reference"]
    for name in ("stock", "swapped"):
        loss, _ = results[name]
        assert abs(float(loss - want_loss)) < 0.02 * float(want_loss), (name, float(loss), float(want_loss))

    def error(grads: dict[str, Any]) -> float:
        num = sum(float((grads[n] - want[n]).norm() ** 2) for n in want)
        return (num / sum(float(g.norm() ** 2) for g in want.values())) ** 0.5

    e_stock, e_swapped = error(results["stock"][1]), error(results["swapped"][1])
    print(f"gradients, relative error against float32: stock {e_stock:.4g}, swapped {e_swapped:.4g}")
    assert e_swapped <= 1.5 * e_stock, (e_swapped, e_stock)
    for n in want:  # each norm's weight has its gradient (the backward kernels' column sums), as close
        if "norm" in n:
            assert _error(results["swapped"][1][n], want[n]) <= 1.5 * _error(results["stock"][1][n], want[n]) + 1e-3, n


@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")  # inductor's own
@pytest.mark.filterwarnings("ignore:TensorFloat32 tensor cores:UserWarning")  # inductor's, on the rotary embedding's f32 matmul
def test_the_swapped_model_compiles_in_one_graph(models: dict[str, Any]) -> None:
    ids = _tokens()
    model = models["swapped"]
    torch._dynamo.reset()
    backend = "inductor" if CUDA else "aot_eager"  # the CPU's inductor compiles C++ for minutes: the GPU run covers it
    compiled = torch.compile(model, fullgraph=True, backend=backend)
    with torch.no_grad():
        eager = model(ids).logits
        traced = compiled(ids).logits
    assert _error(traced, eager) < 1e-2
    loss = compiled(ids, labels=ids).loss  # forward and backward traced
    loss.backward()
    assert all(p.grad is not None for p in model.parameters())
    model.zero_grad(set_to_none=True)


# ---------------------------------------------------------------- the residual stream carried between layers


def _residual_adds(model: Any, ids: Any) -> int:
    """How many adds of two hidden-state-shaped tensors (batch, seq, hidden) a forward of `model` runs outside
    the kernels (a dispatch mode sees every aten operator; a kernel's operator is one call, its insides unseen)."""
    from torch.utils._python_dispatch import TorchDispatchMode

    shape = (*ids.shape, model.config.hidden_size)

    class Count(TorchDispatchMode):
        adds = 0

        def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
            if func is torch.ops.aten.add.Tensor and all(isinstance(a, torch.Tensor) and tuple(a.shape) == shape
                                                         for a in args[:2]):
                Count.adds += 1
            return func(*args, **(kwargs or {}))

    with torch.no_grad(), Count():
        model(ids)
    return Count.adds


def test_no_residual_add_runs_outside_the_kernels(models: dict[str, Any]) -> None:
    """The stock model adds the residual twice a layer; with the decoder layers alone swapped, once (after the
    MLP); with the model swapped too (the default mapping), never: each add is in the next fused RMSNorm."""
    ids, layers = _tokens(), _config().num_hidden_layers
    assert _residual_adds(models["stock"], ids) == 2 * layers
    layers_only = copy.deepcopy(models["reference"]).to(torch.bfloat16)
    kernelize(layers_only, {k: v for k, v in LLAMA.items() if k != "LlamaModel"})
    assert _residual_adds(layers_only, ids) == layers
    assert _residual_adds(models["swapped"], ids) == 0


@pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")
def test_the_compiled_graph_has_no_residual_add(models: dict[str, Any]) -> None:
    """The same in the graph `torch.compile` traces (AOTAutograd's forward graph, before any fusion)."""
    from functorch.compile import make_boxed_func
    from torch._dynamo.backends.common import aot_autograd

    ids = _tokens()
    shape = (*ids.shape, _config().hidden_size)
    counts: list[int] = []

    def count(gm: Any, _inputs: Any) -> Any:
        def hidden(a: Any) -> bool:
            val = a.meta.get("val") if hasattr(a, "meta") else None
            return val is not None and tuple(val.shape) == shape
        counts.append(sum(1 for n in gm.graph.nodes if n.target is torch.ops.aten.add.Tensor
                          and all(hidden(a) for a in n.args[:2])))
        return make_boxed_func(gm.forward)

    for name in ("stock", "swapped"):
        torch._dynamo.reset()
        compiled = torch.compile(models[name], fullgraph=True, backend=aot_autograd(fw_compiler=count))
        with torch.no_grad():
            compiled(ids)
    torch._dynamo.reset()
    assert counts == [2 * _config().num_hidden_layers, 0], counts


def _float32_pair(models: dict[str, Any]) -> tuple[Any, Any]:
    """The reference and its kernelized copy, both float32: the same arithmetic but for the norms' kernels (f32
    throughout, as transformers' norm in f32), so that the model's forward is checked to float32's precision."""
    swapped = copy.deepcopy(models["reference"])
    kernelize(swapped)
    return models["reference"], swapped


def _close(got: Any, want: Any, tol: float = 1e-4) -> None:
    assert _error(got, want) < tol, _error(got, want)


def test_the_swapped_model_forward_matches_transformers_in_float32(models: dict[str, Any]) -> None:
    """input_ids or inputs_embeds, cache_position, a padding mask with explicit positions, return_dict=False: as
    transformers' LlamaModel.forward."""
    reference, swapped = _float32_pair(models)
    ids = _tokens()
    mask = torch.ones_like(ids)
    mask[0, :5] = 0  # left padding of the first sequence
    positions = (mask.cumsum(-1) - 1).clamp(min=0)
    embeds = reference.model.embed_tokens(ids).detach()
    with torch.no_grad():
        _close(swapped(ids).logits, reference(ids).logits)
        _close(swapped(inputs_embeds=embeds).logits, reference(inputs_embeds=embeds).logits)
        where = torch.arange(ids.shape[1], device=DEVICE)  # transformers 5.25 passes it on to the layers' attention
        _close(swapped(ids, cache_position=where).logits, reference(ids, cache_position=where).logits)
        got = swapped(ids, attention_mask=mask, position_ids=positions).logits
        want = reference(ids, attention_mask=mask, position_ids=positions).logits
        _close(got[:, 5:], want[:, 5:])
        _close(got[1], want[1])
        out = swapped.model(ids, return_dict=False)
        assert isinstance(out, tuple) and len(out) == 2  # (last hidden state, cache)
        _close(out[0], reference.model(ids).last_hidden_state)
        assert out[1].get_seq_length() == ids.shape[1]
        with pytest.raises(ValueError, match="exactly one of input_ids or inputs_embeds"):
            swapped.model(ids, inputs_embeds=embeds)


def test_the_swapped_model_decodes_with_a_cache_as_transformers(models: dict[str, Any]) -> None:
    """A prefill that fills a cache, then decoding steps that read it (`cache`, and the old name
    `past_key_values`), and greedy generation: the outputs and tokens of transformers' own forward."""
    reference, swapped = _float32_pair(models)
    ids = _tokens(seq=12)
    with torch.no_grad():
        caches, logits = [], []
        for model in (reference, swapped):
            out = model(ids, use_cache=True)
            step = out.logits[:, -1:].argmax(-1)
            out2 = model(step, use_cache=True, **{_cache_name(): _cache(out)})
            # the swapped forward takes the old name too (transformers' own warns where it renamed it)
            old_name = {"past_key_values" if model is swapped else _cache_name(): _cache(out2)}
            out3 = model.model(out2.logits.argmax(-1), use_cache=True, **old_name)
            caches.append(_cache(out3))
            logits.append((out.logits, out2.logits, out3.last_hidden_state))
        for got, want in zip(logits[1], logits[0], strict=True):
            _close(got, want)
        assert caches[1].get_seq_length() == caches[0].get_seq_length() == ids.shape[1] + 2
        generated = [m.generate(ids, max_new_tokens=6, do_sample=False, pad_token_id=0) for m in (reference, swapped)]
    assert torch.equal(generated[0], generated[1]), generated


def test_a_decoding_step_in_bfloat16_agrees_as_well_as_the_stock_model(models: dict[str, Any]) -> None:
    """One token through the fused kernels with a cache (rows = the batch), against the float32 reference."""
    ids = _tokens(seq=12)
    with torch.no_grad():
        last = {}
        for name in ("reference", "stock", "swapped"):
            out = models[name](ids[:, :-1], use_cache=True)
            last[name] = models[name](ids[:, -1:], use_cache=True, **{_cache_name(): _cache(out)}).logits
    e_stock, e_swapped = _error(last["stock"], last["reference"]), _error(last["swapped"], last["reference"])
    print(f"a decoding step's logits, relative error against float32: stock {e_stock:.4g}, swapped {e_swapped:.4g}")
    assert e_swapped <= 1.5 * e_stock, (e_swapped, e_stock)


def test_what_the_carried_forward_does_not_form_runs_the_original_forward(models: dict[str, Any]) -> None:
    """output_hidden_states (the hidden states between layers, which the carried stream never adds up) runs
    transformers' forward, whose layers still run their swapped forwards."""
    reference, swapped = _float32_pair(models)
    ids = _tokens()
    with torch.no_grad():
        got = swapped(ids, output_hidden_states=True)
        want = reference(ids, output_hidden_states=True)
    assert len(got.hidden_states) == len(want.hidden_states) == _config().num_hidden_layers + 1
    for g, w in zip(got.hidden_states, want.hidden_states, strict=True):
        _close(g, w)
    _close(got.logits, want.logits)
    with torch.no_grad():
        assert swapped(ids).hidden_states is None  # the carried forward, which forms none


@pytest.mark.parametrize("with_model", [True, False], ids=["default", "layers-only"])
def test_activation_checkpointing_checkpoints_the_chosen_layers_and_keeps_the_gradients(models: dict[str, Any],
                                                                                         with_model: bool) -> None:
    """transformers' activation checkpointing (every other layer here) recomputes those layers in the backward,
    with the residual carried in and out of each (or, the decoder layers swapped alone, through the layer's
    swapped forward, which replaces the one transformers wraps); the gradients are the same."""
    ids = _tokens()
    grads = []
    swapped = copy.deepcopy(models["reference"]).to(torch.bfloat16)
    kernelize(swapped, {k: v for k, v in LLAMA.items() if with_model or k != "LlamaModel"})
    for checkpointing in (False, True):
        model = copy.deepcopy(swapped).train()
        calls = []
        checkpointed = 0
        if checkpointing:
            if hasattr(model, "activation_checkpointing_enable"):
                model.activation_checkpointing_enable(every_n_layers=2)  # layer 0 of 2
                checkpointed = 1
            else:  # transformers before it: every layer
                model.gradient_checkpointing_enable()
                checkpointed = len(model.model.layers)
            for layer in model.model.layers:
                inner = layer._gradient_checkpointing_func

                def counted(fn: Any, *args: Any, inner: Any = inner) -> Any:
                    calls.append(fn)
                    return inner(fn, *args)
                layer._gradient_checkpointing_func = counted
        loss = model(ids, labels=ids).loss
        loss.backward()
        assert len(calls) == checkpointed
        grads.append({n: p.grad.float() for n, p in model.named_parameters()})
    for n, g in grads[0].items():
        torch.testing.assert_close(grads[1][n], g, rtol=1e-2, atol=1e-3, msg=n)


def test_a_model_the_carried_forward_cannot_run_is_refused_before_any_swap(models: dict[str, Any]) -> None:
    model = copy.deepcopy(models["reference"])
    del model.model.layers[1].post_attention_layernorm
    with pytest.raises(TypeError) as err:
        kernelize(model, {"LlamaModel": LLAMA["LlamaModel"]})
    assert str(err.value) == ("kernelize: module `model` (LlamaModel) cannot take CarriedResidualModel.forward: its "
                              "decoder layer 1 (LlamaDecoderLayer) has no `post_attention_layernorm`, which a Llama "
                              "decoder layer has")
    model = copy.deepcopy(models["reference"])
    model.model.norm = torch.nn.LayerNorm(_config().hidden_size)
    with pytest.raises(TypeError) as err:
        kernelize(model)
    assert str(err.value) == ("kernelize: module `model` (LlamaModel) cannot take CarriedResidualModel.forward: its "
                              "`norm` (LayerNorm) has no `weight` and `variance_epsilon`, which the fused add + "
                              "RMSNorm reads (a LlamaRMSNorm has them)")
    assert not any("forward" in vars(m) for m in model.modules())  # refused before any module changed
