package io.jprove.engine.r1cs;

import io.jprove.field.Fr;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A reproducible random circuit: each constraint multiplies two random linear combinations (coefficients 1, −1,
 * small, random, sometimes zero; repeated variables) of earlier variables into a new aux variable. Optionally one
 * constraint in {@code badEvery} gets a wrong product. When {@code reference} is given, records each constraint's
 * expected (a, b, c) computed with BigInteger.
 */
final class RandomCircuit implements Circuit
{
    private final long seed;
    private final int inputs;
    private final int constraints;
    private final int badEvery;
    private final List<BigInteger[]> reference;

    RandomCircuit(final long seed, final int inputs, final int constraints, final int badEvery,
        final List<BigInteger[]> reference)
    {
        this.seed = seed;
        this.inputs = inputs;
        this.constraints = constraints;
        this.badEvery = badEvery;
        this.reference = reference;
    }

    @Override
    public void synthesize(final ConstraintSystem cs)
    {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final int total = inputs + 9 + constraints;
        final int[] handles = new int[total];
        final long[] values = new long[total * Fr.LIMBS];
        int n = 0;
        handles[n] = Variable.ONE;
        Fr.setOne(values, 0);
        n++;
        for (int i = 0; i < inputs; i++, n++)
        {
            final int at = n * Fr.LIMBS;
            Fr.FIELD.random(rnd, values, at);
            handles[n] = cs.allocInput("in", (r, o) -> Fr.copy(r, o, values, at));
        }
        for (int i = 0; i < 8; i++, n++)
        {
            final int at = n * Fr.LIMBS;
            Fr.FIELD.random(rnd, values, at);
            handles[n] = cs.alloc("seed", (r, o) -> Fr.copy(r, o, values, at));
        }
        final LinearCombination a = new LinearCombination();
        final LinearCombination b = new LinearCombination();
        final LinearCombination c = new LinearCombination();
        final long[] va = new long[Fr.LIMBS];
        final long[] vb = new long[Fr.LIMBS];
        final BigInteger[] ref = reference == null ? null : new BigInteger[2];
        for (int k = 0; k < constraints; k++, n++)
        {
            randomCombination(rnd, a, handles, values, n, va, ref, 0);
            randomCombination(rnd, b, handles, values, n, vb, ref, 1);
            final int at = n * Fr.LIMBS;
            Fr.mul(values, at, va, 0, vb, 0);
            if (badEvery > 0 && k % badEvery == badEvery - 1)
            {
                Fr.add(values, at, values, at, Fr.one(), 0);
            }
            handles[n] = cs.alloc("w", (r, o) -> Fr.copy(r, o, values, at));
            cs.enforce("mul", a, b, c.clear().add(handles[n]));
            if (reference != null)
            {
                reference.add(new BigInteger[] {ref[0], ref[1], Fr.toBigInteger(values, at)});
            }
        }
    }

    private static void randomCombination(final SplittableRandom rnd, final LinearCombination lc, final int[] handles,
        final long[] values, final int n, final long[] value, final BigInteger[] ref, final int slot)
    {
        lc.clear();
        Arrays.fill(value, 0L);
        BigInteger sum = BigInteger.ZERO;
        final int terms = rnd.nextInt(6);
        final long[] coefficient = new long[Fr.LIMBS];
        final long[] t = new long[Fr.LIMBS];
        for (int i = 0; i < terms; i++)
        {
            final int which = rnd.nextInt(5) == 0 ? n - 1 : rnd.nextInt(n);
            switch (rnd.nextInt(6))
            {
                case 0, 1 -> Fr.setOne(coefficient, 0);
                case 2 -> Fr.neg(coefficient, Fr.one());
                case 3 -> System.arraycopy(Fr.of(rnd.nextInt(1 << 20)), 0, coefficient, 0, Fr.LIMBS);
                case 4 -> Fr.FIELD.random(rnd, coefficient, 0);
                default -> Arrays.fill(coefficient, 0L);
            }
            lc.add(coefficient, 0, handles[which]);
            Fr.mul(t, 0, coefficient, 0, values, which * Fr.LIMBS);
            Fr.add(value, 0, value, 0, t, 0);
            if (ref != null)
            {
                sum = sum.add(Fr.toBigInteger(coefficient).multiply(Fr.toBigInteger(values, which * Fr.LIMBS)));
            }
        }
        if (ref != null)
        {
            ref[slot] = sum.mod(Fr.MODULUS);
        }
    }
}
