package io.jprove.engine.update;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.porep.tree.DataTree;
import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.engine.porep.tree.PathElement;
import io.jprove.engine.porep.tree.ProofBincode;
import io.jprove.field.Fr;

/**
 * A SnapDeals partition's vanilla proof, as rust-fil-proofs serializes storage-proofs-update's {@code PartitionProof}
 * with bincode (what filecoin-proofs-api's {@code generate_partition_proofs} hands out and Curio sends, one per
 * partition): comm_c, the partition's apex leaves of TreeDNew (a u64 count of 32-byte elements), then its challenge
 * proofs (a u64 count; each the openings of the challenged node in TreeROld, TreeDNew and TreeRNew, in that order).
 *
 * @param commC      comm_c, 32 bytes
 * @param apexLeaves the apex leaves, 32 bytes each
 * @param challenges the challenges' openings, in challenge order
 */
public record UpdateVanillaProof(byte[] commC, byte[][] apexLeaves, List<Challenge> challenges)
{
    /**
     * One challenge's openings.
     *
     * @param rOld TreeROld's
     * @param dNew TreeDNew's
     * @param rNew TreeRNew's
     */
    public record Challenge(MerkleProof rOld, MerkleProof dNew, MerkleProof rNew)
    {
    }

    /**
     * @param bytes the serialized proof
     * @param shape the sector size's shape (the trees' shapes, the apex leaves' and challenges' counts)
     * @return the proof
     * @throws IllegalArgumentException naming the byte offset and the field when the bytes are not such a proof.
     */
    public static UpdateVanillaProof read(final byte[] bytes, final UpdateShape shape)
    {
        try
        {
            final ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            final byte[] commC = ProofBincode.domain(in, "comm_c");
            final long apex = ProofBincode.u64(in, "apex_leafs length");
            if (apex != shape.apexLeaves())
            {
                throw ProofBincode.malformed(in, "apex_leafs has " + apex + " leaves, " + shape.name() + " "
                    + shape.apexLeaves());
            }
            final byte[][] apexLeaves = new byte[(int)apex][];
            for (int i = 0; i < apexLeaves.length; i++)
            {
                apexLeaves[i] = ProofBincode.domain(in, "apex_leafs[" + i + "]");
            }
            final long count = ProofBincode.u64(in, "challenge_proofs length");
            if (count != shape.challenges())
            {
                throw ProofBincode.malformed(in, "challenge_proofs has " + count + " proofs, " + shape.name() + " "
                    + shape.challenges());
            }
            final List<Challenge> challenges = new ArrayList<>();
            for (int i = 0; i < count; i++)
            {
                final String at = "challenge_proofs[" + i + "]";
                challenges.add(new Challenge(ProofBincode.merkleProof(in, shape.replicaTree(), at + ".proof_r_old"),
                    ProofBincode.merkleProof(in, DataTree.shape(shape.challengeBits()), at + ".proof_d_new"),
                    ProofBincode.merkleProof(in, shape.replicaTree(), at + ".proof_r_new")));
            }
            if (in.hasRemaining())
            {
                throw ProofBincode.malformed(in, in.remaining() + " bytes after the proof");
            }
            return new UpdateVanillaProof(commC, apexLeaves, List.copyOf(challenges));
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException("SnapDeals vanilla proof, " + e.getMessage(), e);
        }
    }

    /** @return the proof serialized as {@link #read} reads it. */
    public byte[] bytes()
    {
        int size = 32 + 8 + 32 * apexLeaves.length + 8;
        for (final Challenge c : challenges)
        {
            size += ProofBincode.size(c.rOld()) + ProofBincode.size(c.dNew()) + ProofBincode.size(c.rNew());
        }
        final ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        out.put(commC).putLong(apexLeaves.length);
        for (final byte[] leaf : apexLeaves)
        {
            out.put(leaf);
        }
        out.putLong(challenges.size());
        for (final Challenge c : challenges)
        {
            ProofBincode.put(out, c.rOld());
            ProofBincode.put(out, c.dNew());
            ProofBincode.put(out, c.rNew());
        }
        if (out.hasRemaining())
        {
            throw new IllegalStateException("a SnapDeals vanilla proof of " + size + " bytes filled " + out.position());
        }
        return out.array();
    }

