package io.jprove.engine.daemon;

import java.util.SplittableRandom;

import io.jprove.engine.circuits.BuiltinCircuit;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.r1cs.Circuit;

/**
 * The partitions of a built-in job: partition i of {@code porep-PRESET} is the PoRep partition circuit of that sector
 * preset over the random witness of a seed drawn from (seed, i); of {@code poseidon-chain-N}, a Poseidon chain whose
 * two secrets are drawn the same way. Deterministic, so a partition proved again after a restart proves the same
 * statement.
 */
final class BuiltinPartitions
{
    private static final String POREP = "porep-";

    private BuiltinPartitions()
    {
    }

    /**
     * @throws IllegalArgumentException naming the known circuits when the name is not one.
     */
    static void check(final String name)
    {
        partition(name, 0, 0);
    }

    /** @return partition {@code partition}'s circuit, its witness drawn from {@code seed}. */
    static Circuit partition(final String name, final long seed, final int partition)
    {
        // SplittableRandom mixes its state on output, so neighbouring (seed, partition) pairs give unrelated seeds
        final long s = new SplittableRandom(seed + 0x9e3779b97f4a7c15L * partition).nextLong();
        if (name.startsWith(POREP))
        {
            return new PorepCircuit(SectorShape.preset(name.substring(POREP.length())), s);
        }
        try
        {
            final SplittableRandom secrets = new SplittableRandom(s);
            return BuiltinCircuit.byName(name, secrets.nextLong() >>> 1, secrets.nextLong() >>> 1);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(e.getMessage() + ", or porep-PRESET (" + String.join(", ",
                SectorShape.presets().keySet()) + ")", e);
        }
    }
}
