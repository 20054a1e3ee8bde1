package io.jprove.kernels.ptx;

/**
 * Where 32-bit carry-chain code goes: the compiler prints it as PTX, a test interprets the very same instructions.
 * Instructions are PTX mnemonics with register names or {@link #constant} registers as operands.
 */
interface WordOps
{
    /**
     * @return a fresh {@code .b32} register name.
     */
    String fresh();

    /**
     * @return a fresh {@code .pred} register name.
     */
    String freshPredicate();

    /**
     * @param value a 32-bit constant.
     * @return a register holding it.
     */
    String constant(int value);

    /**
     * Appends one instruction.
     *
     * @param mnemonic e.g. {@code madc.hi.cc.u32}.
     * @param dst      destination register.
     * @param srcs     source registers.
     */
    void op(String mnemonic, String dst, String... srcs);
}
