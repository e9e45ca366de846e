"""The tools a build runs, each found, asked and run in one place.

- `rustc`: finding a usable rustc; `sysroot`: its nvptx `core`, built once from its source;
- `llvm`: llvmlite's work (linking a kernel crate, per-arch variants, coarsening with `coarsen`, PTX);
- `nvidia`: nvJitLink and nvFatbin; `ptxas`: the standalone ptxas (whole-program cubins, `setmaxnreg`);
  `libdevice`: NVIDIA's math library;
- `facts`: what the tools answered, remembered in the cache; `process`: running a program bounded in
  time, in its own process group, never outliving oxpack.
"""
