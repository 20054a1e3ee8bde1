package io.jprove.kernels.ntt;

import io.jprove.field.Fr;

import java.math.BigInteger;

/**
 * Which roots of unity a transform uses: a primitive 2^32-th root of unity of Fr (the size-m root is its
 * 2^(32 − log m)-th power) and the coset generator g. jprove's (and bellperson's) root is 7^((r−1)/2^32) with g = 7;
 * snarkjs's (ffjavascript's) is 5^((r−1)/2^32), 5 being the least non-residue — its transforms evaluate on other
 * points, so a zkey's H query fits only a transform with its root.
 *
 * @param name           for messages and cache keys.
 * @param rootOf2To32    a primitive 2^32-th root of unity, Montgomery limbs.
 * @param cosetGenerator g of the coset transforms, Montgomery limbs.
 */
public record NttRoots(String name, long[] rootOf2To32, long[] cosetGenerator)
{
    /** jprove's and bellperson's roots: 7^((r−1)/2^32), coset generator 7. */
    public static final NttRoots JPROVE = new NttRoots("jprove", Fr.rootOfUnity(Fr.TWO_ADICITY), Fr.of(Fr.GENERATOR));

    /** snarkjs's roots: 5^((r−1)/2^32); its odd coset is the 2m-th root, see {@link #root}. */
    public static final NttRoots SNARKJS = new NttRoots("snarkjs", Fr.of(BigInteger.valueOf(5)
        .modPow(Fr.MODULUS.subtract(BigInteger.ONE).shiftRight(Fr.TWO_ADICITY), Fr.MODULUS)), Fr.of(5));

    /**
     * @param logSize 0 to 32.
     * @return the primitive 2^logSize-th root of unity of this family.
     */
    public long[] root(final int logSize)
    {
        if (logSize < 0 || logSize > Fr.TWO_ADICITY)
        {
            throw new IllegalArgumentException("no 2^" + logSize + "-th root of unity in Fr (2-adicity 32)");
        }
        final long[] r = rootOf2To32.clone();
        for (int i = logSize; i < Fr.TWO_ADICITY; i++)
        {
            Fr.square(r, 0, r, 0);
        }
        return r;
    }
}
