package io.jprove.kernels.ptx;

import java.util.HashMap;
import java.util.Map;

/**
 * Executes the carry-chain instructions {@link MontgomeryChains} emits, with PTX's semantics (one carry flag written
 * only by {@code .cc} instructions; {@code sub.cc}/{@code subc} treat it as a borrow), so the expansion is checked on
 * the CPU against BigInteger before a GPU ever runs it. Unknown mnemonics fail.
 */
final class CarryChainInterpreter implements WordOps
{
    private static final long MASK = 0xFFFF_FFFFL;

    private final Map<String, Long> regs = new HashMap<>();
    private final Map<String, Boolean> preds = new HashMap<>();
    private long carry;
    private int next;
    int instructions;

    String input(final int value)
    {
        final String r = fresh();
        regs.put(r, value & MASK);
        return r;
    }

    int value(final String reg)
    {
        return (int)(long)regs.get(reg);
    }

    @Override
    public String fresh()
    {
        return "%r" + next++;
    }

    @Override
    public String freshPredicate()
    {
        return "%p" + next++;
    }

    @Override
    public String constant(final int value)
    {
        return input(value);
    }

    @Override
    public void op(final String mnemonic, final String dst, final String... srcs)
    {
        if (regs.containsKey(dst) || preds.containsKey(dst))
        {
            throw new AssertionError("register " + dst + " written twice");
        }
        instructions++;
        final long a = srcs.length > 0 && !mnemonic.startsWith("selp") ? get(srcs[0]) : 0;
        final long b = srcs.length > 1 && !mnemonic.startsWith("selp") ? get(srcs[1]) : 0;
        final long c = srcs.length > 2 && !mnemonic.startsWith("selp") ? get(srcs[2]) : 0;
        final long d;
        switch (mnemonic)
        {
            case "add.cc.u32" -> d = setCarry(a + b);
            case "addc.cc.u32" -> d = setCarry(a + b + carry);
            case "addc.u32" -> d = (a + b + carry) & MASK;
            case "sub.cc.u32" -> d = setBorrow(a, b);
            case "subc.cc.u32" -> d = setBorrow(a, b + carry);
            case "subc.u32" -> d = (a - b - carry) & MASK;
            case "mul.lo.u32" -> d = (a * b) & MASK;
            case "mul.hi.u32" -> d = (a * b) >>> 32;
            case "mad.lo.cc.u32" -> d = setCarry(((a * b) & MASK) + c);
            case "madc.lo.cc.u32" -> d = setCarry(((a * b) & MASK) + c + carry);
            case "mad.hi.cc.u32" -> d = setCarry(((a * b) >>> 32) + c);
            case "madc.hi.cc.u32" -> d = setCarry(((a * b) >>> 32) + c + carry);
            case "madc.hi.u32" -> d = (((a * b) >>> 32) + c + carry) & MASK;
            case "and.b32" -> d = a & b;
            case "setp.eq.u32" ->
            {
                preds.put(dst, a == b);
                return;
            }
            case "selp.b32" -> d = preds.get(srcs[2]) ? get(srcs[0]) : get(srcs[1]);
            default -> throw new AssertionError("the interpreter does not know " + mnemonic);
        }
        regs.put(dst, d);
    }

    private long get(final String reg)
    {
        final Long v = regs.get(reg);
        if (v == null)
        {
            throw new AssertionError("read of undefined register " + reg);
        }
        return v;
    }

    private long setCarry(final long sum)
    {
        carry = sum >>> 32;
        if (carry > 1)
        {
            throw new AssertionError("carry out of range");
        }
        return sum & MASK;
    }

    private long setBorrow(final long a, final long subtrahend)
    {
        carry = a < subtrahend ? 1 : 0;
        return (a - subtrahend) & MASK;
    }
}
