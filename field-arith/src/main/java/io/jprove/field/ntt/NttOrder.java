package io.jprove.field.ntt;

/**
 * Input and output order of an {@link Ntt}, sppark's names: the first letter is the input's, the second the output's;
 * N is natural order, R bit-reversed order (element i sits at position reverse(i) over log m bits).
 * <p>
 * NR runs decimation in frequency alone and RN decimation in time alone; NN adds one bit-reversal pass after NR, RR
 * one before NR. A caller that chains transforms (the Groth16 H computation: iNTT, coset NTT, coset iNTT) can pick NR
 * then RN and skip the permutation passes.
 */
public enum NttOrder
{
    /** Natural in, natural out. */
    NN,
    /** Natural in, bit-reversed out. */
    NR,
    /** Bit-reversed in, natural out. */
    RN,
    /** Bit-reversed in, bit-reversed out. */
    RR
}
