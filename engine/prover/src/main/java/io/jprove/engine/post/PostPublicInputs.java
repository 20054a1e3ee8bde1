package io.jprove.engine.post;

import java.util.Arrays;

import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;
import io.jprove.field.Fr;

/**
 * A fallback PoSt partition's public inputs, as storage-proofs-post's {@code FallbackPoStCompound::
 * generate_public_inputs} computes them: per sector of the partition, its comm_r, then per challenge the challenged
 * leaf's index as a field element (the PoR circuit's packed path bits); a partition short of sectors repeats its last
 * sector's inputs. The order is the order in which {@link PostCircuit} allocates its inputs.
 */
public final class PostPublicInputs
{
    private PostPublicInputs()
    {
    }

    /**
     * @param shape      the partition's shape (sectors per partition, challenges per sector, leaves)
     * @param version    the proof's API version (it picks the challenge indices)
     * @param randomness the 32-byte challenge seed
     * @param sectorIds  the ids of all the proof's sectors, in order ({@code pub_inputs.sectors})
     * @param commRs     their comm_r, Fr limbs each
     * @param partition  which partition (chunk of {@code shape.sectorCount()} sectors)
     * @return the inputs without ONE, Fr limbs back to back: {@link PostShape#publicInputs()} of them
     * @throws IllegalArgumentException when the partition holds no sector
     */
    public static long[] generate(final PostShape shape, final ApiVersion version, final byte[] randomness,
        final long[] sectorIds, final long[][] commRs, final int partition)
    {
        if (sectorIds.length != commRs.length)
        {
            throw new IllegalArgumentException(sectorIds.length + " sector ids but " + commRs.length + " comm_r");
        }
        final int first = partition * shape.sectorCount();
        final int count = Math.min(shape.sectorCount(), sectorIds.length - first);
        if (partition < 0 || count <= 0)
        {
            throw new IllegalArgumentException("partition " + partition + " of " + sectorIds.length + " sectors in "
                + "partitions of " + shape.sectorCount() + " holds no sector");
        }
        return ofPartition(shape, version, randomness, Arrays.copyOfRange(sectorIds, first, first + count),
            Arrays.copyOfRange(commRs, first, first + count), partition);
    }

    /**
     * The same inputs from the partition's own sectors, as a single partition's prover and a verifier of that
     * partition hold them (filecoin-proofs' {@code generate_single_window_post_with_vanilla}).
     *
     * @param sectorIds the ids of the partition's sectors, 1 to {@code shape.sectorCount()}, in order
     * @param commRs    their comm_r, Fr limbs each
     * @param partition the partition's index among the proof's (it numbers the sectors for API 1.0 and 1.1)
     * @return the inputs without ONE, Fr limbs back to back
     * @throws IllegalArgumentException when the sectors are none or too many
     */
    public static long[] ofPartition(final PostShape shape, final ApiVersion version, final byte[] randomness,
        final long[] sectorIds, final long[][] commRs, final int partition)
    {
        final int count = sectorIds.length;
        if (count != commRs.length || count < 1 || count > shape.sectorCount() || partition < 0)
        {
            throw new IllegalArgumentException(shape.name() + " partition " + partition + " takes 1 to "
                + shape.sectorCount() + " sectors, got " + count + " ids and " + commRs.length + " comm_r");
        }
        final int first = partition * shape.sectorCount();
        final int perSector = (1 + shape.challengeCount()) * Fr.LIMBS;
        final long[] inputs = new long[shape.sectorCount() * perSector];
        final long leaves = shape.tree().leaves();
        for (int i = 0; i < count; i++)
        {
            final int at = i * perSector;
            System.arraycopy(commRs[i], 0, inputs, at, Fr.LIMBS);
            for (int n = 0; n < shape.challengeCount(); n++)
            {
                final long index = PostChallenges.challengeIndex(version, first + i, shape.challengeCount(), n);
                final long leaf = PostChallenges.leaf(randomness, sectorIds[i], index, leaves);
                System.arraycopy(Fr.of(leaf), 0, inputs, at + (1 + n) * Fr.LIMBS, Fr.LIMBS);
            }
        }
        for (int i = count; i < shape.sectorCount(); i++)
        {
            System.arraycopy(inputs, (count - 1) * perSector, inputs, i * perSector, perSector);
        }
        return inputs;
    }
}
