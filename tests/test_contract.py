"""The contract from build to run time: one manifest model, one `where` language, one dtype table.

The build writes the manifest through the run time's own model and reads it back with it
(stubs, ``oxpack inspect``), the run time and the emulation read it with it, and a manifest
of another schema is refused in one line. One parser reads the `where` language: the build's
check, the run time's evaluation and the generated fast path's expression must agree on
every requirement, accepted or not, and on every value (a fuzz against Python's own
evaluation of the text). One table of element types serves every reader.
"""

from __future__ import annotations

import ast
import ctypes
import dataclasses
import json
import random
import re
import struct
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import ExampleBuild
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_stubs import FATBINS, at, imported, make_manifest

from oxpack import data_dir
from oxpack.contract import dtypes, manifest, runtime, where
from oxpack.errors import StageError
from oxpack.package.stubs import render_stubs
from oxpack.runtime import FILES as RUNTIME_FILES
from oxpack.runtime import _requires
from oxpack.sources.descriptor import DTYPES as LINK_DTYPES
from oxpack.sources.descriptor import KernelParam, KernelSig
from oxpack.sources.requirements import check_where
from oxpack.toolchain.llvm import _SCALAR_IR

PACKAGE = "oxpack_contract_testpkg"
SRC = Path(__file__).resolve().parents[1] / "src" / "oxpack"


# ---------------------------------------------------------------- the manifest model


def test_a_real_builds_manifest_round_trips(example_build: ExampleBuild) -> None:
    """What a build writes, the model reads back whole: every key of every table is a field."""
    real = example_build.manifest
    read = manifest().Manifest.from_json(real, "kernels.json")
    assert read.to_json() == real
    assert json.dumps(read.to_json(), sort_keys=True) == json.dumps(real, sort_keys=True)
    assert manifest().Manifest.from_json(make_manifest(), "kernels.json").to_json() == make_manifest()


def test_a_manifest_with_emulation_round_trips() -> None:
    data = make_manifest()
    data["emulation"] = {"platform": "linux_x86_64",
                         "crates": {"saxpy": {"library": "saxpy.host.so", "sha256": "0" * 64}}}
    read = manifest().Manifest.from_json(data, "kernels.json")
    assert read.emulation.crates["saxpy"].library == "saxpy.host.so" and read.to_json() == data


def test_the_kernel_signature_the_link_stage_caches_round_trips(example_build: ExampleBuild) -> None:
    from oxpack.builder.manifest import sig_from_json, sig_to_json

    model = manifest()
    for name, entry in example_build.manifest["kernels"].items():
        kernel = model.Manifest.from_json(example_build.manifest, "k").kernels[name]
        data = kernel.signature_json()
        assert data == {"name": name, **{k: v for k, v in entry.items() if k not in ("crate", "symbol", "resources", "block_limits")}}
        assert sig_to_json(sig_from_json(data)) == data


def _refusal(data: Any) -> str:
    with pytest.raises(runtime().ManifestError) as caught:
        manifest().Manifest.from_json(data, "kernels.json")
    message = str(caught.value)
    assert "\n" not in message and message.startswith(("kernels.json", "saxpy()")), message
    return message


@pytest.mark.parametrize(("path", "key"), [
    ((), "oxpack"), ((), "module"), ((), "crates"), ((), "kernels"), (("kernels", "saxpy"), "crate"),
    (("kernels", "saxpy"), "symbol"), (("kernels", "saxpy"), "params"), (("emulation",), "platform"),
    (("emulation",), "crates"), (("sources",), "kernels"), (("sources",), "oxpack"),
])
def test_a_missing_key_is_named(path: tuple[str, ...], key: str) -> None:
    data = make_manifest()
    data["emulation"] = {"platform": "linux_x86_64", "crates": {}}
    table = data
    for part in path:
        table = table[part]
    del table[key]
    message = _refusal(data)
    assert f"lacks `{key}`; rebuild the package" in message, message


