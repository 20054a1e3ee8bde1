package io.jprove.engine.porep.synthesis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.jprove.engine.porep.ChallengeWitness;
import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.SectorShape;

/**
 * Where each {@link WitnessTask} of a partition writes: the header's aux values first, then each challenge's, all
 * challenges alike (their gadgets allocate by the shape, never by the witness), so task t of challenge i starts at
 * {@code header + i·perChallenge + offset(t)}. Public inputs are not tasks: they are ONE then
 * {@link PartitionWitness#publicInputs()}, in allocation order.
 * <p>
 * Measured once per shape by writing a blank partition's header and first challenge with a counting
 * {@link AuxWriter}, and kept.
 *
 * @param headerAux       aux values before the first challenge
 * @param perChallengeAux aux values of one challenge
 * @param tasks           one challenge's tasks, in allocation order
 * @param challenges      challenges per partition
 */
record PartitionLayout(long headerAux, long perChallengeAux, List<Task> tasks, int challenges)
{
    private static final Map<SectorShape, PartitionLayout> CACHE = new ConcurrentHashMap<>();

    /**
     * One task of a challenge.
     *
     * @param kind   what it writes
     * @param sub    the parent of a {@link WitnessTask#PARENT}, the layer of a {@link WitnessTask#LABEL}, else 0
     * @param offset its first aux value, from the challenge's first
     * @param size   its aux values
     */
    record Task(WitnessTask kind, int sub, long offset, long size)
    {
    }

    /** @return the layout of {@code shape}'s partitions (measured on first use). */
    static PartitionLayout of(final SectorShape shape)
    {
        return CACHE.computeIfAbsent(shape, PartitionLayout::measure);
    }

    /** @return aux values of the whole partition. */
    long numAux()
    {
        return headerAux + challenges * perChallengeAux;
    }

    /** @return public inputs, ONE included: 3 after ONE, then 18 per challenge. */
    int numInputs()
    {
        return 1 + 3 + challenges * (4 + ChallengeWitness.PARENTS);
    }

    private static PartitionLayout measure(final SectorShape shape)
    {
        final PartitionWitness blank = PartitionWitness.blank(shape);
        final TaskWriter writer = new TaskWriter(blank);
        final AuxWriter counter = AuxWriter.counting();
        writer.write(counter, WitnessTask.HEADER, 0, 0);
        final long header = counter.position();
        final List<Task> tasks = new ArrayList<>();
        long at = 0;
        at = add(tasks, writer, WitnessTask.DATA_PATH, 0, at);
        for (int p = 0; p < ChallengeWitness.PARENTS; p++)
        {
            at = add(tasks, writer, WitnessTask.PARENT, p, at);
        }
        at = add(tasks, writer, WitnessTask.CHALLENGE_BITS, 0, at);
        for (int layer = 1; layer <= shape.layers(); layer++)
        {
            at = add(tasks, writer, WitnessTask.LABEL, layer, at);
        }
        at = add(tasks, writer, WitnessTask.TAIL, 0, at);
        return new PartitionLayout(header, at, List.copyOf(tasks), shape.challenges());
    }

    private static long add(final List<Task> tasks, final TaskWriter writer, final WitnessTask kind, final int sub,
        final long at)
    {
        final AuxWriter counter = AuxWriter.counting();
        writer.write(counter, kind, 0, sub);
        final long size = counter.position();
        tasks.add(new Task(kind, sub, at, size));
        return at + size;
    }
}
