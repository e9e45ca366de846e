"""jaxcall: kernels called from jax.jit (tests/test_jax.py, tests/test_gpu_jax.py)."""
