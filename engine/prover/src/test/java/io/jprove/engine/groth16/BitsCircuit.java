package io.jprove.engine.groth16;

import java.math.BigInteger;
import java.util.SplittableRandom;

import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * A witness of mostly zeros and ones, like PoRep's: {@code count} random bits, each enforced boolean (b·(1 − b) = 0),
 * packed 64 at a time into public inputs (Σ 2^i·bᵢ = xⱼ), with a few products of bits and a field element.
 */
final class BitsCircuit implements Circuit
{
    private final int count;
    private final long seed;

    BitsCircuit(final int count, final long seed)
    {
        this.count = count;
        this.seed = seed;
    }

    /** @return the public inputs the bits pack into (Montgomery limbs back to back). */
    long[] publicInputs()
    {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final int words = (count + 63) / 64;
        final long[] out = new long[words * Fr.LIMBS];
        for (int j = 0; j < words; j++)
        {
            BigInteger x = BigInteger.ZERO;
            for (int i = 0; i < 64 && j * 64 + i < count; i++)
            {
                if (rnd.nextBoolean())
                {
                    x = x.setBit(i);
                }
            }
            System.arraycopy(Fr.of(x), 0, out, j * Fr.LIMBS, Fr.LIMBS);
        }
        return out;
    }

    @Override
    public void synthesize(final ConstraintSystem cs)
    {
        final long[] inputs = publicInputs();
        final SplittableRandom rnd = new SplittableRandom(seed);
        final int[] bits = new int[count];
        final long[] values = new long[count];
        final long[] minusOne = new long[Fr.LIMBS];
        Fr.neg(minusOne, 0, Fr.one(), 0);
        for (int i = 0; i < count; i++)
        {
            final long v = rnd.nextBoolean() ? 1 : 0;
            values[i] = v;
            bits[i] = cs.alloc("bit", (r, o) -> Fr.copy(r, o, Fr.of(v), 0));
            cs.enforce("boolean", new LinearCombination().add(bits[i]),
                new LinearCombination().add(Variable.ONE).add(minusOne, bits[i]), new LinearCombination());
        }
        final long[] field = Fr.of(BigInteger.valueOf(seed).pow(7));
        final int f = cs.alloc("field", (r, o) -> Fr.copy(r, o, field, 0));
        for (int i = 0; i + 1 < count; i += 17)
        {
            final long[] product = new long[Fr.LIMBS];
            Fr.mul(product, 0, field, 0, Fr.of(values[i]), 0);
            final int p = cs.alloc("product", (r, o) -> Fr.copy(r, o, product, 0));
            cs.enforce("bit times field", new LinearCombination().add(bits[i]), new LinearCombination().add(f),
                new LinearCombination().add(p));
        }
        for (int j = 0; j < inputs.length / Fr.LIMBS; j++)
        {
            final int word = j;
            final int x = cs.allocInput("word", (r, o) -> Fr.copy(r, o, inputs, word * Fr.LIMBS));
            final LinearCombination packed = new LinearCombination();
            for (int i = 0; i < 64 && j * 64 + i < count; i++)
            {
                packed.add(Fr.of(BigInteger.ONE.shiftLeft(i)), bits[j * 64 + i]);
            }
            cs.enforce("pack", packed, new LinearCombination().add(Variable.ONE), new LinearCombination().add(x));
        }
    }
}
