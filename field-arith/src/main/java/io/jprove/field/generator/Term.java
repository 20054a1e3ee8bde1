package io.jprove.field.generator;

/**
 * One word product of a {@link MontgomerySchedule}: {@code x[xi]·y[yi]}, two words wide, added into the accumulator
 * with its low word at word {@code at}. The schedule fixes which products there are and where they land; a lowering
 * chooses how their carries travel.
 *
 * @param x  the first factor's operand.
 * @param xi the word of {@code x}.
 * @param y  the second factor's operand.
 * @param yi the word of {@code y} (for {@link Operand#FACTOR}, the step or row whose factor it is).
 * @param at where the product's low word lands, in the accumulator the operation names.
 */
public record Term(Operand x, int xi, Operand y, int yi, int at)
{
    /** What a factor of a word product is a word of. */
    public enum Operand
    {
        /** The first input. */
        A,
        /** The second input. */
        B,
        /** The modulus p. */
        MODULUS,
        /** The Montgomery factor m = t·(−p⁻¹) mod 2^w of one reduction step: a single word per step. */
        FACTOR
    }
}
