package io.jprove.engine.porep.seal;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;

import io.jprove.engine.gadgets.merkle.SparseMerkleTree;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.SdrLabel;
import io.jprove.engine.porep.sdr.PorepChallenges;
import io.jprove.engine.porep.sdr.ReplicaId;
import io.jprove.engine.porep.sdr.StackedGraph;
import io.jprove.engine.porep.tree.DataTree;
import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.engine.porep.vanilla.SectorOpenings;
import io.jprove.field.Fr;

/**
 * A consistent sparse sector: what a sealed sector of any size shows its challenges, without the sector. Its data is
 * all zeros, so tree D is the real zero tree (comm_d is the published zero commitment of the size). Only the columns
 * of the challenged nodes and of their 14 parents exist: a parent's labels are arbitrary, a challenged node's are
 * computed from its parents' with the real label function, layer by layer (a parent that is itself challenged
 * gives its computed labels). Trees C and R_last are sparse ({@link SparseMerkleTree}): the paths of those nodes are
 * real hashes, every subtree no challenge reaches is an arbitrary digest. The replica node of a challenge is its key
 * (the data is zero). A vanilla verifier that sees only the C1 output accepts it.
 * <p>
 * The challenges must be known before the trees, so this serves interactive PoRep (V1, V1_1), whose challenges
 * depend on the replica id and seed only; synthetic and non-interactive PoRep derive theirs from comm_r.
 */
public final class SparseSector implements SectorOpenings
{
    private final int depth;
    private final Map<Long, byte[][]> columns;
    private final SparseMerkleTree treeC;
    private final SparseMerkleTree treeRLast;
    private final byte[] replicaId;

    private SparseSector(final int depth, final Map<Long, byte[][]> columns, final SparseMerkleTree treeC,
        final SparseMerkleTree treeRLast, final byte[] replicaId)
    {
        this.depth = depth;
        this.columns = columns;
        this.treeC = treeC;
        this.treeRLast = treeRLast;
        this.replicaId = replicaId;
    }

