package io.jprove.engine.r1cs;

/**
 * Computes the value of a variable being allocated. Called only by synthesizers that need the witness (see
 * {@link ConstraintSystem#needsWitness()}), so building a circuit's shape never runs the witness computation.
 */
@FunctionalInterface
public interface WitnessFunction
{
    /**
     * Writes the value, an {@link io.jprove.field.Fr} element in Montgomery form, into {@code out[offset..offset+4)}.
     *
     * @param out    destination limbs.
     * @param offset first limb.
     */
    void compute(long[] out, int offset);
}
