"""The example's layers inside a model nobody here wrote: Hugging Face transformers' ``LlamaForCausalLM``.

A small Llama is built from a config (random weights, nothing downloaded), in float32 as the reference and
in bfloat16 twice: once as it is (stock), once with `vecmath.layers.kernelize` (RMSNorm, the residual add
fused into the post-attention RMSNorm, SwiGLU). The roundings differ, so neither bfloat16 model equals the
reference: each is compared with it, and the swapped one must agree with it as well as the stock one does
(within 1.5x of the stock model's error). The same for a training step's loss and gradients, and for the
model under ``torch.compile(fullgraph=True)``. On a GPU it runs there; without one, emulated on the CPU
(a build with emulation, as oxpack's CI makes).
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
from vecmath.layers import kernelize  # noqa: E402

DEVICE = "cuda" if CUDA else "cpu"


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