@pytest.mark.parametrize(("edit", "expected"), [
    (lambda m: m.update(archs="sm_90"), "the manifest: `archs` must be a list, got 'sm_90'"),
    (lambda m: m.update(module=7), "the manifest: `module` must be a string, got 7"),
    (lambda m: m.update(profile=None), "the manifest: `profile` must be a string, got None"),
    (lambda m: m["kernels"]["saxpy"].update(doc=3), "kernel `saxpy`: `doc` must be a string, got 3"),
    (lambda m: m["kernels"]["saxpy"].update(max_registers=True), "`max_registers` must be an integer or null"),
    (lambda m: m["kernels"]["saxpy"]["params"][1].update(dtype="float128"),
     "kernel `saxpy` parameter `a` has dtype 'float128'"),
    (lambda m: m["kernels"]["saxpy"]["params"][2].update(name="a"), "kernel `saxpy` has two parameters of one name"),
    (lambda m: m["kernels"]["saxpy"]["params"][0].update(dtype="4d"), "kernel `saxpy` has a malformed launch index"),
    (lambda m: m["kernels"]["saxpy"].update(resources={"sm_90": {"registers": "10"}}),
     "`resources` of sm_90 must be a table of integers"),
    (lambda m: m["crates"]["saxpy"].pop("fatbin"), "crate `saxpy` needs a `fatbin` file name"),
    (lambda m: m["kernels"]["saxpy"].update(requires=["len(x) // 0 >= 1"]),
     "saxpy(): requirement `len(x) // 0 >= 1` in kernels.json is not supported: `len(x) // 0` divides by the "
     "constant 0 (`/ 0`); allowed are comparisons joined by `,` or `and`"),
    (lambda m: m["kernels"]["saxpy"].update(backward=["saxpy_bwd", "dx=dy=dz"]),
     "kernel `saxpy`: `backward` must list kernel names and `d<input>=d<input>` pairs, got ['saxpy_bwd', "
     "'dx=dy=dz']"),
    (lambda m: m.update(kernels=[]), "the manifest: `kernels` must be a table, got []"),
    (lambda m: m["kernels"]["saxpy"].update(block_limits=[]), "kernel `saxpy`: `block_limits` must be a table, got []"),
    (lambda m: m["kernels"]["saxpy"].update(block_limits={"sm_90": {"max_threads": 2048, "registers": 10}}),
     "kernel `saxpy`: `block_limits` of sm_90 must hold `max_threads` from 1 to 1024 and `registers` from 0 to 255, "
     "got {'max_threads': 2048, 'registers': 10}"),
    (lambda m: m["kernels"]["saxpy"].update(block_limits={"sm_90": {"max_threads": 512}}),
     "kernel `saxpy`: `block_limits` of sm_90 must hold `max_threads` from 1 to 1024 and `registers` from 0 to 255, "
     "got {'max_threads': 512}"),
    (lambda m: m["kernels"]["saxpy"].update(block_limits={"sm_90": {"max_threads": True, "registers": 10}}),
     "kernel `saxpy`: `block_limits` of sm_90 must hold `max_threads` from 1 to 1024 and `registers` from 0 to 255, "
     "got {'max_threads': True, 'registers': 10}"),
    ([], "kernels.json: expected a kernel manifest (a JSON object), got list"),
])
def test_a_malformed_value_is_named(edit: Any, expected: str) -> None:
    data = make_manifest()
    if callable(edit):
        edit(data)
    else:
        data = edit
    assert expected in _refusal(data)


@pytest.mark.parametrize(("schema", "expected"), [
    (5, "kernels.json has manifest schema 5 (written by oxpack 0.1.0), newer than this package's runtime reads "
        "(schema 4); rebuild the package: its `_oxpack/` folder mixes files of two oxpack versions"),
    (3, "kernels.json has manifest schema 3 (written by oxpack 0.1.0), older than this package's runtime reads "
        "(schema 4); rebuild the package: its `_oxpack/` folder mixes files of two oxpack versions"),
    (1, "kernels.json has manifest schema 1 (written by oxpack 0.1.0), older than this package's runtime reads "
        "(schema 4); rebuild the package: its `_oxpack/` folder mixes files of two oxpack versions"),
    (0, "kernels.json has manifest schema 0 (written by oxpack 0.1.0), which is no oxpack manifest this "
        "package's runtime reads (schema 4); rebuild the package"),
    ("3", "kernels.json has manifest schema '3' (written by oxpack 0.1.0), which is no oxpack manifest this "
          "package's runtime reads (schema 4); rebuild the package"),
    (None, "kernels.json has manifest schema None (written by oxpack 0.1.0), which is no oxpack manifest this "
           "package's runtime reads (schema 4); rebuild the package"),
])
def test_the_runtime_refuses_another_schema_at_load(tmp_path: Path, schema: Any, expected: str) -> None:
    """The generated module imports (it reads no manifest), and its first call refuses it: a manifest of
    schema 3 (before `launch`) too, in one line."""
    render_stubs(make_manifest(), tmp_path / PACKAGE, FATBINS)
    path = tmp_path / PACKAGE / "_oxpack" / "kernels.json"
    data = json.loads(path.read_text())
    data["schema"] = schema
    path.write_text(json.dumps(data))
    with imported(tmp_path, PACKAGE) as kernels:
        refused = sys.modules[f"{PACKAGE}._oxpack.runtime"].ManifestError
        with pytest.raises(refused) as caught:
            kernels.saxpy(1.0, at(0), at(1))
        assert str(caught.value) == expected


