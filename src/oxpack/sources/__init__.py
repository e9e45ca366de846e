"""Reading kernel sources: what a kernel file declares, before any tool runs.

- `descriptor`: what `kernel!` declares (parameters, launch bounds), parsed from its descriptor string;
- `reads`: the files a kernel file reads (`mod` modules, includes);
- `requirements`: the `where` clauses; `signatures`: a kernel's Rust and Python signatures;
- `variants`: per-arch kernel variants; `targets`: GPU archs, PTX ISAs and the drivers that load them.
"""
