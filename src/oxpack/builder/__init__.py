"""A build: from kernel files to fatbins and the manifest that describes them.

`pipeline` orders the stages (`stages/`: bitcode, ptx, cubin, fatbin, host) over `runner` (cache,
key locks, tool runs) and `workers` (the process pool); `plan` says what will be built, `result`
what was, with `manifest` (the kernels' table) and `provenance` (what it was made from);
`progress` reports it as it goes.
"""
