"""The stages of a build, one module each, in the order a kernel file goes through them.

- `bitcode`: rustc compiles the device crate (`rlib`, once) and each kernel file (`bc`) for nvptx;
- `ptx`: llvmlite links a crate's bitcode with the runtime and libraries (`ll`), then emits PTX per arch (`ptx`);
- `cubin`: nvJitLink turns each arch's PTX into a cubin (`cubin`);
- `fatbin`: nvFatbin packs a crate's cubins and PTX into one fatbin (`fatbin`);
- `host`: rustc builds each kernel file for the build machine, for emulation (`host-rlib`, `host-so`).

Each stage is named by its output's kind (the cache's folder of its entries) and is a pure function
of its inputs, cached under a key made of those inputs' digests, its options and the tools'
identities (`stage`). Where and when it runs (cache, locks, threads, worker processes, progress) is the
orchestrator's business (`oxpack.builder.pipeline`). The stubs are rendered from a build's result by
`oxpack.package.stubs`, called by the one writer of outputs (`oxpack.package.outputs`).
"""
