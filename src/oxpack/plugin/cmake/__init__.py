"""The oxpack CMake module (`Oxpack.cmake` in this folder) for scikit-build-core.

Found through the `cmake.module` entry point group: scikit-build-core puts this
folder on `CMAKE_MODULE_PATH` when oxpack is in a project's `build-system.requires`,
so a `CMakeLists.txt` can `include(Oxpack)` and call `oxpack_add_kernels(...)`.
"""
