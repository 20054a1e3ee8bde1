package io.jprove.engine.post;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import io.jprove.engine.gadgets.merkle.MerklePath;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.PathElement;
import io.jprove.engine.porep.tree.ProofBincode;
import io.jprove.field.Fr;

/**
 * One sector's fallback PoSt vanilla proof, as rust-fil-proofs serializes a {@code FallbackPoStSectorProof} with
 * bincode (what filecoin-proofs-api's {@code generate_single_vanilla_proof} returns and curio stores): the sector id
 * (u64), comm_r (32 bytes), then {@code Proof { sectors }} (a u64 count, here 1) of a {@code SectorProof}: its
 * inclusion proofs (a u64 count; each a {@code MerkleProof}: a u32 variant 0 Single, 1 Sub, 2 Top, then the paths,
 * root and leaf in the variant's field order; a path is a u64 count of elements, each a u64 count of 32-byte hashes
 * and a u64 index), comm_c and comm_r_last. Integers little-endian, field elements as their 32-byte little-endian
 * representation.
 *
 * @param sectorId  the sector number
 * @param commR     comm_r, 32 bytes
 * @param commC     comm_c, 32 bytes
 * @param commRLast comm_r_last, 32 bytes
 * @param openings  the challenged leaves' inclusion proofs in comm_r_last's tree, in challenge order
 */
public record PostVanillaProof(long sectorId, byte[] commR, byte[] commC, byte[] commRLast, List<MerkleProof> openings)
{
    /**
     * @param bytes the serialized proof
     * @param tree  the sector's replica tree (its shape fixes each proof's variant and path lengths)
     * @return the proof
     * @throws IllegalArgumentException naming the byte offset and the field when the bytes are not such a proof.
     */
    public static PostVanillaProof read(final byte[] bytes, final TreeShape tree)
    {
        try
        {
            return parse(bytes, tree);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException("PoSt vanilla proof, " + e.getMessage(), e);
        }
    }

