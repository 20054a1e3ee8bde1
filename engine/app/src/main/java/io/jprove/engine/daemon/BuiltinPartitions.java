package io.jprove.engine.daemon;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

import io.jprove.engine.circuits.BuiltinCircuit;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.CountingAssignment;

/**
 * The partitions of a built-in job: partition i of {@code porep-PRESET} is the PoRep partition circuit of that sector
 * preset over the random witness of a seed drawn from (seed, i); of {@code poseidon-chain-N}, a Poseidon chain whose
 * two secrets are drawn the same way. Deterministic, so a partition proved again after a restart proves the same
 * statement.
 */
final class BuiltinPartitions
{
    private static final String POREP = "porep-";
    /** Each name's counts, counted once per process: every partition of every seed has the same shape. */
    private static final Map<String, Counted> COUNTS = new ConcurrentHashMap<>();

    /** One name's counts, counted by the first caller while the others for that name wait. */
    private static final class Counted
    {
        private final String name;
        private ConstraintCounts counts;

        Counted(final String name)
        {
            this.name = name;
        }

        synchronized ConstraintCounts get()
        {
            if (counts == null)
            {
                counts = CountingAssignment.count(partition(name, 0, 0));
            }
            return counts;
        }
    }

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

    /**
     * @return the counts of every partition of {@code name} (its witness and seed change values, not the shape),
     *         counted once per process without a witness: no synthesis into buffers, a few seconds for a PoRep
     *         partition.
     * @throws IllegalArgumentException when the name is not a known circuit.
     */
    static ConstraintCounts counts(final String name)
    {
        check(name);
        return COUNTS.computeIfAbsent(name, Counted::new).get();
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
