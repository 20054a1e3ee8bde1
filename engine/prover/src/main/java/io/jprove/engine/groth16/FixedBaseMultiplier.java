package io.jprove.engine.groth16;

import java.lang.foreign.MemorySegment;
import java.util.function.LongConsumer;

import io.jprove.field.FrVector;

/**
 * Where {@link Groth16Setup} computes its fixed-base products, k·P for every query scalar k and the generator P of
 * G1 or G2: on CPU threads ({@link CpuFixedBaseMultiplier}) or on a device ({@code io.jprove.engine.gpu}'s
 * {@code GpuFixedBaseMultiplier}). Every implementation writes the same bytes for the same scalars, so the parameters
 * depend on the toxic waste alone, never on where they were computed.
 */
public interface FixedBaseMultiplier extends AutoCloseable
{
    /** @return where the products run, for the user, e.g. {@code cpu (16 threads)} or {@code cuda:0}. */
    String device();

    /**
     * Prepares the products of one point (its table of multiples).
     *
     * @param group {@link GroupOps#G1_OPS} or {@link GroupOps#G2_OPS}.
     * @param base  the point, affine, in the group, not infinity.
     * @param count about how many products will be taken (sizes the table).
     * @return the products' maker; the caller closes it.
     */
    Products products(GroupOps group, long[] base, long count);

    /**
     * The inverse NTT that turns the powers of τ into the Lagrange basis, in place, bit for bit as the CPU
     * {@link io.jprove.field.ntt.Ntt#inverse(FrVector)} computes it, where this multiplier's device can.
     *
     * @param values 2^k elements.
     * @return whether it was done; false leaves it to the host's threads.
     */
    default boolean inverseNtt(final FrVector values)
    {
        return false;
    }

    /** Frees what the multiplier holds (its thread pool or its device). */
    @Override
    void close();

    /** The products of one fixed point. */
    interface Products extends AutoCloseable
    {
        /**
         * Writes kᵢ·P for every scalar into {@code out}: points back to back from byte 0, in the layout of
         * {@link io.jprove.field.G1AffineVector} or {@link io.jprove.field.G2AffineVector} (the product of 0 is
         * infinity, all-zero limbs).
         *
         * @param scalars  Fr elements, Montgomery form.
         * @param out      room for {@code scalars.size()} points.
         * @param progress told how many products each finished batch held, from any thread.
         */
        void multiply(FrVector scalars, MemorySegment out, LongConsumer progress);

        /** @return the window of the table, in bits (for the phase report). */
        int window();

        /** Frees the table. */
        @Override
        void close();
    }
}
