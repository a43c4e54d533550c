// dpi_selftest fixture (gcn10, loaded with gcnref_load_file): a taken s_setpc_b64 over
// one instruction. The state puts the program at 0x100 and the target (0x108) in s[4:5].
s_setpc_b64 s[4:5]      // 0x100: issues in 0, retires in 1; the target issues in 0 + branch_penalty
s_mov_b32 s6, 1         // 0x104: skipped
s_mov_b32 s7, 2         // 0x108
s_endpgm                // 0x10c