    /**
     * The vanilla verifier's checks (storage-proofs-update {@code EmptySectorUpdate::verify}): comm_r_old and
     * comm_r_new are Poseidon(comm_c, root) of the TreeROld and TreeRNew roots; each challenge's three openings are of
     * the challenged node, lead to those roots and comm_d_new, and its TreeRNew leaf is the TreeROld leaf plus the
     * TreeDNew leaf times rho; the TreeDNew path passes through the apex tree the apex leaves make.
     *
     * @param k        the partition
     * @param h        the high bits that pick rho
     * @param commROld comm_r_old, 32 bytes
     * @param commDNew comm_d_new, 32 bytes
     * @param commRNew comm_r_new, 32 bytes
     * @return null when they hold, else the first that fails in words
     */
    public String problem(final UpdateShape shape, final int k, final int h, final byte[] commROld,
        final byte[] commDNew, final byte[] commRNew)
    {
        final byte[] rootROld = challenges.getFirst().rOld().root();
        final byte[] rootRNew = challenges.getFirst().rNew().root();
        if (!Arrays.equals(NodeHash.hash(TreeHasher.POSEIDON, new byte[][] {commC, rootROld}), commROld))
        {
            return "comm_r_old is not Poseidon(comm_c, the TreeROld root)";
        }
        if (!Arrays.equals(NodeHash.hash(TreeHasher.POSEIDON, new byte[][] {commC, rootRNew}), commRNew))
        {
            return "comm_r_new is not Poseidon(comm_c, the TreeRNew root)";
        }
        final int apexBits = Integer.numberOfTrailingZeros(shape.apexLeaves());
        final List<List<byte[]>> apexTree = new ArrayList<>();
        apexTree.add(Arrays.asList(apexLeaves));
        for (int level = 0; level < apexBits; level++)
        {
            final List<byte[]> below = apexTree.getLast();
            final List<byte[]> row = new ArrayList<>();
            for (int i = 0; i < below.size(); i += 2)
            {
                row.add(NodeHash.sha256(below.get(i), below.get(i + 1)));
            }
            apexTree.add(row);
        }
        final int apexHeight = shape.challengeBits() - shape.partitionBits() - apexBits;
        final long[] nodes = UpdateChallenges.of(shape, limbs(commRNew), k);
        final long[] phi = phi(limbs(commDNew), limbs(commROld));
        for (int i = 0; i < nodes.length; i++)
        {
            final Challenge c = challenges.get(i);
            final String at = "challenge_proofs[" + i + "]";
            if (c.rOld().pathIndex() != nodes[i] || c.dNew().pathIndex() != nodes[i] || c.rNew().pathIndex()
                != nodes[i])
            {
                return at + " opens node " + c.rOld().pathIndex() + "/" + c.dNew().pathIndex() + "/"
                    + c.rNew().pathIndex() + ", but the challenge is node " + nodes[i];
            }
            if (!Arrays.equals(c.rOld().root(), rootROld) || !c.rOld().opens(TreeHasher.POSEIDON))
            {
                return at + ".proof_r_old does not lead to the TreeROld root";
            }
            if (!Arrays.equals(c.dNew().root(), commDNew) || !c.dNew().opens(TreeHasher.SHA256))
            {
                return at + ".proof_d_new does not lead to comm_d_new";
            }
            if (!Arrays.equals(c.rNew().root(), rootRNew) || !c.rNew().opens(TreeHasher.POSEIDON))
            {
                return at + ".proof_r_new does not lead to the TreeRNew root";
            }
            final long[] expected = encode(limbs(c.rOld().leaf()), limbs(c.dNew().leaf()),
                rho(phi, nodes[i] >>> shape.challengeBits() - h));
            if (!Fr.equal(expected, 0, limbs(c.rNew().leaf()), 0))
            {
                return at + ": the TreeRNew leaf is not the TreeROld leaf plus the TreeDNew leaf times rho";
            }
            final List<PathElement> path = c.dNew().path();
            for (int level = 0; level < apexBits; level++)
            {
                final byte[] sibling = path.get(apexHeight + level).hashes()[0];
                if (apexTree.get(level).stream().noneMatch(n -> Arrays.equals(n, sibling)))
                {
                    return at + ".proof_d_new's path is not through the apex leaves";
                }
            }
        }
        return null;
    }

