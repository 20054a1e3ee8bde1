package io.jprove.field.generator;

import java.util.List;

/**
 * How a target turns the phases of a {@link MontgomerySchedule} operation into code: the schedule calls the phases
 * in order with the word products each one adds ({@link Term}), the lowering writes them with its own carry
 * mechanics (Java's carry formulas on 64-bit limbs, PTX's carry flag on 32-bit words) and its own layout of the
 * accumulator. A lowering never adds, drops or moves a product; that is the schedule's.
 */
public final class Lowering
{
    private Lowering()
    {
    }

    /** Montgomery multiplication by CIOS ({@link MontgomerySchedule#multiply}). */
    public interface Multiplication
    {
        /**
         * One CIOS step: t += a·b_i ({@code products}, at words 0… of the step's window); m = t_0·m'; t += m·p
         * ({@code reductions}), which clears t_0; t shifts down one word. The steps differ only in i, so a target
         * may keep them as a loop.
         *
         * @param step       i, from 0 to words − 1.
         * @param products   a_j·b_i at word j.
         * @param reductions p_j·m at word j.
         */
        void step(int step, List<Term> products, List<Term> reductions);

        /** The window, below 2p after the last step, becomes canonical by at most one subtraction of p. */
        void subtractOnce();
    }

    /** Montgomery reduction of a double-width integer t &lt; p·R ({@link MontgomerySchedule#reduce}). */
    public interface Reduction
    {
        /**
         * Row i: m_i = t_i·m' and t += m_i·p·2^(w·i), which clears t_i; the upper half of t is then below 2p. The
         * rows differ only in i, so a target may keep them as a loop.
         *
         * @param rows row i's products p_j·m_i at word i + j of t.
         */
        void reduce(List<List<Term>> rows);

        /** The upper half of t becomes canonical by at most one subtraction of p. */
        void subtractOnce();
    }

    /** Montgomery squaring ({@link MontgomerySchedule#square}): a double-width square, then its reduction. */
    public interface Squaring extends Reduction
    {
        /**
         * The products below the diagonal, each once, into a double-width t that starts at zero.
         *
         * @param rows row i's products a_i·a_j, j &gt; i, at word i + j.
         */
        void crossProducts(List<List<Term>> rows);

        /** t = 2t: each cross product stands for a_i·a_j and a_j·a_i. */
        void doubleCrossProducts();

        /**
         * The squares on the diagonal.
         *
         * @param squares a_i·a_i at word 2i.
         */
        void diagonal(List<Term> squares);
    }

    /** Product scanning ({@link MontgomerySchedule#productScanning}): the accumulator holds one column at a time. */
    public interface Columns
    {
        /**
         * Adds column k's products into the column accumulator; when {@code clears}, m_k = w_0·m' and the column
         * also takes m_k·p_0, which clears its low word; the low word is then the result's (or, with reduction,
         * the upper half's) word and the accumulator shifts down one word.
         *
         * @param column     k, from 0 to 2·words − 2.
         * @param products   a_i·b_(k−i).
         * @param reductions p_(k−j)·m_j of the factors already known (j &lt; k), empty without reduction.
         * @param clears     whether this column's factor m_k is formed here (reduction, k &lt; words).
         */
        void column(int column, List<Term> products, List<Term> reductions, boolean clears);

        /**
         * With reduction only: after the last column the result, below 2p, becomes canonical by at most one
         * subtraction of p.
         */
        void subtractOnce();
    }

    /** Modular addition and subtraction ({@link MontgomerySchedule#add}, {@link MontgomerySchedule#subtract}). */
    public interface Modular
    {
        /** s = a + b word by word in one carry chain (below 2p). */
        void sum();

        /** s becomes canonical by at most one subtraction of p. */
        void subtractOnce();

        /** d = a − b word by word in one borrow chain, keeping the borrow out of the top word. */
        void difference();

        /** d + p when the difference borrowed (d + 2^(w·words), with the wrap-around dropped), else d. */
        void addModulusOnBorrow();
    }
}
