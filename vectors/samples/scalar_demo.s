// gcnref sample program (run by `make run`): 64-bit add with carry, bit-field extract,
// a SAVEEXEC sequence, and a jump with s_getpc/s_setpc over one instruction.
s_add_u32 s4, s0, s2            // low dwords: sets SCC to the carry
s_addc_u32 s5, s1, s3           // high dwords plus the carry
s_bfe_u32 s6, s4, 0x80004       // 8 bits from bit 4
s_bfe_i32 s7, s4, 0x80004       // the same field, sign-extended
s_and_saveexec_b64 s[8:9], s[10:11]
s_ff1_i32_b64 s12, exec         // first active lane
s_getpc_b64 s[14:15]            // s[14:15] = address of the next instruction
s_add_u32 s14, s14, 16          // skip this, s_setpc and the 8-byte s_mov: +16
s_setpc_b64 s[14:15]
s_mov_b32 s16, 0xdead           // skipped
s_mov_b32 s17, 0x600d
s_endpgm
