"""What a build writes into a user's package, and the files that describe it.

`outputs` is the one writer (an `--out` folder, a wheel, an editable wheel); `stubs` renders the
typed module, with `launchers` (the fast paths, from ``templates/launcher.py.tmpl``) and `torch`
(PyTorch custom operators); `lockfile` pins the toolchain; `fatbin_reader` reads the fatbins back.
"""
