package io.jprove.engine.circuits;

import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.PoseidonGadget;
import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * "I know x₀, x₁ with xₙ₊₁ = d": a chain xᵢ₊₂ = Poseidon(xᵢ₊₁, xᵢ) (arity 2, neptune's parameters, 311 constraints
 * per hash) whose last link d is the one public input. The digest is computed natively, so the witness is always
 * satisfying unless a wrong digest is given.
 */
public final class PoseidonChain implements Circuit
{
    private final int hashes;
    private final long[] x0;
    private final long[] x1;
    private final long[] digest;

    /**
     * @param hashes the chain's length, at least 1.
     * @param x0     the first secret (Fr limbs, Montgomery form).
     * @param x1     the second secret.
     */
    public PoseidonChain(final int hashes, final long[] x0, final long[] x1)
    {
        this(hashes, x0, x1, digest(hashes, x0, x1));
    }

    /** A chain that claims {@code digest} (a wrong one makes the witness unsatisfied). */
    public PoseidonChain(final int hashes, final long[] x0, final long[] x1, final long[] digest)
    {
        if (hashes < 1)
        {
            throw new IllegalArgumentException("a Poseidon chain needs at least one hash, got " + hashes);
        }
        this.hashes = hashes;
        this.x0 = x0.clone();
        this.x1 = x1.clone();
        this.digest = digest.clone();
    }

    /** @return the last link of the chain, computed natively. */
    public static long[] digest(final int hashes, final long[] x0, final long[] x1)
    {
        final Poseidon poseidon = Poseidon.forArity(2);
        long[] previous = x0.clone();
        long[] current = x1.clone();
        final long[] preimage = new long[2 * Fr.LIMBS];
        for (int i = 0; i < hashes; i++)
        {
            Fr.copy(preimage, 0, current, 0);
            Fr.copy(preimage, Fr.LIMBS, previous, 0);
            previous = current;
            current = poseidon.hash(preimage);
        }
        return current;
    }

    /** @return the public input: the claimed digest. */
    public long[] publicDigest()
    {
        return digest.clone();
    }

    @Override
    public void synthesize(final ConstraintSystem cs)
    {
        final PoseidonParameters parameters = PoseidonParameters.forArity(2);
        final AllocatedNum out = AllocatedNum.allocInput(cs, "digest", digest);
        AllocatedNum previous = AllocatedNum.alloc(cs, "x0", x0);
        AllocatedNum current = AllocatedNum.alloc(cs, "x1", x1);
        for (int i = 0; i < hashes; i++)
        {
            final AllocatedNum next = PoseidonGadget.hash(cs, parameters, current, previous);
            previous = current;
            current = next;
        }
        cs.enforce("digest is public", new LinearCombination().add(current.variable()),
            new LinearCombination().add(Variable.ONE), new LinearCombination().add(out.variable()));
    }
}
