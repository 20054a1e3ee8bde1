package io.jprove.engine.gadgets;

import java.util.Arrays;

import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * Neptune's Poseidon (MerkleTree domain tag, {@link PoseidonParameters}) in a circuit, with the constraint count of
 * neptune's legacy {@code poseidon_hash} circuit, the one Filecoin's trusted setups were made with.
 * <p>
 * The state is kept as affine combinations; linear layers (round constants, MDS) cost nothing. An S-box costs
 * three constraints ({@code x² , x⁴ = (x²)², x⁵ = x⁴·x}) when its input is a single variable plus a constant (a
 * preimage element in the first round), nothing when its input is a constant (the domain tag in the first round),
 * and four otherwise, because the combination is first allocated ({@code combination·1 = x}), as neptune's legacy
 * circuit does. The digest, state element 1, is allocated with one more constraint. Totals: 3·arity + 4·(7t + R_P)
 * + 1 — 311 for arity 2, 505 for arity 8, 598 for arity 11.
 * <p>
 * This evaluates the plain round schedule. Neptune's circuit uses its pre-computed constants and sparse matrices:
 * same count and same hash, but its linear combinations (hence its A, B, C matrices) have other coefficients.
 */
public final class PoseidonGadget
{
    private static final int CONSTANT = 0;
    private static final int SINGLE = 1;
    private static final int COMBINATION = 2;

    private final ConstraintSystem cs;
    private final PoseidonParameters p;
    private final int t;
    private final boolean track;
    private final boolean witness;
    private final long[] roundConstants;
    private final long[] mds;
    private final int capacity;
    /** The variables the combinations are over. */
    private final int[] basis;
    private int basisSize;
    private final int[] kind;
    /** For a SINGLE element: its variable (coefficient 1). */
    private final int[] single;
    /** Per element, {@code capacity} coefficients over the basis. */
    private final long[][] coefficients;
    private final long[] constants;
    private final long[] values;
    private final long[] tmp = new long[Fr.LIMBS];

    private PoseidonGadget(final ConstraintSystem cs, final PoseidonParameters p)
    {
        this.cs = cs;
        this.p = p;
        this.t = p.width();
        this.track = cs.needsConstraints();
        this.witness = cs.needsWitness();
        this.roundConstants = p.roundConstants();
        this.mds = p.mds();
        this.capacity = t + p.partialRounds();
        this.basis = new int[capacity];
        this.kind = new int[t];
        this.single = new int[t];
        this.coefficients = new long[t][track ? capacity * Fr.LIMBS : 0];
        this.constants = new long[t * Fr.LIMBS];
        this.values = new long[t * Fr.LIMBS];
    }

    /**
     * @return the digest of {@code arity} allocated elements.
     * @throws IllegalArgumentException if the preimage length is not the arity.
     */
    public static AllocatedNum hash(final ConstraintSystem cs, final PoseidonParameters parameters,
        final AllocatedNum... preimage)
    {
        if (preimage.length != parameters.arity())
        {
            throw new IllegalArgumentException("Poseidon arity " + parameters.arity() + " needs " + parameters.arity()
                + " elements, got " + preimage.length);
        }
        return new PoseidonGadget(cs, parameters).run(preimage);
    }

    private AllocatedNum run(final AllocatedNum[] preimage)
    {
        kind[0] = CONSTANT;
        System.arraycopy(p.domainTag(), 0, constants, 0, Fr.LIMBS);
        System.arraycopy(constants, 0, values, 0, Fr.LIMBS);
        for (int i = 1; i < t; i++)
        {
            kind[i] = SINGLE;
            single[i] = preimage[i - 1].variable();
            if (witness)
            {
                System.arraycopy(preimage[i - 1].value(), 0, values, i * Fr.LIMBS, Fr.LIMBS);
            }
        }
        final int half = PoseidonParameters.FULL_ROUNDS / 2;
        final int rounds = p.rounds();
        for (int round = 0; round < rounds; round++)
        {
            final boolean full = round < half || round >= rounds - half;
            for (int i = 0; i < t; i++)
            {
                addConstant(i, round * t + i);
            }
            if (full)
            {
                final int[] outputs = new int[t];
                for (int i = 0; i < t; i++)
                {
                    outputs[i] = sbox(i);
                }
                basisSize = 0;
                for (int i = 0; i < t; i++)
                {
                    if (kind[i] == SINGLE)
                    {
                        setUnit(i, outputs[i]);
                    }
                }
            }
            else
            {
                final int output = sbox(0);
                setUnit(0, output);
            }
            mix();
        }
        return allocate(1, "hash result");
    }

    private void addConstant(final int i, final int index)
    {
        Fr.add(constants, i * Fr.LIMBS, constants, i * Fr.LIMBS, roundConstants, index * Fr.LIMBS);
        if (witness)
        {
            Fr.add(values, i * Fr.LIMBS, values, i * Fr.LIMBS, roundConstants, index * Fr.LIMBS);
        }
    }

