package io.jprove.engine.groth16;

/**
 * Computes a partition's h scalars in place, exactly as {@link HChainSpec} defines (natural order in and out, the
 * coset g·⟨ω⟩, the factor f, coefficients or evaluations): the part of a proof that is all NTTs. Each backend has
 * one over its own vectors: the CPU's ({@code io.jprove.engine.cpu.CpuHChain}) over host
 * {@link io.jprove.field.FrVector}s, a GPU backend's over device buffers, so that a, b, c never leave the device
 * between the seven NTTs.
 *
 * @param <V> the backend's vector of m Fr elements (host or device memory).
 */
public interface HChain<V>
{
    /**
     * Runs the chain. On return a[0 .. spec.scalarCount()) holds the h scalars; b and c are scratch.
     *
     * @param a        A's evaluations in, the h scalars out.
     * @param b        B's evaluations; overwritten.
     * @param c        C's evaluations; overwritten.
     * @param spec     what to compute; its domain's size is the vectors' length.
     * @param listener told of each step.
     * @throws IllegalArgumentException if a vector's length is not the domain's size.
     */
    void compute(V a, V b, V c, HChainSpec spec, BackendListener listener);
}
