"""Finds and loads libgcnchk.so and declares the C prototypes (checker/gcn_checker.h)."""
import ctypes
import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    env = os.environ.get("GCNREF_LIB")
    if env:
        yield env
    # In place (pip install -e, or PYTHONPATH=python): the checkout's build/lib.
    yield os.path.join(_HERE, "..", "..", "build", "lib", "libgcnchk.so")
    yield os.path.join(os.getcwd(), "build", "lib", "libgcnchk.so")


def load():
    tried = []
    for path in _candidates():
        path = os.path.abspath(path)
        tried.append(path)
        if os.path.exists(path):
            return _declare(ctypes.CDLL(path))
    raise OSError("libgcnchk.so not found (run `make` in the gcnref checkout, or set GCNREF_LIB); tried: "
                  + ", ".join(tried))


class Mismatch(ctypes.Structure):
    _fields_ = [("message", ctypes.c_char_p), ("field", ctypes.c_char_p), ("pc", ctypes.c_longlong)]


class RetireConfig(ctypes.Structure):
    _fields_ = [("window", ctypes.c_uint), ("strict", ctypes.c_bool), ("watchdog", ctypes.c_ulonglong),
                ("history", ctypes.c_uint)]


def _declare(lib):
    P, I, U, S, B = ctypes.c_void_p, ctypes.c_int, ctypes.c_uint, ctypes.c_char_p, ctypes.c_bool
    U32, U64, LL, SZ = ctypes.c_uint32, ctypes.c_uint64, ctypes.c_longlong, ctypes.c_size_t
    ERR = ctypes.c_char_p  # a gcn_error: a 256-byte message buffer
    sig = {
        "gcn_checker_new": (P, [I, P, ERR]),
        "gcn_checker_free": (None, [P]),
        "gcn_checker_load_text": (I, [P, S, S, ERR]),
        "gcn_checker_load_vector": (I, [P, S, ctypes.c_long, ERR]),
        "gcn_checker_vector_count": (ctypes.c_long, [S, ERR]),
        "gcn_checker_vector_name": (S, [P]),
        "gcn_checker_vector_seed": (U64, [P]),
        "gcn_checker_image": (ctypes.POINTER(ctypes.c_uint8), [P, ctypes.POINTER(SZ)]),
        "gcn_checker_base": (U64, [P]),
        "gcn_checker_disasm_at": (None, [P, U64, ctypes.c_char_p, SZ]),
        "gcn_checker_program_vgprs": (None, [P, ctypes.POINTER(U32)]),
        "gcn_checker_mismatch_count": (ctypes.c_ulonglong, [P]),
        "gcn_checker_mismatches_kept": (SZ, [P]),
        "gcn_checker_mismatch": (ctypes.POINTER(Mismatch), [P, SZ]),
        "gcn_retire_config_default": (RetireConfig, []),
        "gcn_checker_retire_config": (I, [P, ctypes.POINTER(RetireConfig), ERR]),
        "gcn_checker_retire_capability": (I, [P, S, ERR]),
        "gcn_checker_retire_sgpr": (None, [P, U, U32]),
        "gcn_checker_retire_scc": (None, [P, U]),
        "gcn_checker_retire_mode": (None, [P, U32]),
        "gcn_checker_retire_pc": (None, [P, U64]),
        "gcn_checker_retire_vgpr": (None, [P, U, U, U, U64, ctypes.POINTER(U32)]),
        "gcn_checker_retire": (I, [P, U, U64, ctypes.POINTER(U32), U]),
        "gcn_checker_retire_clock": (I, [P, ctypes.c_ulonglong]),
        "gcn_checker_retire_finish": (I, [P]),
        "gcn_checker_retire_ended": (B, [P]),
        "gcn_checker_retired": (ctypes.c_ulonglong, [P]),
        "gcn_checker_retire_report": (S, [P, S]),
        "gcn_checker_model_step": (I, [P, ctypes.c_char_p, SZ]),
        "gcn_checker_model_reg": (I, [P, S, ctypes.POINTER(U64), ERR]),
        "gcn_ffi_gen_parse": (I, [S]),
        "gcn_ffi_assemble": (I, [I, S, ctypes.POINTER(U32), ctypes.c_char_p, SZ]),
        "gcn_ffi_disasm": (I, [I, ctypes.POINTER(U32), SZ, ctypes.c_char_p, SZ]),
        "gcn_ffi_init_sreg": (U32, [P, U]),
        "gcn_ffi_init_vgpr": (U32, [P, U, U]),
        "gcn_ffi_init_scc": (I, [P]),
    }
    for name, (res, args) in sig.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    del LL
    return lib
