"""The run time, as it ships: these files are copied verbatim into every built package's ``_oxpack/``
(the generated module imports them from there, never from oxpack), and the build imports them here
as ordinary modules (`oxpack.contract`), so that what it writes is what they will read.

`FILES` lists the stub runtime bottom up: each module imports only those before it; ``runtime.py``,
the last, is its face. Besides them: ``emulate.py`` (host emulation, in packages built with it),
``torch_ops.py`` (PyTorch custom operators), ``jax_ffi.py`` (JAX functions, an XLA FFI handler) and
``editable_finder.py`` (the import hook of an editable install, the one file here that calls back into
an installed oxpack).
"""

FILES = ("_dtypes.py", "_fatbin.py", "_where.py", "_types.py", "_blocks.py", "_tuning.py", "_manifest.py", "_views.py",
         "_fast.py", "_driver.py", "_tma.py", "_arrays.py", "_requires.py", "_checks.py", "_launch.py", "_dims.py", "_place.py",
         "_traps.py", "_graphs.py", "_autotune.py", "_kernel.py", "runtime.py")