@pytest.mark.parametrize(("schema", "expected"), [
    (5, r"^the manifest has manifest schema 5 \(written by oxpack 0\.1\.0\), newer than oxpack 0\.1\.0 reads "
        r"\(schema 4\); upgrade oxpack"),
    (3, r"^the manifest has manifest schema 3 \(written by oxpack 0\.1\.0\), older than oxpack 0\.1\.0 reads "
        r"\(schema 4\); rebuild the package with this oxpack \(0\.1\.0\)$"),
])
def test_the_stubs_renderer_refuses_another_schema(tmp_path: Path, schema: int, expected: str) -> None:
    data = make_manifest()
    data["schema"] = schema
    with pytest.raises(StageError, match=expected):
        render_stubs(data, tmp_path, FATBINS)


def test_no_reader_takes_the_manifest_apart_by_string_keys() -> None:
    """The manifest's readers go through the model: no `["kernels"]`, `.get("crates")`, ... outside it."""
    keys = "kernels|crates|params|requires|archs|emulation|resources|launch_bounds|max_registers|min_driver|ptx_arch"
    pattern = re.compile(rf"""\b(manifest|kernel|entry|spec|emulation|crate|m)s?(\[|\.get\()["']({keys})["']""")
    readers = [*(SRC / "runtime").glob("*.py"), *(SRC / "package").glob("*.py"), SRC / "commands" / "inspect.py",
               SRC / "builder" / "manifest.py", SRC / "sources" / "signatures.py", SRC / "sources" / "requirements.py"]
    found = [f"{path.name}:{n}: {line.strip()}" for path in readers if path.name != "_manifest.py"
             for n, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    assert not found, found


# ---------------------------------------------------------------- the `where` language


KINDS = {"n": "scalar", "m": "scalar", "x": "in", "y": "out", "h": "atomic", "s": "dynshared", "i": "index"}
SIG = KernelSig("k", tuple(KernelParam(name, kind, "1d" if kind == "index" else "uint32" if kind == "scalar"
                                       else "float32") for name, kind in KINDS.items()), "", ())
"""A kernel of every parameter kind: scalars `n`, `m`, slices `x`, `y`, `h`, dynamic shared `s`, index `i`."""

_TERMS = ["n", "m", "len(x)", "len(y)", "len(h)", "len(s)", "0", "1", "2", "7", "-3", "(5 - 5)", "-n",
          "threads", "block", "blocks", "block.x", "blocks.y", "threads.z", "cdiv(len(x), n)", "cdiv(m, 128)",
          "max(n, 1)", "min(m, blocks, 3)"]
_BAD_TERMS = ["x", "i", "len(n)", "len(i)", "len(z)", "z", "1.5", "True", "len(x, y)", "n.real", "(n > 1)",
              "block.w", "len(block)", "grid.x", "cdiv(n)", "ceil(n // 2)", "abs(n)", "blocks()", "max(n)"]
_OPS, _BAD_OPS = ["+", "-", "*", "//", "%"], ["/", "**", "<<", "|"]
_COMPARISONS, _BAD_COMPARISONS = ["==", "!=", "<", "<=", ">", ">="], ["in", "is", "<>"]


def _pick(draw: st.DrawFn, good: list[str], bad: list[str]) -> str:
    """Mostly something the language allows, at times something it refuses."""
    return draw(st.sampled_from(bad if draw(st.integers(0, 24)) == 0 else good))


@st.composite
def _expressions(draw: st.DrawFn, depth: int = 3) -> str:
    if depth == 0 or draw(st.booleans()):
        return _pick(draw, _TERMS, _BAD_TERMS)
    left, right = draw(_expressions(depth - 1)), draw(_expressions(depth - 1))
    text = f"{left} {_pick(draw, _OPS, _BAD_OPS)} {right}"
    return f"({text})" if draw(st.booleans()) else text


@st.composite
def _requirements(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        comparison = draw(_expressions())
        for _ in range(draw(st.integers(1, 2))):
            comparison += f" {_pick(draw, _COMPARISONS, _BAD_COMPARISONS)} {draw(_expressions())}"
        parts.append(comparison)
    if draw(st.integers(0, 24)) == 0:
        return draw(st.sampled_from(["n", "len(x)", "", "n >", " or ".join(parts), "not " + parts[0]]))
    return " and ".join(parts)


class _Sized:
    def __init__(self, size: int) -> None:
        self.size = size

    def __len__(self) -> int:
        return self.size


class _Axes(int):
    """A launch-shape name as Python reads it: the product of its axes, with `.x`, `.y`, `.z`."""

    x: int
    y: int
    z: int

    def __new__(cls, axes: tuple[int, int, int]) -> _Axes:
        out = super().__new__(cls, axes[0] * axes[1] * axes[2])
        out.x, out.y, out.z = axes
        return out


def _launch(rng: random.Random) -> dict[str, Any]:
    """A launch's threads, block and grid (threads over block, rounded up per axis), 1 to 3 axes."""
    rank = rng.choice([1, 2, 3])
    threads = tuple(rng.choice([0, 1, 5, 128, 1000]) if a < rank else 1 for a in range(3))
    block = tuple(rng.choice([1, 32, 64, 128]) if a < rank else 1 for a in range(3))
    grid = tuple(-(-t // b) for t, b in zip(threads, block))
    return {"threads": threads, "block": block, "blocks": grid, "rank": rank}


def _holds_in_python(text: str, values: dict[str, Any]) -> bool:
    """The oracle: Python's own evaluation of the manifest's text (a division by zero: not met)."""
    namespace: dict[str, object] = {"n": values["n"], "m": values["m"]}
    namespace |= {name: _Sized(values[name]) for name in ("x", "y", "h", "s")}
    namespace |= {name: _Axes(values[name]) for name in ("threads", "block", "blocks")}
    functions = {"len": len, "min": min, "max": max, "cdiv": lambda a, b: -(-a // b)}
    try:
        return bool(eval(text, {"__builtins__": functions}, namespace))  # noqa: S307 - the test's oracle
    except ZeroDivisionError:
        return False


def _build_accepts(text: str) -> bool:
    try:
        check_where("kernels/k.rs", "", [dataclasses.replace(SIG, requires=(text,))])
    except StageError as exc:
        assert str(exc).startswith(f"kernels/k.rs: kernel `k`: requirement `{text}` in its `where (...)`: ")
        assert str(exc).endswith(f"; allowed are {where().HELP}") and "\n" not in str(exc)
        return False
    return True


def _runtime_accepts(text: str) -> Any:
    data = make_manifest()
    data["kernels"] = {"k": {"crate": "saxpy", "symbol": "k", "doc": "", "requires": [text], "resources": {},
                             "params": [{"name": p.name, "kind": p.kind, "dtype": p.dtype} for p in SIG.params]}}
    try:
        return runtime().Module("kernels", "/nonexistent", manifest=data).kernel("k")
    except runtime().ManifestError as exc:
        assert str(exc).startswith(f"k(): requirement `{text}` in kernels.json is not supported: ")
        assert str(exc).endswith(f"; allowed are {where().HELP}") and "\n" not in str(exc)
        return None


def _fast_path_holds(text: str, values: dict[str, Any]) -> bool:
    """The requirement as the fast path renders it (over the launcher's names: the launch shape as
    the entry holds it, `launched[i]`), evaluated as it is: no call but `min` and `max`."""
    positions = {p.name: n for n, p in enumerate(p for p in SIG.params if p.kind != "index")}
    order = _requires.LAUNCH_TERMS

    def name(term: Any) -> str:
        if isinstance(term, where().Launch):
            return f"launched[{order.index(where().label(term))}]"
        return f"{'size' if KINDS[term.name] in ('in', 'out', 'atomic') else 'arg'}{positions[term.name]}"

    expression = where().render(where().parse(text, KINDS).test, name, python=True)
    namespace: dict[str, Any] = {
        f"{'size' if KINDS[p] in ('in', 'out', 'atomic') else 'arg'}{n}": values[p] for p, n in positions.items()}
    namespace["launched"] = _requires.launch_values(values["threads"], values["block"], values["blocks"])
    tree = ast.parse(expression, mode="eval")
    assert {type(node) for node in ast.walk(tree)} <= {ast.Expression, ast.BoolOp, ast.And, ast.Compare, ast.BinOp,
                                                        ast.UnaryOp, ast.USub, ast.Name, ast.Load, ast.Constant,
                                                        ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Eq,
                                                        ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Subscript,
                                                        ast.Call}, expression
    assert {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call)} <= {"min", "max"}, expression
    try:
        return bool(eval(compile(tree, "<fast path>", "eval"), {"__builtins__": {"min": min, "max": max}},  # noqa: S307
                         namespace))
    except ZeroDivisionError:
        return False


@settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_requirements(), seed=st.integers(0, 2**32))
def test_build_runtime_and_fast_path_agree_on_every_requirement(text: str, seed: int) -> None:
    """The build accepts a requirement exactly when the run time does; then the run time, the fast
    path and Python's own evaluation of the text agree on whether random arguments meet it."""
    build, kernel = _build_accepts(text), _runtime_accepts(text)
    assert build == (kernel is not None), text
    if kernel is None:
        return
    (requirement,) = kernel.checks.requires + kernel.checks.launch_requires
    assert where().render(where().parse(text, KINDS).test) == ast.unparse(ast.parse(text.strip(), mode="eval"))
    rng = random.Random(seed)
    for _ in range(20):
        values: dict[str, Any] = {name: rng.choice([0, 1, 2, 3, 7, 64, 2**31 - 1, rng.randrange(0, 1000)])
                                  for name in KINDS}
        values["m"] = rng.choice([-5, -1, 0, 1, 9, -(2**40)])
        values |= _launch(rng)
        expected = _holds_in_python(text, values)
        call = [values[p.name] for p in kernel.params]  # what the general path checks: scalars, element counts
        if requirement.launch:  # and the launch shape, after them
            call += _requires.launch_values(values["threads"], values["block"], values["blocks"])
        rank = values["rank"]  # `threads` and `block` as the call gave them: the message's fix reads them
        try:
            requirement.check(call, values["threads"][:rank], values["block"][:rank])
            checked = True
        except runtime().KernelValueError as exc:
            assert str(exc).startswith(f"k(): requirement `{text}` "), str(exc)
            checked = False
        assert checked == expected == _fast_path_holds(text, values), (text, values)


def test_the_rust_form_of_a_requirement_divides_with_a_slash() -> None:
    requirement = where().parse("len(x) // n == m % 4 and -n < 2", KINDS)
    assert where().render(requirement.test) == "len(x) // n == m % 4 and -n < 2"
    assert where().render(requirement.test, rust=True) == "len(x) / n == m % 4 and -n < 2"
    assert [where().label(t) for t in requirement.terms()] == ["len(x)", "n", "m"]


@pytest.mark.parametrize(("text", "why"), [
    ("x >= 1", "`x` is a slice: write `len(x)`"),
    ("i >= 1", "`i` is the launch index, which has no value before the launch"),
    ("len(n) >= 1", "`len(n)`: `n` is no slice"),
    ("len(z) >= 1", "`z` is not a parameter of the kernel"),
    ("n is m", "`n is m` is not a comparison of numbers"),
    ("n in (1, 2)", "`(1, 2)` is not allowed"),
    ("n > 1 or n < 0", "`n > 1 or n < 0` is not a comparison"),
    ("n % (2 - 2) == 0", "`n % (2 - 2)` divides by the constant 0 (`% 0`)"),
    ("__import__('os').system('true') == 0", "is not allowed"),
    ("n >", "it is not an expression"),
    ("n\0 > 1", "it is not an expression"),
])
def test_one_parser_says_why(text: str, why: str) -> None:
    with pytest.raises(where().WhereError) as caught:
        where().parse(text, KINDS)
    assert why in str(caught.value)


@pytest.mark.parametrize(("text", "why"), [
    ("rows(x) == n", "`rows(x)`: `x` is no TMA source (`TmaSource`, `TmaSource3`, `TmaHeads`), the arrays whose rows and columns "
                     "a kernel sees; of any other array, `len(x)` is what it sees"),
    ("cols(n) == 8", "`cols(n)`: `n` is no TMA source"),
    ("rows(q, 1) == n", "`rows(q, 1)`: `rows` takes one TMA source parameter, like `rows(q)`"),
    ("rows(z) == n", "`z` is not a parameter of the kernel"),
])
def test_rows_and_cols_name_a_tma_source(text: str, why: str) -> None:
    with pytest.raises(where().WhereError) as caught:
        where().parse(text, {**KINDS, "q": "tma3"})
    assert why in str(caught.value)


def test_rows_and_cols_of_a_tma_source_read_its_last_two_dimensions() -> None:
    """`rows(q)`, `cols(q)`: parsed, rendered back as written (also in Rust), labelled in messages, named
    `rows3`/`cols3` in the fast path; no `#[launch]` or `#[outputs]` value may name them."""
    kinds = {"seq": "scalar", "q": "tma3", "w": "tma", "o": "out"}
    requirement = where().parse("rows(q) == rows(w) == seq and cols(q) == 64", kinds)
    assert where().render(requirement.test) == where().render(requirement.test, rust=True) == \
        "rows(q) == rows(w) == seq and cols(q) == 64"
    assert [where().label(t) for t in requirement.terms()] == ["rows(q)", "rows(w)", "seq", "cols(q)"]
    for key in ("grid", "output"):
        with pytest.raises(where().WhereError, match=r"`rows\(q\)` is a `where` term only"):
            where().parse_shape("rows(q) * 2", kinds, key)


def test_one_help_text() -> None:
    """The build's message and the run time's name the same language (runtime/_where.py's HELP)."""
    sources = [(SRC / "sources" / "requirements.py").read_text(), *(p.read_text() for p in (SRC / "runtime").glob("*.py"))]
    assert sum("comparisons joined by" in text for text in sources) == 1
    assert where().HELP.startswith("comparisons joined by `,` or `and`, integer constants, scalar parameters")


# ---------------------------------------------------------------- the dtype table


def test_the_dtype_table_agrees_with_numpy_struct_ctypes_and_the_link_stage() -> None:
    table = dtypes().DTYPES
    assert LINK_DTYPES == tuple(table), "descriptor.py's parser reads the one table"
    assert set(_SCALAR_IR) == {d.name for d in table.values() if d.python is not None}, \
        "llvm.py's IR types cover exactly the table's scalar dtypes"
    for d in table.values():
        assert d.dlpack[1] == 8 * d.itemsize and ctypes.sizeof(d.ctype) == d.itemsize, d.name
        if d.name not in ("bfloat16", "float8_e4m3fn", "float8_e5m2"):  # no NumPy typestr: DLPack, torch, ml_dtypes
            assert np.dtype(d.typestr).itemsize == d.itemsize and np.dtype(d.typestr).name == d.name
            assert np.dtype(d.buffer) == np.dtype(d.typestr) and struct.calcsize(d.buffer) == d.itemsize
        if d.python is None:  # storage only: never a scalar
            assert d.slot is d.bounds is d.torch is None
            continue
        assert struct.calcsize("=" + d.slot) == 8 and struct.calcsize("=" + d.slot.rstrip("x4")) == d.itemsize
        assert (d.python == "int") == (d.bounds is not None) == (d.torch == "SymInt")
        if d.bounds is not None:
            info = np.iinfo(np.dtype(d.typestr))
            assert d.bounds == (int(info.min), int(info.max))


def test_every_dtype_has_its_hooks() -> None:
    """The fast paths read `hooks.cupy_<dtype>` and `hooks.torch_<dtype>` for every array dtype."""
    hooks = runtime()._hooks
    for name in dtypes().DTYPES:
        assert hasattr(hooks, f"cupy_{name}") and hasattr(hooks, f"torch_{name}"), name


# ---------------------------------------------------------------- generated code


def _two_alike() -> dict[str, Any]:
    data = make_manifest()
    twin = json.loads(json.dumps(data["kernels"]["saxpy"]))
    for p, name in zip(twin["params"], ["j", "alpha", "src", "dst"], strict=True):
        p["name"] = name
    twin["requires"], twin["symbol"] = ["len(src) >= len(dst)"], "axpy"
    data["kernels"]["axpy"] = twin  # saxpy's signature under other names: its launcher
    other = json.loads(json.dumps(twin))
    other["requires"], other["symbol"] = ["len(src) <= len(dst)"], "axpy_other"
    data["kernels"]["axpy_other"] = other  # another requirement: a launcher of its own
    return data


def test_kernels_of_one_signature_share_one_launcher(tmp_path: Path) -> None:
    render_stubs(_two_alike(), tmp_path / PACKAGE, FATBINS)
    text = (tmp_path / PACKAGE / "kernels.py").read_text()
    bound = dict(re.findall(r"^_fast_(\w+) = _launchers\.(\w+)\(", text, re.M))
    assert bound["saxpy"] == bound["axpy"] == "f32_in_f32_out_f32_1d_where"
    assert bound["axpy_other"] == "f32_in_f32_out_f32_1d_where_2"
    launchers = (tmp_path / PACKAGE / "_oxpack" / "kernels_launchers.py").read_text()
    defined = re.findall(r"^def (\w+)\(", launchers, re.M)
    assert sorted(defined) == sorted(set(bound.values())), "one launcher per distinct signature"
    assert "The fast path of `axpy`, `saxpy`: (float32, a float32 array read" in launchers


def test_kernels_of_one_signature_each_launch_their_own_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from test_stubs import FakeCuda, install_fake

    render_stubs(_two_alike(), tmp_path / PACKAGE, FATBINS)
    with imported(tmp_path, PACKAGE) as kernels:
        fake = FakeCuda()
        install_fake(kernels, monkeypatch, fake)
        for name in ("saxpy", "axpy", "saxpy", "axpy"):  # general path, then the fast path, for each
            getattr(kernels, name)(2.0, at(0), at(1))
        assert kernels._fast_saxpy(2.0, at(0), at(1), None) and kernels._fast_axpy(2.0, at(0), at(1), None)
        symbols = [launch[2] for launch in fake.launches]
        assert symbols[0] == symbols[2] == symbols[4] and symbols[1] == symbols[3] == symbols[5]
        assert symbols[0] != symbols[1]


_NOTES = re.compile(r"\bissues?\b|\bhelper\b|\bTODO\b|\bFIXME\b|\bXXX\b", re.I)


def test_no_development_notes_in_generated_code_or_shipped_templates(example_build: ExampleBuild) -> None:
    shipped = [*(data_dir("runtime") / name for name in (*RUNTIME_FILES, "emulate.py", "torch_ops.py", "jax_ffi.py",
                                                         "editable_finder.py")),
               data_dir("templates") / "launcher.py.tmpl"]
    generated = [p for p in example_build.package_dir.rglob("*.py")]
    assert len(generated) > len(RUNTIME_FILES)
    found = [f"{path}:{n}" for path in [*shipped, *generated]
             for n, line in enumerate(path.read_text().splitlines(), 1) if _NOTES.search(line)]
    assert not found, found


def test_the_runtime_files_are_the_modules_that_ship(tmp_path: Path) -> None:
    """Every module of runtime/ (but the emulation's, PyTorch's, JAX's and the editable hook, copied when used)
    ships, bottom up."""
    modules = {p.name for p in data_dir("runtime").glob("*.py")} - {"__init__.py", "emulate.py", "torch_ops.py",
                                                                   "jax_ffi.py", "editable_finder.py"}
    assert set(RUNTIME_FILES) == modules and RUNTIME_FILES[-1] == "runtime.py"
    written = render_stubs(make_manifest(), tmp_path / PACKAGE, FATBINS)
    assert {p.name for p in written if p.parent.name == "_oxpack" and p.suffix == ".py"} == {
        *RUNTIME_FILES, "__init__.py", "kernels_launchers.py", "torch_ops.py", "jax_ffi.py"}


@pytest.mark.parametrize(("data", "expected"), [
    ({"doc": "", "params": [], "requires": []}, "a cached kernel signature: a kernel signature lacks `name`"),
    ({"name": "k", "doc": "", "requires": []}, "a cached kernel signature: kernel `k` lacks `params`"),
    ({"name": "k", "params": [{"name": "x", "kind": "in"}]}, "kernel `k` parameter `x` has dtype None"),
])
def test_a_cached_kernel_signature_is_read_through_the_model(data: dict[str, Any], expected: str) -> None:
    from oxpack.builder.manifest import sig_from_json

    with pytest.raises(runtime().ManifestError) as caught:
        sig_from_json(data)
    assert expected in str(caught.value)