    private static PostVanillaProof parse(final byte[] bytes, final TreeShape tree)
    {
        final ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        final long sectorId = ProofBincode.u64(in, "sector_id");
        final byte[] commR = ProofBincode.domain(in, "comm_r");
        final long sectors = ProofBincode.u64(in, "vanilla_proof.sectors length");
        if (sectors != 1)
        {
            throw ProofBincode.malformed(in, "vanilla_proof.sectors has " + sectors + " entries, one expected");
        }
        final long count = ProofBincode.u64(in, "inclusion_proofs length");
        if (count < 1 || count > bytes.length)
        {
            throw ProofBincode.malformed(in, "inclusion_proofs length " + count + " is impossible");
        }
        final List<MerkleProof> openings = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            openings.add(ProofBincode.merkleProof(in, tree, "inclusion_proofs[" + i + "]"));
        }
        final byte[] commC = ProofBincode.domain(in, "comm_c");
        final byte[] commRLast = ProofBincode.domain(in, "comm_r_last");
        if (in.hasRemaining())
        {
            throw ProofBincode.malformed(in, in.remaining() + " bytes after the proof");
        }
        return new PostVanillaProof(sectorId, commR, commC, commRLast, List.copyOf(openings));
    }

    /** @return the challenged leaves, in challenge order. */
    public long[] challengedLeaves()
    {
        final long[] leaves = new long[openings.size()];
        for (int i = 0; i < leaves.length; i++)
        {
            leaves[i] = openings.get(i).pathIndex();
        }
        return leaves;
    }

    /**
     * The vanilla verifier's checks (storage-proofs-post {@code verify_all_partitions}, bar the challenge derivation):
     * comm_r = Poseidon(comm_c, comm_r_last), and every opening's path leads from its leaf to comm_r_last.
     *
     * @return whether they hold
     */
    public boolean verifies()
    {
        return problem() == null;
    }

    /**
     * The vanilla verifier's checks, as {@link #verifies()} makes them, saying which one fails.
     *
     * @return null when they hold, else the first that fails in words, naming the field as {@link #read} does
     */
    public String problem()
    {
        final long[] children = new long[2 * Fr.LIMBS];
        final long[] node = new long[Fr.LIMBS];
        System.arraycopy(limbs(commC), 0, children, 0, Fr.LIMBS);
        System.arraycopy(limbs(commRLast), 0, children, Fr.LIMBS, Fr.LIMBS);
        TreeHasher.POSEIDON.hash(children, 2, node, 0);
        if (!Fr.equal(node, 0, limbs(commR), 0))
        {
            return "comm_r is not Poseidon(comm_c, comm_r_last)";
        }
        for (int i = 0; i < openings.size(); i++)
        {
            final MerkleProof p = openings.get(i);
            if (!Arrays.equals(p.root(), commRLast))
            {
                return "inclusion_proofs[" + i + "].root is not comm_r_last";
            }
            if (!p.opens(TreeHasher.POSEIDON))
            {
                return "inclusion_proofs[" + i + "] (leaf " + p.pathIndex() + ") does not lead from its leaf to "
                    + "comm_r_last";
            }
        }
        return null;
    }

    /**
     * @return the proof serialized as {@link #read} reads it (bincode of a {@code FallbackPoStSectorProof} of one
     *         sector), what filecoin-proofs' {@code generate_single_vanilla_proof} hands out
     */
    public byte[] bytes()
    {
        int size = 8 + 32 + 8 + 8 + 32 + 32;
        for (final MerkleProof p : openings)
        {
            size += ProofBincode.size(p);
        }
        final ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        out.putLong(sectorId).put(commR).putLong(1).putLong(openings.size());
        for (final MerkleProof p : openings)
        {
            ProofBincode.put(out, p);
        }
        out.put(commC).put(commRLast);
        if (out.hasRemaining())
        {
            throw new IllegalStateException("a PoSt vanilla proof of " + size + " bytes filled " + out.position());
        }
        return out.array();
    }

    /** @return the sector as a WindowPoSt circuit takes it: every opening, as field elements. */
    public PostSector toSector(final TreeShape tree)
    {
        return toSectors(tree, openings.size())[0];
    }

    /**
     * The proof as a circuit's sectors of {@code perSector} openings each, in order: a WindowPoSt partition takes all
     * of a sector's openings as one sector; WinningPoSt's circuit takes each of its challenges as a "sector" of one
     * (filecoin-proofs' {@code partition_vanilla_proofs}), comm_r, comm_c and comm_r_last repeated.
     *
     * @throws IllegalArgumentException when the openings do not divide into such sectors.
     */
    public PostSector[] toSectors(final TreeShape tree, final int perSector)
    {
        if (perSector < 1 || openings.size() % perSector != 0)
        {
            throw new IllegalArgumentException(openings.size() + " openings do not make sectors of " + perSector);
        }
        final PostSector[] sectors = new PostSector[openings.size() / perSector];
        for (int s = 0; s < sectors.length; s++)
        {
            final long[][] leaves = new long[perSector][];
            final MerklePath[] paths = new MerklePath[perSector];
            for (int i = 0; i < perSector; i++)
            {
                final MerkleProof p = openings.get(s * perSector + i);
                leaves[i] = limbs(p.leaf());
                paths[i] = path(tree, p);
            }
            sectors[s] = new PostSector(limbs(commR), limbs(commC), limbs(commRLast), leaves, paths);
        }
        return sectors;
    }

    private static MerklePath path(final TreeShape tree, final MerkleProof p)
    {
        final List<PathElement> levels = p.path();
        final long[][] siblings = new long[levels.size()][];
        for (int l = 0; l < siblings.length; l++)
        {
            final byte[][] hashes = levels.get(l).hashes();
            siblings[l] = new long[hashes.length * Fr.LIMBS];
            for (int h = 0; h < hashes.length; h++)
            {
                System.arraycopy(limbs(hashes[h]), 0, siblings[l], h * Fr.LIMBS, Fr.LIMBS);
            }
        }
        return new MerklePath(tree, p.pathIndex(), siblings);
    }

    /** @return a 32-byte little-endian field element in Montgomery limbs. */
    public static long[] limbs(final byte[] element)
    {
        final long[] r = new long[Fr.LIMBS];
        if (!Fr.fromBytes(element, 0, r, 0))
        {
            throw new IllegalArgumentException("not a field element (not below r): " + HexFormat.of()
                .formatHex(element));
        }
        return r;
    }
}
