package io.jprove.kernels.ptx;

/**
 * An abstract value during compilation: a constant (folded with Java's own arithmetic), a PTX register, a lazy
 * three-way comparison, a reference to a statically known object, or a dead slot.
 */
sealed interface Val
{
    /** A dead local: its value is never read again. */
    Val DEAD = new Dead();

    /**
     * @return true for {@code long} values (two stack slots in the JVM).
     */
    default boolean wide()
    {
        return false;
    }

    /** An {@code int} constant. */
    record IConst(int value) implements Val
    {
    }

    /** A {@code long} constant. */
    record LConst(long value) implements Val
    {
        @Override
        public boolean wide()
        {
            return true;
        }
    }

    /** A PTX register: {@code %r<n>} ({@code .b32}) or {@code %rd<n>} ({@code .b64}). */
    record Reg(int number, boolean wide) implements Val
    {
        @Override
        public String toString()
        {
            return (wide ? "%rd" : "%r") + number;
        }
    }

    /** {@code Integer/Long.compare[Unsigned](a, b)}, kept lazy so that a following branch needs only a setp. */
    record Cmp(Val a, Val b, boolean operandsWide, boolean unsigned) implements Val
    {
    }

    /** A reference: the context, a kernel array parameter, a shared array or a register-resident local array. */
    record Ref(Kind kind, int id, boolean longs, int length) implements Val
    {
        /** What the reference points at. */
        enum Kind
        {
            CONTEXT, GLOBAL, SHARED, LOCAL
        }
    }

    /** See {@link #DEAD}. */
    record Dead() implements Val
    {
    }
}