    /**
     * @return the partition's circuit witness (storage-proofs-update's circuit {@code PrivateInputs::new}): the roots
     *         from the first challenge, the partition path from its TreeDNew path's top, each challenge's leaves and
     *         paths (TreeDNew's up to the apex leaf).
     */
    public UpdateWitness witness(final UpdateShape shape, final int k, final int h, final byte[] commROld,
        final byte[] commDNew, final byte[] commRNew)
    {
        final int apexBits = Integer.numberOfTrailingZeros(shape.apexLeaves());
        final int toApex = shape.challengeBits() - shape.partitionBits() - apexBits;
        final long[][] apex = new long[apexLeaves.length][];
        for (int i = 0; i < apex.length; i++)
        {
            apex[i] = limbs(apexLeaves[i]);
        }
        final List<PathElement> first = challenges.getFirst().dNew().path();
        final long[][] partitionPath = siblings(first.subList(shape.challengeBits() - shape.partitionBits(),
            first.size()));
        final UpdateWitness.Challenge[] cs = new UpdateWitness.Challenge[challenges.size()];
        for (int i = 0; i < cs.length; i++)
        {
            final Challenge c = challenges.get(i);
            cs[i] = new UpdateWitness.Challenge(limbs(c.rOld().leaf()), limbs(c.dNew().leaf()),
                siblings(c.rOld().path()), siblings(c.rNew().path()), siblings(c.dNew().path().subList(0, toApex)));
        }
        return new UpdateWitness(k, h, limbs(commROld), limbs(commDNew), limbs(commRNew),
            limbs(commC), limbs(challenges.getFirst().rOld().root()), limbs(challenges.getFirst()
            .rNew().root()), apex, partitionPath, cs);
    }

    /** @return {@code phi = Poseidon(comm_d_new, comm_r_old)} under the randomness domain, Fr limbs. */
    public static long[] phi(final long[] commDNew, final long[] commROld)
    {
        return hash(commDNew, commROld);
    }

    /** @return {@code rho = Poseidon(phi, high)} under the randomness domain, Fr limbs. */
    public static long[] rho(final long[] phi, final long high)
    {
        return hash(phi, Fr.of(high));
    }

    /** @return the new replica's node: {@code old + data · rho}, Fr limbs. */
    public static long[] encode(final long[] old, final long[] data, final long[] rho)
    {
        final long[] r = new long[Fr.LIMBS];
        Fr.mul(r, 0, data, 0, rho, 0);
        Fr.add(r, 0, r, 0, old, 0);
        return r;
    }

    private static long[] hash(final long[] a, final long[] b)
    {
        final long[] preimage = new long[2 * Fr.LIMBS];
        System.arraycopy(a, 0, preimage, 0, Fr.LIMBS);
        System.arraycopy(b, 0, preimage, Fr.LIMBS, Fr.LIMBS);
        return new Poseidon(UpdateGadgets.GEN_RANDOMNESS).hash(preimage);
    }

    private static long[][] siblings(final List<PathElement> path)
    {
        final long[][] levels = new long[path.size()][];
        for (int l = 0; l < levels.length; l++)
        {
            final byte[][] hashes = path.get(l).hashes();
            levels[l] = new long[hashes.length * Fr.LIMBS];
            for (int i = 0; i < hashes.length; i++)
            {
                System.arraycopy(limbs(hashes[i]), 0, levels[l], i * Fr.LIMBS, Fr.LIMBS);
            }
        }
        return levels;
    }

    /** @return a 32-byte little-endian field element (checked canonical when read) in Montgomery limbs. */
    private static long[] limbs(final byte[] element)
    {
        final long[] r = new long[Fr.LIMBS];
        if (!Fr.fromBytes(element, 0, r, 0))
        {
            throw new IllegalArgumentException("not a field element (not below r)");
        }
        return r;
    }
}
