package io.jprove.engine.update;

import java.util.ArrayList;
import java.util.List;

import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.porep.seal.SealedSector;
import io.jprove.engine.porep.tree.DataTree;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.engine.porep.tree.ReplicaTree;
import io.jprove.field.Fr;

/**
 * A sector update and its vanilla proofs, as storage-proofs-update's {@code EmptySectorUpdate::encode_into} and
 * {@code prove_all_partitions} make them for a sealed sector and new data: TreeDNew over the new data (comm_d_new);
 * each replica node {@code old + data · rho}, rho picked by the node index's {@code h} high bits ({@code phi =
 * Poseidon(comm_d_new, comm_r_old)}); TreeRNew over them; comm_r_new = Poseidon(comm_c, its root); then per partition
 * its apex leaves (TreeDNew's row the partition's apex tree starts from) and the three openings of each challenged
 * node.
 */
public final class UpdateVanillaProver
{
    /**
     * An updated sector's commitments and its partitions' vanilla proofs.
     *
     * @param commROld   the sealed sector's comm_r, 32 bytes
     * @param commDNew   comm_d_new, 32 bytes
     * @param commRNew   comm_r_new, 32 bytes
     * @param partitions the partitions' vanilla proofs, partition 0 first
     */
    public record Update(byte[] commROld, byte[] commDNew, byte[] commRNew, List<UpdateVanillaProof> partitions)
    {
    }

    private UpdateVanillaProver()
    {
    }

    /**
     * @param shape   the update's shape (its sector size)
     * @param sector  the sealed sector (its replica, TreeRLast and comm_c)
     * @param newData the new data, padded, a node below 2^254 each
     * @param h       the high bits that pick rho (one of {@code shape.hs()})
     * @return the update
     */
    public static Update prove(final UpdateShape shape, final SealedSector sector, final byte[] newData, final int h)
    {
        final long nodes = shape.sectorNodes();
        if (sector.replica().length != nodes * 32 || newData.length != nodes * 32)
        {
            throw new IllegalArgumentException(shape.name() + " updates " + nodes * 32 + "-byte sectors, got a "
                + sector.replica().length + "-byte replica and " + newData.length + " bytes of data");
        }
        final DataTree treeD = DataTree.build(newData);
        final byte[] commROld = sector.commR();
        final long[] phi = UpdateVanillaProof.phi(limbs(treeD.root(), 0), limbs(commROld, 0));
        final long[] replica = new long[Math.toIntExact(nodes) * Fr.LIMBS];
        final int shift = shape.challengeBits() - h;
        final long[][] rhos = new long[1 << h][];
        for (int i = 0; i < nodes; i++)
        {
            final int high = i >>> shift;
            if (rhos[high] == null)
            {
                rhos[high] = UpdateVanillaProof.rho(phi, high);
            }
            System.arraycopy(UpdateVanillaProof.encode(limbs(sector.replica(), 32 * i), limbs(newData, 32 * i),
                rhos[high]), 0, replica, i * Fr.LIMBS, Fr.LIMBS);
        }
        final ReplicaTree treeR = ReplicaTree.build(shape.replicaTree(), replica);
        final byte[] commRNew = NodeHash.hash(TreeHasher.POSEIDON, new byte[][] {sector.commC(), treeR.root()});
        final int apexBits = Integer.numberOfTrailingZeros(shape.apexLeaves());
        final int apexHeight = shape.challengeBits() - shape.partitionBits() - apexBits;
        final List<UpdateVanillaProof> partitions = new ArrayList<>();
        for (int k = 0; k < shape.partitions(); k++)
        {
            final byte[][] apex = new byte[shape.apexLeaves()][];
            for (int i = 0; i < apex.length; i++)
            {
                apex[i] = treeD.node(apexHeight, (long)k * apex.length + i);
            }
            final List<UpdateVanillaProof.Challenge> challenges = new ArrayList<>();
            for (final long c : UpdateChallenges.of(shape, limbs(commRNew, 0), k))
            {
                challenges.add(new UpdateVanillaProof.Challenge(sector.replicaProof(c), treeD.proof(c),
                    treeR.proof(c)));
            }
            partitions.add(new UpdateVanillaProof(sector.commC(), apex, List.copyOf(challenges)));
        }
        return new Update(commROld, treeD.root(), commRNew, List.copyOf(partitions));
    }

    private static long[] limbs(final byte[] bytes, final int offset)
    {
        final long[] r = new long[Fr.LIMBS];
        if (!Fr.fromBytes(bytes, offset, r, 0))
        {
            throw new IllegalArgumentException("node at byte " + offset + " is not a field element");
        }
        return r;
    }
}
