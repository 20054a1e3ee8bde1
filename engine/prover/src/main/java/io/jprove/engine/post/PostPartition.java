package io.jprove.engine.post;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.field.Fr;

/**
 * One PoSt partition ready to prove, from rust-fil-proofs' vanilla proofs (one per sector, as filecoin-proofs'
 * {@code generate_single_vanilla_proof} makes them and Curio sends them): each proof read for the sector size's tree,
 * vanilla-verified, and its challenged leaves checked against the challenges the randomness gives, so that a proof
 * which would not verify is refused, naming the vanilla proof and the field, before any proving. The sectors are laid
 * out as filecoin-proofs lays them out for the circuit: WindowPoSt's in order, the last repeated up to the partition's
 * count ({@code single_partition_vanilla_proofs}); WinningPoSt's one sector unrolled into its 66 one-challenge blocks.
 * The public inputs are the verifier's, from the randomness and the sectors' ids and comm_r.
 *
 * @param proof        the registered PoSt proof
 * @param index        the partition's index (WinningPoSt: 0)
 * @param sectorIds    the sectors proved, in order
 * @param sectors      the circuit's sectors ({@code proof.shape().sectorCount()} of them)
 * @param publicInputs the partition's public inputs without ONE, Fr limbs back to back
 */
public record PostPartition(RegisteredPostProof proof, int index, long[] sectorIds, PostSector[] sectors,
    long[] publicInputs)
{
    /**
     * @param proof         the registered PoSt proof (it gives the shape and the challenge rule)
     * @param randomness    the 32-byte challenge seed, a field element
     * @param vanillaProofs the partition's sectors' vanilla proofs, in order: WindowPoSt 1 to the partition's sector
     *                      count, WinningPoSt exactly 1
     * @param names         what to call each vanilla proof in messages (a file name, a request field)
     * @param partition     the partition's index among the WindowPoSt's (WinningPoSt: 0)
     * @return the partition
     * @throws IllegalArgumentException naming the vanilla proof (by position and sector) and what is wrong in it
     */
    public static PostPartition of(final RegisteredPostProof proof, final byte[] randomness,
        final List<byte[]> vanillaProofs, final List<String> names, final int partition)
    {
        final PostShape shape = proof.shape();
        final boolean window = proof.kind() == RegisteredPostProof.Kind.WINDOW;
        checkRandomness(randomness);
        final int most = window ? shape.sectorCount() : 1;
        if (names.size() != vanillaProofs.size())
        {
            throw new IllegalArgumentException(vanillaProofs.size() + " vanilla proofs but " + names.size() + " names");
        }
        if (vanillaProofs.isEmpty() || vanillaProofs.size() > most)
        {
            throw new IllegalArgumentException(proof + " proves 1" + (most > 1 ? " to " + most : "")
                + " sector" + (most > 1 ? "s" : "") + " per partition, got " + vanillaProofs.size()
                + " vanilla proofs");
        }
        if (partition < 0 || !window && partition != 0)
        {
            throw new IllegalArgumentException("partition " + partition + " of " + proof + " does not exist");
        }
        final int challenges = window ? PostShape.WINDOW_CHALLENGES : PostShape.WINNING_CHALLENGES;
        final TreeShape tree = shape.tree();
        final List<PostVanillaProof> read = new ArrayList<>();
        for (int i = 0; i < vanillaProofs.size(); i++)
        {
            final PostVanillaProof v;
            try
            {
                v = PostVanillaProof.read(vanillaProofs.get(i), tree);
            }
            catch (final IllegalArgumentException e)
            {
                throw new IllegalArgumentException(names.get(i) + " is not a " + proof.sizeName() + " sector's "
                    + "vanilla proof: " + e.getMessage(), e);
            }
            final String where = names.get(i) + " (sector " + Long.toUnsignedString(v.sectorId()) + ")";
            if (v.openings().size() != challenges)
            {
                throw new IllegalArgumentException(where + " has " + v.openings().size() + " inclusion proofs; "
                    + proof + " challenges " + challenges + " leaves per sector");
            }
            final String problem = v.problem();
            if (problem != null)
            {
                throw new IllegalArgumentException(where + " does not verify: " + problem);
            }
            read.add(v);
        }
        final int blocks = shape.sectorCount();
        final long[] ids = new long[window ? read.size() : blocks];
        final long[][] commRs = new long[ids.length][];
        final PostSector[] sectors = new PostSector[blocks];
        if (window)
        {
            for (int i = 0; i < read.size(); i++)
            {
                ids[i] = read.get(i).sectorId();
                commRs[i] = PostVanillaProof.limbs(read.get(i).commR());
                sectors[i] = read.get(i).toSector(tree);
            }
            Arrays.fill(sectors, read.size(), blocks, sectors[read.size() - 1]);
        }
        else
        {
            // verify_winning_post's public sectors: the one sector repeated, one challenge each
            Arrays.fill(ids, read.getFirst().sectorId());
            Arrays.fill(commRs, PostVanillaProof.limbs(read.getFirst().commR()));
            System.arraycopy(read.getFirst().toSectors(tree, 1), 0, sectors, 0, blocks);
        }
        final long[] inputs = PostPublicInputs.ofPartition(shape, proof.version(), randomness, ids, commRs,
            partition);
        checkChallenges(proof, read, names, inputs, window);
        return new PostPartition(proof, partition, window ? ids : new long[] {ids[0]}, sectors, inputs);
    }

    /** @return the partition's circuit, with its witness. */
    public PostCircuit circuit()
    {
        return new PostCircuit(proof.shape(), sectors);
    }

    /**
     * @throws IllegalArgumentException unless the randomness is 32 bytes of a field element (filecoin-proofs'
     *                                  {@code as_safe_commitment})
     */
    public static void checkRandomness(final byte[] randomness)
    {
        if (randomness.length != 32)
        {
            throw new IllegalArgumentException("the randomness has 32 bytes, got " + randomness.length);
        }
        if (!Fr.fromBytes(randomness, 0, new long[Fr.LIMBS], 0))
        {
            throw new IllegalArgumentException("the randomness is not a field element (little-endian, below r): its "
                + "last byte's top two bits are set");
        }
    }

    /** Checks that each opening is of the leaf the public inputs challenge. */
    private static void checkChallenges(final RegisteredPostProof proof, final List<PostVanillaProof> read,
        final List<String> names, final long[] inputs, final boolean window)
    {
        final int perBlock = 1 + proof.shape().challengeCount();
        for (int i = 0; i < read.size(); i++)
        {
            final PostVanillaProof v = read.get(i);
            final long[] opened = v.challengedLeaves();
            for (int n = 0; n < opened.length; n++)
            {
                // WindowPoSt: sector i's challenge n; WinningPoSt: block n's one challenge
                final int at = (window ? i * perBlock + 1 + n : n * perBlock + 1) * Fr.LIMBS;
                if (!Fr.equal(Fr.of(opened[n]), 0, inputs, at))
                {
                    throw new IllegalArgumentException(names.get(i) + " (sector " + Long.toUnsignedString(
                        v.sectorId()) + "): inclusion_proofs[" + n + "] opens leaf " + opened[n] + ", but this "
                        + "randomness challenges leaf " + Fr.toBigInteger(inputs, at) + " (" + proof + ", API "
                        + proof.version().semver() + "; another randomness, sector or partition index?)");
                }
            }
        }
    }
}
