package io.jprove.engine.gadgets;

import java.util.Arrays;

import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * Neptune's legacy Poseidon circuit ({@code neptune::circuit::poseidon_hash}, "retained for backwards compatibility
 * with extant trusted setups": the one Filecoin's parameters were made from), row for row and coefficient for
 * coefficient, over {@link PoseidonParameters}' compressed round constants, pre-sparse and sparse matrices.
 * <p>
 * The state holds, per element, either an allocated variable or a linear combination (neptune's {@code Elt::Num}:
 * coefficients over the variables it was built from, plus a constant on ONE). The first round adds its constants
 * inside its S-boxes ({@code (x + pre)² = l2}, {@code l2² = l4}, {@code (x + pre)·l4 = l5 − post}; the domain tag's
 * S-box is a constant); every later S-box first allocates its input ({@code combination·1 = x}), then
 * {@code x² = l2}, {@code l2² = l4}, {@code x·l4 = l5 − post} (no post after the last round); the linear layers are
 * free: the MDS matrix, the pre-sparse matrix after the last round of the first half, a sparse matrix after each
 * partial round ({@code out₀ = Σ ŵᵢ·eᵢ}, {@code out_j = e_j + v_{j−1}·e₀}). The digest, element 1, is allocated last.
 * Costs {@code 3·arity + 4·(7t + R_P) + 1} constraints: 311 for arity 2, 377 for 4, 505 for 8, 598 for 11.
 * <p>
 * The values come from the native hash ({@link Poseidon#circuitWitness}), which computes neptune's optimised
 * permutation and so every intermediate the circuit allocates; the combinations are built only when the constraint
 * system reads constraints.
 */
public final class PoseidonGadget
{
    private final ConstraintSystem cs;
    private final PoseidonParameters p;
    private final int t;
    private final int half;
    private final boolean track;
    private final long[] witness;
    private int witnessAt;
    /** Whether an element is an allocated variable (else a combination, or the constant tag before round 0's mix). */
    private final boolean[] isVariable;
    /** The variable of an allocated element. */
    private final int[] allocated;
    /** The variables the combinations are over. */
    private final int[] basis;
    private int basisSize;
    /** Per element, coefficients over the basis. */
    private long[][] coefficients;
    private long[][] nextCoefficients;
    /** Per element, its constant (coefficient of ONE). */
    private final long[] constants;
    private final long[] nextConstants;
    private final long[] entry = new long[Fr.LIMBS];
    private final long[] tmp = new long[Fr.LIMBS];
    private final LinearCombination lcA = new LinearCombination(16);
    private final LinearCombination lcB = new LinearCombination(4);
    private final LinearCombination lcC = new LinearCombination(4);

    private PoseidonGadget(final ConstraintSystem cs, final PoseidonParameters p, final long[] witness)
    {
        this.cs = cs;
        this.p = p;
        this.t = p.width();
        this.half = PoseidonParameters.FULL_ROUNDS / 2;
        this.track = cs.needsConstraints();
        this.witness = witness;
        this.allocated = new int[t];
        this.isVariable = new boolean[t];
        final int capacity = 2 * t + p.partialRounds();
        this.basis = new int[capacity];
        this.coefficients = new long[t][track ? capacity * Fr.LIMBS : 0];
        this.nextCoefficients = new long[t][track ? capacity * Fr.LIMBS : 0];
        this.constants = new long[t * Fr.LIMBS];
        this.nextConstants = new long[t * Fr.LIMBS];
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
        long[] witness = null;
        if (cs.needsWitness())
        {
            final Poseidon poseidon = new Poseidon(parameters);
            final long[] input = new long[preimage.length * Fr.LIMBS];
            for (int i = 0; i < preimage.length; i++)
            {
                System.arraycopy(preimage[i].valueRef(), 0, input, i * Fr.LIMBS, Fr.LIMBS);
            }
            witness = new long[poseidon.circuitWitnessCount() * Fr.LIMBS];
            poseidon.circuitWitness(input, 0, witness, 0);
        }
        return new PoseidonGadget(cs, parameters, witness).run(preimage);
    }

    private AllocatedNum run(final AllocatedNum[] preimage)
    {
        // element 0 is the domain tag, a constant; the others the preimage's variables
        System.arraycopy(p.domainTag(), 0, constants, 0, Fr.LIMBS);
        for (int i = 1; i < t; i++)
        {
            allocated[i] = preimage[i - 1].variable();
            isVariable[i] = true;
        }
        int c = 0;
        final long[] pre = new long[t * Fr.LIMBS];
        for (int i = 0; i < t; i++)
        {
            p.compressedRoundConstant(c++, pre, i * Fr.LIMBS);
        }
        int round = 0;
        for (int i = 0; i < t; i++)
        {
            p.compressedRoundConstant(c + i, entry, 0);
            if (i == 0)
            {
                constantSbox(pre, entry);
            }
            else
            {
                sboxPreAdd(i, pre, entry);
            }
        }
        c += t;
        mix(round++);
        for (int r = 1; r < half; r++)
        {
            for (int i = 0; i < t; i++)
            {
                p.compressedRoundConstant(c + i, entry, 0);
                sbox(i, entry);
            }
            c += t;
            mix(round++);
        }
        for (int r = 0; r < p.partialRounds(); r++)
        {
            p.compressedRoundConstant(c++, entry, 0);
            sbox(0, entry);
            mix(round++);
        }
        for (int r = 1; r < half; r++)
        {
            for (int i = 0; i < t; i++)
            {
                p.compressedRoundConstant(c + i, entry, 0);
                sbox(i, entry);
            }
            c += t;
            mix(round++);
        }
        for (int i = 0; i < t; i++)
        {
            sbox(i, null);
        }
        mix(round);
        final int digest = ensureAllocated(1);
        final long[] value = witness == null ? new long[Fr.LIMBS]
            : Arrays.copyOfRange(witness, witness.length - Fr.LIMBS, witness.length);
        return AllocatedNum.of(digest, value);
    }

    /** The domain tag's first S-box, a constant: ((tag + pre)⁵ + post). */
    private void constantSbox(final long[] pre, final long[] post)
    {
        Fr.add(constants, 0, constants, 0, pre, 0);
        Fr.square(tmp, 0, constants, 0);
        Fr.square(tmp, 0, tmp, 0);
        Fr.mul(constants, 0, constants, 0, tmp, 0);
        Fr.add(constants, 0, constants, 0, post, 0);
    }

    /** The first round's S-box of an allocated element: {@code (x + pre)² = l2, l2² = l4, (x + pre)·l4 = l5 − post}. */
    private void sboxPreAdd(final int i, final long[] pre, final long[] post)
    {
        final int x = allocated[i];
        final int l2 = alloc("squared sum");
        if (track)
        {
            lcA.clear().add(x).add(pre, i * Fr.LIMBS, Variable.ONE);
            lcC.clear().add(l2);
        }
        cs.enforce("squared sum constraint", lcA, lcA, lcC);
        final int l4 = square(l2);
        final int l5 = alloc("mul_sum");
        if (track)
        {
            lcA.clear().add(x).add(pre, i * Fr.LIMBS, Variable.ONE);
            lcB.clear().add(l4);
            lcC.clear().add(l5).add(negated(post), 0, Variable.ONE);
        }
        cs.enforce("mul sum constraint pre-post-add", lcA, lcB, lcC);
        allocated[i] = l5;
        isVariable[i] = true;
    }

    /** A later S-box: {@code x = element}, {@code x² = l2, l2² = l4, x·l4 = l5 − post} (post null: none). */
    private void sbox(final int i, final long[] post)
    {
        final int x = ensureAllocated(i);
        final int l2 = square(x);
        final int l4 = square(l2);
        final int l5 = alloc("mul_sum");
        if (track)
        {
            lcA.clear().add(x);
            lcB.clear().add(l4);
            lcC.clear().add(l5);
            if (post != null)
            {
                lcC.add(negated(post), 0, Variable.ONE);
            }
        }
        cs.enforce(post == null ? "mul sum constraint" : "mul sum constraint post-add", lcA, lcB, lcC);
        allocated[i] = l5;
        isVariable[i] = true;
    }

    /** {@code a² = s}, a new variable. */
    private int square(final int a)
    {
        final int s = alloc("squared num");
        if (track)
        {
            lcA.clear().add(a);
            lcC.clear().add(s);
        }
        cs.enforce("squaring constraint", lcA, lcA, lcC);
        return s;
    }

    /** Allocates a combination's value ({@code combination·1 = x}); an allocated element stays as it is. */
    private int ensureAllocated(final int i)
    {
        if (isVariable[i])
        {
            return allocated[i];
        }
        final int x = alloc("allocate for Elt::Num");
        if (track)
        {
            lcA.clear();
            for (int k = 0; k < basisSize; k++)
            {
                lcA.add(coefficients[i], k * Fr.LIMBS, basis[k]);
            }
            lcA.add(constants, i * Fr.LIMBS, Variable.ONE);
            lcB.clear().add(Variable.ONE);
            lcC.clear().add(x);
        }
        cs.enforce("enforce num allocation preserves lc", lcA, lcB, lcC);
        allocated[i] = x;
        isVariable[i] = true;
        return x;
    }

    /**
     * The linear layer after a round: the pre-sparse matrix after the last round of the first half, the round's
     * sparse matrix in the partial rounds, the MDS matrix elsewhere. Every element becomes a combination.
     */
    private void mix(final int round)
    {
        if (round >= half && round < half + p.partialRounds())
        {
            sparse(round - half);
            return;
        }
        final boolean pre = round == half - 1;
        // after a full round every element but a constant tag is allocated: they are the new basis
        basisSize = 0;
        final int[] unit = new int[t];
        for (int i = 0; i < t; i++)
        {
            unit[i] = isVariable[i] ? basisSize : -1;
            if (isVariable[i])
            {
                basis[basisSize++] = allocated[i];
            }
        }
        Arrays.fill(nextConstants, 0L);
        for (int j = 0; j < t; j++)
        {
            if (track)
            {
                Arrays.fill(nextCoefficients[j], 0, basisSize * Fr.LIMBS, 0L);
            }
            for (int i = 0; i < t; i++)
            {
                if (pre)
                {
                    p.preSparseEntry(i, j, entry, 0);
                }
                else
                {
                    p.mdsEntry(i, j, entry, 0);
                }
                if (unit[i] < 0)
                {
                    Fr.mul(tmp, 0, constants, i * Fr.LIMBS, entry, 0);
                    Fr.add(nextConstants, j * Fr.LIMBS, nextConstants, j * Fr.LIMBS, tmp, 0);
                }
                else if (track)
                {
                    Fr.add(nextCoefficients[j], unit[i] * Fr.LIMBS, nextCoefficients[j], unit[i] * Fr.LIMBS, entry,
                        0);
                }
            }
        }
        swap();
    }

    /** out₀ = Σ ŵᵢ·eᵢ; out_j = e_j + v_{j−1}·e₀, e₀ being the S-box output just allocated. */
    private void sparse(final int r)
    {
        final int k = basisSize++;
        basis[k] = allocated[0];
        Arrays.fill(nextConstants, 0, Fr.LIMBS, 0L);
        if (track)
        {
            Arrays.fill(nextCoefficients[0], 0, basisSize * Fr.LIMBS, 0L);
        }
        for (int i = 0; i < t; i++)
        {
            p.sparseWHat(r, i, entry, 0);
            if (i == 0)
            {
                if (track)
                {
                    Fr.add(nextCoefficients[0], k * Fr.LIMBS, nextCoefficients[0], k * Fr.LIMBS, entry, 0);
                }
                continue;
            }
            Fr.mul(tmp, 0, constants, i * Fr.LIMBS, entry, 0);
            Fr.add(nextConstants, 0, nextConstants, 0, tmp, 0);
            if (track)
            {
                for (int b = 0; b < k; b++)
                {
                    Fr.mul(tmp, 0, coefficients[i], b * Fr.LIMBS, entry, 0);
                    Fr.add(nextCoefficients[0], b * Fr.LIMBS, nextCoefficients[0], b * Fr.LIMBS, tmp, 0);
                }
            }
        }
        for (int j = 1; j < t; j++)
        {
            System.arraycopy(constants, j * Fr.LIMBS, nextConstants, j * Fr.LIMBS, Fr.LIMBS);
            if (track)
            {
                System.arraycopy(coefficients[j], 0, nextCoefficients[j], 0, k * Fr.LIMBS);
                p.sparseVRest(r, j, nextCoefficients[j], k * Fr.LIMBS);
            }
        }
        swap();
    }

    /** Makes the next state current; every element is a combination. */
    private void swap()
    {
        final long[][] c = coefficients;
        coefficients = nextCoefficients;
        nextCoefficients = c;
        System.arraycopy(nextConstants, 0, constants, 0, constants.length);
        Arrays.fill(isVariable, false);
    }

    private int alloc(final String annotation)
    {
        if (witness == null)
        {
            return cs.alloc(annotation, (out, offset) -> Arrays.fill(out, offset, offset + Fr.LIMBS, 0L));
        }
        final int at = witnessAt;
        witnessAt += Fr.LIMBS;
        return cs.alloc(annotation, (out, offset) -> System.arraycopy(witness, at, out, offset, Fr.LIMBS));
    }

    private long[] negated(final long[] x)
    {
        Fr.neg(tmp, 0, x, 0);
        return tmp;
    }
}
