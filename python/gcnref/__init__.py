"""gcnref: the AMD GCN ALU reference model and its co-simulation checker, from Python
(docs/python.md). A binding over the project's C library (libgcnchk.so): assemble,
disassemble, run a program on the model, and check a DUT in retire mode (Checker)."""
import ctypes

from . import _lib

__all__ = ["GcnError", "gen_code", "assemble", "disassemble", "run", "Checker",
           "RETIRE", "ILLEGAL", "UNSUPPORTED", "END"]

# Record kinds (gcn_event_kind): what a retirement is.
RETIRE, ILLEGAL, UNSUPPORTED, END = 4, 5, 6, 7

_lib_handle = None


def _c():
    global _lib_handle
    if _lib_handle is None:
        _lib_handle = _lib.load()
    return _lib_handle


class GcnError(Exception):
    """A message from the library: bad assembly, a bad state or vector file, ..."""


def _err():
    return ctypes.create_string_buffer(256)


def gen_code(gen):
    """0..3 for gcn10, gcn11, gcn12, gcn14 (or gfx6..gfx9, si, ci, vi, vega, or 0..3)."""
    if isinstance(gen, int) and 0 <= gen <= 3:
        return gen
    code = _c().gcn_ffi_gen_parse(str(gen).encode())
    if code < 0:
        raise GcnError(f"unknown generation {gen!r}: expected gcn10, gcn11, gcn12 or gcn14")
    return code


def assemble(text, gen):
    """The bytes of one or more instructions (one per line, LLVM AMDGPU syntax)."""
    out = bytearray()
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split(";")[0].split("//")[0].strip()
        if not line:
            continue
        words = (ctypes.c_uint32 * 2)()
        err = ctypes.create_string_buffer(256)
        k = _c().gcn_ffi_assemble(gen_code(gen), line.encode(), words, err, 256)
        if k < 0:
            raise GcnError(f"line {n}: {err.value.decode()}")
        for i in range(k):
            out += int(words[i]).to_bytes(4, "little")
    return bytes(out)


def disassemble(data, gen):
    """The canonical text of each instruction of DATA (bytes, a whole number of dwords)."""
    if len(data) % 4:
        raise GcnError(f"{len(data)} bytes: expected whole dwords")
    words = [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]
    out, at = [], 0
    while at < len(words):
        buf = (ctypes.c_uint32 * (len(words) - at))(*words[at:])
        text = ctypes.create_string_buffer(256)
        size = _c().gcn_ffi_disasm(gen_code(gen), buf, len(words) - at, text, 256)
        if size < 0:
            raise GcnError(f"dword {at}: {text.value.decode()}")
        out.append(text.value.decode())
        at += size // 4
    return out


