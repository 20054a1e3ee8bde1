package io.jprove.engine.circuits;

import io.jprove.engine.r1cs.Circuit;
import io.jprove.field.Fr;

/**
 * The built-in circuits by name: {@code poseidon-chain-N} is a {@link PoseidonChain} of N hashes (311 constraints
 * each), proving knowledge of two secrets.
 */
public final class BuiltinCircuit
{
    private static final String POSEIDON_CHAIN = "poseidon-chain-";

    private BuiltinCircuit()
    {
    }

    /**
     * @param name    for instance {@code poseidon-chain-13}.
     * @param secrets the chain's two secrets (for a witness; any values for a setup).
     * @return the circuit.
     * @throws IllegalArgumentException naming the known circuits when {@code name} is not one of them.
     */
    public static PoseidonChain byName(final String name, final long x0, final long x1)
    {
        if (name.startsWith(POSEIDON_CHAIN))
        {
            try
            {
                final int hashes = Integer.parseInt(name.substring(POSEIDON_CHAIN.length()));
                if (hashes >= 1 && hashes <= 1 << 16)
                {
                    return new PoseidonChain(hashes, Fr.of(x0), Fr.of(x1));
                }
            }
            catch (final NumberFormatException e)
            {
                // fall through to the error below
            }
        }
        throw new IllegalArgumentException("unknown built-in circuit \"" + name + "\"; known: poseidon-chain-N "
            + "(N = 1 to 65536 Poseidon hashes, 311 constraints each)");
    }

    /** @return a circuit of the same shape with no meaningful witness, for setup. */
    public static Circuit shapeOf(final String name)
    {
        return byName(name, 1, 2);
    }
}