    /**
     * @param proof    an interactive seal proof (V1 or V1_1) of any size
     * @param proverId 32 bytes
     * @param sectorId the sector number
     * @param ticket   32 bytes
     * @param seed     the interactive randomness, 32 bytes
     * @param random   the arbitrary labels and digests
     * @return the sparse sector
     */
    public static SparseSector make(final RegisteredSealProof proof, final byte[] proverId, final long sectorId,
        final byte[] ticket, final byte[] seed, final SplittableRandom random)
    {
        if (proof.feature() != RegisteredSealProof.Feature.NONE)
        {
            throw new IllegalArgumentException(proof + " derives its challenges from comm_r, so a sparse sector "
                + "(whose trees follow from its challenges) cannot be made for it; use V1 or V1_1");
        }
        final int depth = DataTree.depthOf(proof.sectorBytes());
        final byte[] replicaId = ReplicaId.of(proverId, sectorId, ticket, DataTree.zeroRoot(proof.sectorBytes()),
            proof.porepId());
        final TreeSet<Long> challenges = new TreeSet<>();
        for (int k = 0; k < proof.partitions(); k++)
        {
            for (final long c : PorepChallenges.of(proof, replicaId, new byte[NodeHash.NODE_BYTES], seed, k))
            {
                challenges.add(c);
            }
        }
        final StackedGraph graph = StackedGraph.of(proof);
        final int layers = proof.layers();
        final Map<Long, int[]> parents = new HashMap<>();
        final TreeSet<Long> opened = new TreeSet<>(challenges);
        for (final long c : challenges)
        {
            final int[] p = new int[StackedGraph.DEGREE];
            graph.parents(c, p);
            parents.put(c, p);
            for (final int parent : p)
            {
                opened.add(Integer.toUnsignedLong(parent));
            }
        }
        final Map<Long, byte[][]> columns = new HashMap<>();
        for (final long node : opened)
        {
            final byte[][] rows = new byte[layers][];
            if (!challenges.contains(node))
            {
                for (int l = 0; l < layers; l++)
                {
                    rows[l] = label(random);
                }
            }
            columns.put(node, rows);
        }
        // layer by layer, challenges in increasing order: a DRG parent (a lower node, this layer) or an expander
        // parent (previous layer) that is itself challenged has its label by then
        for (int layer = 1; layer <= layers; layer++)
        {
            for (final long c : challenges)
            {
                final int[] p = parents.get(c);
                final int count = layer == 1 ? SdrLabel.BASE_DEGREE : StackedGraph.DEGREE;
                final byte[][] parentLabels = new byte[count][];
                for (int j = 0; j < count; j++)
                {
                    final byte[][] rows = columns.get(Integer.toUnsignedLong(p[j]));
                    parentLabels[j] = rows[j < SdrLabel.BASE_DEGREE ? layer - 1 : layer - 2];
                }
                columns.get(c)[layer - 1] = SdrLabel.label(replicaId, layer, c, parentLabels);
            }
        }
        final TreeShape shape = proof.shape().replicaTree();
        final SparseMerkleTree treeC = new SparseMerkleTree(shape, () -> Fr.random(random));
        final long[] column = new long[layers * Fr.LIMBS];
        for (final long node : opened)
        {
            final byte[][] rows = columns.get(node);
            for (int l = 0; l < layers; l++)
            {
                NodeHash.toLimbs(rows[l], column, l * Fr.LIMBS);
            }
            final long[] hash = new long[Fr.LIMBS];
            NodeHash.poseidon(layers).hash(hash, 0, column, 0);
            treeC.setLeaf(node, hash);
        }
        final SparseMerkleTree treeRLast = new SparseMerkleTree(shape, () -> Fr.random(random));
        for (final long c : challenges)
        {
            // the replica node is key + data, and the data is zero
            final long[] key = new long[Fr.LIMBS];
            NodeHash.toLimbs(columns.get(c)[layers - 1], key, 0);
            treeRLast.setLeaf(c, key);
        }
        treeC.root();
        treeRLast.root();
        return new SparseSector(depth, columns, treeC, treeRLast, replicaId);
    }

    /** @return the replica id. */
    public byte[] replicaId()
    {
        return replicaId.clone();
    }

    /** @return comm_d: the zero tree's root. */
    public byte[] commD()
    {
        return DataTree.zeroNodes(depth)[depth];
    }

    /** @return comm_c. */
    public byte[] commC()
    {
        return NodeHash.toBytes(treeC.root(), 0);
    }

    /** @return comm_r_last. */
    public byte[] commRLast()
    {
        return NodeHash.toBytes(treeRLast.root(), 0);
    }

    /** @return comm_r = Poseidon(comm_c, comm_r_last). */
    public byte[] commR()
    {
        return NodeHash.hash(TreeHasher.POSEIDON, new byte[][] {commC(), commRLast()});
    }

    /** @return the number of columns that exist (challenges and their parents). */
    public int columnCount()
    {
        return columns.size();
    }

    @Override
    public MerkleProof dataProof(final long node)
    {
        return DataTree.zeroProof(depth, node);
    }

    @Override
    public MerkleProof replicaProof(final long node)
    {
        return proof(treeRLast, node);
    }

    @Override
    public MerkleProof columnProof(final long node)
    {
        return proof(treeC, node);
    }

    @Override
    public byte[][] column(final long node)
    {
        final byte[][] rows = columns.get(node);
        if (rows == null)
        {
            throw new IllegalArgumentException("node " + node + " is neither challenged nor a challenge's parent");
        }
        return rows.clone();
    }

    private static MerkleProof proof(final SparseMerkleTree tree, final long node)
    {
        return MerkleProof.ofSparse(tree, node);
    }

    private static byte[] label(final SplittableRandom random)
    {
        final byte[] label = new byte[NodeHash.NODE_BYTES];
        random.nextBytes(label);
        label[NodeHash.NODE_BYTES - 1] &= 0x3f;
        return label;
    }
}
