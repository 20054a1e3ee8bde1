package io.jprove.engine.post;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import io.jprove.engine.gadgets.merkle.SparseMerkleTree;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;

import io.jprove.engine.porep.seal.SealedSector;
import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.field.Fr;

/**
 * A sector's PoSt vanilla proof, as filecoin-proofs' {@code generate_single_vanilla_proof} makes it (storage-proofs-
 * post {@code vanilla_proof}): the challenged leaves of its replica tree (tree R_last) opened, each opening checked,
 * with comm_c and comm_r_last. The challenges are {@code generate_fallback_sector_challenges}': WindowPoSt's ten, by
 * the sector's index among the proof's sectors (API 1.0) or per sector (API 1.2); WinningPoSt's 66 of its one sector.
 */
public final class PostVanillaProver
{
    private PostVanillaProver()
    {
    }

    /**
     * @param proof       the registered PoSt proof
     * @param randomness  the 32-byte challenge seed, a field element
     * @param sectorIndex the sector's index among the proof's sectors, from 0 (WinningPoSt: 0)
     * @param sectorId    the sector number
     * @param sector      the sealed sector: its replica tree and comm_c
     * @return the vanilla proof
     * @throws IllegalArgumentException when the sector is not of the proof's size, or the randomness not a seed
     */
    public static PostVanillaProof prove(final RegisteredPostProof proof, final byte[] randomness,
        final int sectorIndex, final long sectorId, final SealedSector sector)
    {
        if (sector.proof().sectorBytes() != proof.sectorBytes())
        {
            throw new IllegalArgumentException("a " + sector.proof().sizeName() + " sector for " + proof);
        }
        PostPartition.checkRandomness(randomness);
        final int challenges = proof.kind() == RegisteredPostProof.Kind.WINDOW ? PostShape.WINDOW_CHALLENGES
            : PostShape.WINNING_CHALLENGES;
        final long leaves = proof.shape().tree().leaves();
        final List<MerkleProof> openings = new ArrayList<>();
        for (int n = 0; n < challenges; n++)
        {
            final long leaf = PostChallenges.leaf(randomness, sectorId, PostChallenges.challengeIndex(proof.version(),
                sectorIndex, challenges, n), leaves);
            final MerkleProof opening = sector.replicaProof(leaf);
            if (opening.pathIndex() != leaf || !Arrays.equals(opening.root(), sector.commRLast()))
            {
                throw new IllegalStateException("the replica tree's opening of leaf " + leaf + " is not its own");
            }
            openings.add(opening);
        }
        return new PostVanillaProof(sectorId, sector.commR(), sector.commC(), sector.commRLast(), List.copyOf(
            openings));
    }

    /**
     * A vanilla proof of a sector that is not there, for any size: the replica tree is sparse ({@link
     * SparseMerkleTree}), its challenged leaves and comm_c drawn at random, the paths of those leaves real hashes
     * and every subtree no challenge reaches an arbitrary digest, comm_r = Poseidon(comm_c, comm_r_last). It opens
     * exactly the leaves the randomness challenges, passes the vanilla checks and makes a circuit of the real
     * shape: what a benchmark proves.
     *
     * @param random draws the leaves, comm_c and the digests
     */
    public static PostVanillaProof sparse(final RegisteredPostProof proof, final byte[] randomness,
        final int sectorIndex, final long sectorId, final SplittableRandom random)
    {
        PostPartition.checkRandomness(randomness);
        final int challenges = proof.kind() == RegisteredPostProof.Kind.WINDOW ? PostShape.WINDOW_CHALLENGES
            : PostShape.WINNING_CHALLENGES;
        final TreeShape shape = proof.shape().tree();
        final SparseMerkleTree tree = new SparseMerkleTree(shape, () -> Fr.random(random));
        final long[] leaves = new long[challenges];
        final Set<Long> set = new HashSet<>();
        for (int n = 0; n < challenges; n++)
        {
            leaves[n] = PostChallenges.leaf(randomness, sectorId, PostChallenges.challengeIndex(proof.version(),
                sectorIndex, challenges, n), shape.leaves());
            // a leaf challenged twice keeps its first value
            if (set.add(leaves[n]))
            {
                tree.setLeaf(leaves[n], Fr.random(random));
            }
        }
        final List<MerkleProof> openings = new ArrayList<>();
        for (final long leaf : leaves)
        {
            openings.add(MerkleProof.ofSparse(tree, leaf));
        }
        final byte[] commC = NodeHash.toBytes(Fr.random(random), 0);
        final byte[] commRLast = NodeHash.toBytes(tree.root(), 0);
        return new PostVanillaProof(sectorId, NodeHash.hash(TreeHasher.POSEIDON, new byte[][] {commC, commRLast}),
            commC, commRLast, List.copyOf(openings));
    }
}
