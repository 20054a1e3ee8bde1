package io.jprove.engine.gadgets;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * An Fr variable with its value (bellperson's {@code AllocatedNum}); allocating one costs no constraint. The
 * operations cost what bellperson's do: {@link #toBitsLe} 256 constraints (255 booleanity, one unpacking),
 * {@link #inputize}, {@link #enforceEqual} and {@link #add} one each.
 */
public final class AllocatedNum
{
    private final int variable;
    private final long[] value;

    private AllocatedNum(final int variable, final long[] value)
    {
        this.variable = variable;
        this.value = value;
    }

    /**
     * Allocates an aux variable.
     *
     * @param value Fr limbs (Montgomery form), copied; ignored when the constraint system computes no witness.
     */
    public static AllocatedNum alloc(final ConstraintSystem cs, final String annotation, final long[] value)
    {
        final long[] v = value.clone();
        return new AllocatedNum(cs.alloc(annotation, (out, offset) -> Fr.copy(out, offset, v, 0)), v);
    }

    /** Allocates a public input. */
    public static AllocatedNum allocInput(final ConstraintSystem cs, final String annotation, final long[] value)
    {
        final long[] v = value.clone();
        return new AllocatedNum(cs.allocInput(annotation, (out, offset) -> Fr.copy(out, offset, v, 0)), v);
    }

    /** Wraps a variable whose value the caller computed and constrained. */
    static AllocatedNum of(final int variable, final long[] value)
    {
        return new AllocatedNum(variable, value);
    }

    /** @return the variable handle. */
    public int variable()
    {
        return variable;
    }

    /** @return a copy of the value (a placeholder when no witness is computed). */
    public long[] value()
    {
        return value.clone();
    }

    /** The value itself, not a copy, for gadgets of this package that only read it. */
    long[] valueRef()
    {
        return value;
    }

    /**
     * bellperson's {@code to_bits_le}: allocates the 255 bits of the value, least significant first, each with its
     * booleanity constraint, and enforces {@code 0·0 = Σ 2^i·bit_i − num}. Not strict: the bits may encode the value
     * plus r, as in bellperson.
     *
     * @return the 255 bits, least significant first.
     */
    public Boolean[] toBitsLe(final ConstraintSystem cs)
    {
        final int n = Fr.MODULUS.bitLength();
        final byte[] bytes = new byte[Fr.BYTES];
        if (cs.needsWitness())
        {
            Fr.toBytes(value, 0, bytes, 0);
        }
        final Boolean[] bits = new Boolean[n];
        for (int i = 0; i < n; i++)
        {
            bits[i] = Boolean.alloc(cs, "bit", (bytes[i >>> 3] >>> (i & 7) & 1) != 0);
        }
        enforceUnpacking(cs, bits);
        return bits;
    }

    /** Enforces {@code 0·0 = Σ 2^i·bit_i − num}. */
    private void enforceUnpacking(final ConstraintSystem cs, final Boolean[] bits)
    {
        final boolean track = cs.needsConstraints();
        final LinearCombination lc = new LinearCombination(track ? bits.length + 1 : 0);
        if (track)
        {
            for (int i = 0; i < bits.length; i++)
            {
                bits[i].addTo(lc, Coefficients.POWERS_OF_TWO, i * Fr.LIMBS);
            }
            lc.sub(variable);
        }
        cs.enforce("unpacking constraint", new LinearCombination(0), new LinearCombination(0), lc);
    }

    /**
     * bellpepper's {@code to_bits_le_strict}: the 255 bits of the value, constrained to encode a number below r. From
     * the most significant bit down, a bit where r − 1 has a one is allocated plainly, and a run of ones of r − 1
     * ends with an AND of its bits and the previous runs' result; a bit where r − 1 has a zero is allocated with
     * {@link AllocatedBit#allocConditionally} against that result. Then {@code 0·0 = Σ 2^i·bit_i − num}.
     *
     * @return the 255 bits, least significant first.
     */
    public Boolean[] toBitsLeStrict(final ConstraintSystem cs)
    {
        final BigInteger max = Fr.MODULUS.subtract(BigInteger.ONE);
        final int n = Fr.MODULUS.bitLength();
        final BigInteger v = cs.needsWitness() ? Fr.toBigInteger(value, 0) : BigInteger.ZERO;
        final AllocatedBit[] bigEndian = new AllocatedBit[n];
        final List<AllocatedBit> run = new ArrayList<>();
        AllocatedBit lastRun = null;
        for (int k = 0; k < n; k++)
        {
            final int bit = n - 1 - k;
            final boolean bitValue = v.testBit(bit);
            if (max.testBit(bit))
            {
                bigEndian[k] = AllocatedBit.alloc(cs, "bit", bitValue);
                run.add(bigEndian[k]);
            }
            else
            {
                if (!run.isEmpty())
                {
                    if (lastRun != null)
                    {
                        run.add(lastRun);
                    }
                    AllocatedBit and = run.getFirst();
                    for (int i = 1; i < run.size(); i++)
                    {
                        and = AllocatedBit.and(cs, and, run.get(i));
                    }
                    lastRun = and;
                    run.clear();
                }
                bigEndian[k] = AllocatedBit.allocConditionally(cs, "bit", bitValue, lastRun);
            }
        }
        final Boolean[] bits = new Boolean[n];
        for (int i = 0; i < n; i++)
        {
            bits[i] = Boolean.of(bigEndian[n - 1 - i]);
        }
        enforceUnpacking(cs, bits);
        return bits;
    }

    /** Makes the value a public input: allocates the input and enforces {@code input·1 = num}. */
    public AllocatedNum inputize(final ConstraintSystem cs)
    {
        final long[] v = value;
        final int input = cs.allocInput("input variable", (out, offset) -> Fr.copy(out, offset, v, 0));
        cs.enforce("enforce input is correct", new LinearCombination(1).add(input),
            new LinearCombination(1).add(Variable.ONE), new LinearCombination(1).add(variable));
        return of(input, v);
    }

    /** Enforces {@code a = b} as {@code a·1 = b} (storage-proofs' {@code constraint::equal}). */
    public static void enforceEqual(final ConstraintSystem cs, final AllocatedNum a, final AllocatedNum b)
    {
        cs.enforce("equal", new LinearCombination(1).add(a.variable), new LinearCombination(1).add(Variable.ONE),
            new LinearCombination(1).add(b.variable));
    }

    /** @return {@code a·b}, enforced as {@code a·b = product} (bellpepper's {@code AllocatedNum::mul}). */
    public static AllocatedNum mul(final ConstraintSystem cs, final AllocatedNum a, final AllocatedNum b)
    {
        final long[] product = new long[Fr.LIMBS];
        if (cs.needsWitness())
        {
            Fr.mul(product, a.value, b.value);
        }
        final AllocatedNum r = alloc(cs, "product num", product);
        cs.enforce("multiplication constraint", new LinearCombination(1).add(a.variable),
            new LinearCombination(1).add(b.variable), new LinearCombination(1).add(r.variable));
        return r;
    }

    /** @return {@code a + b}, enforced as {@code (a + b)·1 = sum} (storage-proofs' {@code constraint::add}). */
    public static AllocatedNum add(final ConstraintSystem cs, final AllocatedNum a, final AllocatedNum b)
    {
        final long[] sum = new long[Fr.LIMBS];
        if (cs.needsWitness())
        {
            Fr.add(sum, a.value, b.value);
        }
        final AllocatedNum r = alloc(cs, "add_num", sum);
        cs.enforce("sum constraint", new LinearCombination(2).add(a.variable).add(b.variable),
            new LinearCombination(1).add(Variable.ONE), new LinearCombination(1).add(r.variable));
        return r;
    }
}