    /** Applies x⁵ to element i; leaves it SINGLE with the returned variable, or CONSTANT. */
    private int sbox(final int i)
    {
        final int at = i * Fr.LIMBS;
        if (kind[i] == CONSTANT)
        {
            quintic(constants, at);
            System.arraycopy(constants, at, values, at, Fr.LIMBS);
            return -1;
        }
        final long[] x = Arrays.copyOfRange(values, at, at + Fr.LIMBS);
        final long[] x2 = new long[Fr.LIMBS];
        final long[] x4 = new long[Fr.LIMBS];
        final long[] x5 = new long[Fr.LIMBS];
        if (witness)
        {
            Fr.square(x2, x);
            Fr.square(x4, x2);
            Fr.mul(x5, x4, x);
        }
        final LinearCombination input;
        if (kind[i] == SINGLE)
        {
            input = track ? new LinearCombination(2).add(single[i]).add(constants, at, Variable.ONE)
                : new LinearCombination(0);
        }
        else
        {
            final int l = alloc("S-box input", x);
            cs.enforce("enforce num allocation preserves lc", combination(i), one(), lcOf(l));
            input = lcOf(l);
        }
        final int v2 = alloc("l^2", x2);
        cs.enforce("squaring", input, input, lcOf(v2));
        final int v4 = alloc("l^4", x4);
        cs.enforce("squaring", lcOf(v2), lcOf(v2), lcOf(v4));
        final int v5 = alloc("l^5", x5);
        cs.enforce("mul", input, lcOf(v4), lcOf(v5));
        kind[i] = SINGLE;
        single[i] = v5;
        Arrays.fill(constants, at, at + Fr.LIMBS, 0L);
        System.arraycopy(x5, 0, values, at, Fr.LIMBS);
        return v5;
    }

    /** Makes element i the basis vector of a new basis variable. */
    private void setUnit(final int i, final int variable)
    {
        final int index = basisSize++;
        basis[index] = variable;
        kind[i] = COMBINATION;
        if (track)
        {
            Arrays.fill(coefficients[i], 0L);
            Fr.setOne(coefficients[i], index * Fr.LIMBS);
        }
    }

    /** state ← state·M (M is symmetric). */
    private void mix()
    {
        final long[][] nextCoefficients = new long[t][track ? capacity * Fr.LIMBS : 0];
        final long[] nextConstants = new long[t * Fr.LIMBS];
        final long[] nextValues = new long[t * Fr.LIMBS];
        boolean allConstant = true;
        for (int i = 0; i < t; i++)
        {
            allConstant &= kind[i] == CONSTANT;
        }
        for (int j = 0; j < t; j++)
        {
            for (int i = 0; i < t; i++)
            {
                final int m = (i * t + j) * Fr.LIMBS;
                accumulate(nextConstants, j * Fr.LIMBS, constants, i * Fr.LIMBS, m);
                if (witness)
                {
                    accumulate(nextValues, j * Fr.LIMBS, values, i * Fr.LIMBS, m);
                }
                if (track && kind[i] != CONSTANT)
                {
                    for (int k = 0; k < basisSize; k++)
                    {
                        accumulate(nextCoefficients[j], k * Fr.LIMBS, coefficients[i], k * Fr.LIMBS, m);
                    }
                }
            }
        }
        for (int j = 0; j < t; j++)
        {
            kind[j] = allConstant ? CONSTANT : COMBINATION;
            coefficients[j] = nextCoefficients[j];
        }
        System.arraycopy(nextConstants, 0, constants, 0, constants.length);
        System.arraycopy(nextValues, 0, values, 0, values.length);
    }

    private void accumulate(final long[] into, final int io, final long[] from, final int fo, final int mdsAt)
    {
        if (Fr.isZero(from, fo))
        {
            return;
        }
        Fr.mul(tmp, 0, from, fo, mds, mdsAt);
        Fr.add(into, io, into, io, tmp, 0);
    }

    private AllocatedNum allocate(final int i, final String annotation)
    {
        final long[] value = Arrays.copyOfRange(values, i * Fr.LIMBS, (i + 1) * Fr.LIMBS);
        final int v = alloc(annotation, value);
        cs.enforce("enforce num allocation preserves lc", combination(i), one(), lcOf(v));
        return AllocatedNum.of(v, value);
    }

    private LinearCombination combination(final int i)
    {
        if (!track)
        {
            return new LinearCombination(0);
        }
        final LinearCombination lc = new LinearCombination(basisSize + 1);
        if (kind[i] == SINGLE)
        {
            lc.add(single[i]);
        }
        else if (kind[i] == COMBINATION)
        {
            for (int k = 0; k < basisSize; k++)
            {
                lc.add(coefficients[i], k * Fr.LIMBS, basis[k]);
            }
        }
        return lc.add(constants, i * Fr.LIMBS, Variable.ONE);
    }

    private int alloc(final String annotation, final long[] value)
    {
        return cs.alloc(annotation, (out, offset) -> Fr.copy(out, offset, value, 0));
    }

    private static LinearCombination lcOf(final int variable)
    {
        return new LinearCombination(1).add(variable);
    }

    private static LinearCombination one()
    {
        return new LinearCombination(1).add(Variable.ONE);
    }

    private static void quintic(final long[] a, final int at)
    {
        final long[] s = new long[Fr.LIMBS];
        Fr.square(s, 0, a, at);
        Fr.square(s, 0, s, 0);
        Fr.mul(a, at, a, at, s, 0);
    }
}
