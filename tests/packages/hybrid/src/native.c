/* hybrid._native: the C side of the sample package. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *add(PyObject *self, PyObject *args) {
    long long a, b;
    if (!PyArg_ParseTuple(args, "LL", &a, &b)) {
        return NULL;
    }
    return PyLong_FromLongLong(a + b);
}

static PyMethodDef methods[] = {
    {"add", add, METH_VARARGS, "add(a, b) -> a + b"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef native = {PyModuleDef_HEAD_INIT, "_native", NULL, -1, methods};

PyMODINIT_FUNC PyInit__native(void) { return PyModule_Create(&native); }
