"""Build-backend adapters: the hatchling build hook and the scikit-build-core CMake module."""
