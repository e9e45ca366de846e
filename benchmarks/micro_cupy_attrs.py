"""What reading a CuPy array costs, per access: its CAI dict against its attributes.

    python benchmarks/micro_cupy_attrs.py      # on the GPU machine, with CuPy

The stub's fast path reads CuPy arrays through `data.ptr`, `size`, `dtype` (an `is`
test) and `_c_contiguous`, and CuPy's current stream once per call, instead of
building each array's `__cuda_array_interface__` dict (see archive/journal.md, "Checked stub host overhead on the H200").
"""

import timeit

import cupy as cp

x = cp.zeros(1024, cp.float32)
f32 = cp.dtype("<f4")
cases = {
    "__cuda_array_interface__": lambda: x.__cuda_array_interface__,
    "data.ptr": lambda: x.data.ptr,
    "size": lambda: x.size,
    "dtype is float32": lambda: x.dtype is f32,
    "_c_contiguous": lambda: x._c_contiguous,
    "flags.c_contiguous": lambda: x.flags.c_contiguous,
    "get_current_stream().ptr": lambda: cp.cuda.stream.get_current_stream().ptr,
}
for name, fn in cases.items():
    print(f"{name:28s} {min(timeit.repeat(fn, number=100_000, repeat=5)) / 100_000 * 1e6:.3f} µs")