class Checker:
    """A checker instance (gcn_checker): load a program or a vector, read its initial
    state, run the model alone (step, reg), or check a DUT in retire mode."""

    def __init__(self, gen):
        self.gen = gen_code(gen)
        err = _err()
        self._h = _c().gcn_checker_new(self.gen, None, err)
        if not self._h:
            raise GcnError(err.value.decode())

    def close(self):
        if self._h:
            _c().gcn_checker_free(self._h)
            self._h = None

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ------------------------------------------------------------ loading
    def load(self, program, state=""):
        """Assembles PROGRAM (text) and applies STATE ("s5=3 v1[0:31]=7" assignments)."""
        err = _err()
        if _c().gcn_checker_load_text(self._h, program.encode(), state.encode(), err):
            raise GcnError(err.value.decode())

    def load_vector(self, path, index):
        err = _err()
        if _c().gcn_checker_load_vector(self._h, str(path).encode(), index, err):
            raise GcnError(err.value.decode())

    @staticmethod
    def vector_count(path):
        err = _err()
        n = _c().gcn_checker_vector_count(str(path).encode(), err)
        if n < 0:
            raise GcnError(err.value.decode())
        return n

    @property
    def vector_name(self):
        return _c().gcn_checker_vector_name(self._h).decode()

    @property
    def image(self):
        size = ctypes.c_size_t()
        p = _c().gcn_checker_image(self._h, ctypes.byref(size))
        return bytes(p[:size.value]) if size.value else b""

    @property
    def base(self):
        return _c().gcn_checker_base(self._h)

    def disasm_at(self, pc):
        buf = ctypes.create_string_buffer(256)
        _c().gcn_checker_disasm_at(self._h, pc, buf, 256)
        return buf.value.decode()

    def program_vgprs(self):
        """The VGPRs the loaded program names (the others need no initial value)."""
        used = (ctypes.c_uint32 * 8)()
        _c().gcn_checker_program_vgprs(self._h, used)
        return [v for v in range(256) if used[v // 32] >> (v % 32) & 1]

    def init_sreg(self, code):
        return _c().gcn_ffi_init_sreg(self._h, code)

    def init_vgpr(self, v, lane):
        return _c().gcn_ffi_init_vgpr(self._h, v, lane)

    def init_scc(self):
        return _c().gcn_ffi_init_scc(self._h)

    # ------------------------------------------------------------ the model alone
    def step(self):
        """Runs the model one instruction: (kind, trace line), or None at the end."""
        buf = ctypes.create_string_buffer(512)
        kind = _c().gcn_checker_model_step(self._h, buf, 512)
        return None if kind < 0 else (kind, buf.value.decode())

    def reg(self, name):
        """A register of the model's state so far: "s5", "vcc", "scc", "v3[7]", ..."""
        v = ctypes.c_uint64()
        err = _err()
        if _c().gcn_checker_model_reg(self._h, name.encode(), ctypes.byref(v), err):
            raise GcnError(err.value.decode())
        return v.value

    # ------------------------------------------------------------ retire mode
    def configure(self, window=1, strict=False, watchdog=10000, history=8):
        cfg = _lib.RetireConfig(window, strict, watchdog, history)
        err = _err()
        if _c().gcn_checker_retire_config(self._h, ctypes.byref(cfg), err):
            raise GcnError(err.value.decode())

    def capability(self, path):
        err = _err()
        if _c().gcn_checker_retire_capability(self._h, (str(path) if path else "").encode(), err):
            raise GcnError(err.value.decode())

    def write_sgpr(self, code, value):
        _c().gcn_checker_retire_sgpr(self._h, code, value & 0xFFFFFFFF)

    def write_scc(self, value):
        _c().gcn_checker_retire_scc(self._h, value)

    def write_mode(self, value):
        _c().gcn_checker_retire_mode(self._h, value & 0xFFFFFFFF)

    def write_pc(self, target):
        _c().gcn_checker_retire_pc(self._h, target)

    def write_vgpr(self, v, first, values, mask):
        """Lanes FIRST.. of VGPR V: VALUES (a list), written where bit k of MASK is set."""
        buf = (ctypes.c_uint32 * len(values))(*[x & 0xFFFFFFFF for x in values])
        _c().gcn_checker_retire_vgpr(self._h, v, first, len(values), mask, buf)

    def retire(self, pc, kind=RETIRE, words=()):
        """The DUT retired the instruction at PC with the writes reported since the last
        call; returns the mismatches found."""
        buf = (ctypes.c_uint32 * 2)(*(list(words) + [0, 0])[:2])
        return _c().gcn_checker_retire(self._h, kind, pc, buf, len(words))

    def clock(self, cycles=1):
        """True the cycle the watchdog fires."""
        return bool(_c().gcn_checker_retire_clock(self._h, cycles))

    def finish(self):
        return _c().gcn_checker_retire_finish(self._h)

    @property
    def ended(self):
        return _c().gcn_checker_retire_ended(self._h)

    @property
    def retired(self):
        return _c().gcn_checker_retired(self._h)

    @property
    def mismatch_count(self):
        return _c().gcn_checker_mismatch_count(self._h)

    def mismatches(self):
        """The kept mismatches: a list of (message, field, pc)."""
        out = []
        for i in range(_c().gcn_checker_mismatches_kept(self._h)):
            m = _c().gcn_checker_mismatch(self._h, i).contents
            out.append((m.message.decode(), m.field.decode(), m.pc))
        return out

    def report(self, repro=""):
        return _c().gcn_checker_retire_report(self._h, repro.encode()).decode()


def run(program, gen, state=""):
    """Runs PROGRAM (assembly text) on the model from STATE: (trace lines, Checker), the
    checker holding the final state (its reg())."""
    c = Checker(gen)
    c.load(program, state)
    trace = []
    while True:
        r = c.step()
        if r is None:
            break
        trace.append(r[1])
        if r[0] != RETIRE:
            break
    return trace, c
