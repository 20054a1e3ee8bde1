package io.jprove.engine.porep;

import java.util.LinkedHashMap;
import java.util.Map;

import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;

/**
 * The shape of one PoRep partition circuit: what rust-fil-proofs' {@code StackedCircuit} is generic over and what
 * filecoin-proofs' constants choose per sector size.
 *
 * @param name        the preset's name
 * @param nodes       32-byte nodes in the sector
 * @param layers      SDR layers; also the column length, hence the Poseidon arity of the column hash
 * @param challenges  challenges per partition
 * @param dataTree    the tree of comm_d: binary SHA-256 over all nodes
 * @param replicaTree the shape of the comm_c and comm_r_last trees: Poseidon, e.g. "8-8-0"
 */
public record SectorShape(String name, long nodes, int layers, int challenges, TreeShape dataTree,
    TreeShape replicaTree)
{
    /** Validates the shape. */
    public SectorShape
    {
        if (dataTree.hasher() != TreeHasher.SHA256 || dataTree.leaves() != nodes || dataTree.baseArity() != 2)
        {
            throw new IllegalArgumentException("the data tree must be binary SHA-256 over " + nodes + " nodes, got "
                + dataTree);
        }
        if (replicaTree.hasher() != TreeHasher.POSEIDON || replicaTree.leaves() != nodes)
        {
            throw new IllegalArgumentException("the replica tree must be Poseidon over " + nodes + " nodes, got "
                + replicaTree);
        }
        PoseidonParameters.forArity(layers);
        if (challenges < 1 || challenges >= nodes)
        {
            throw new IllegalArgumentException("challenges per partition must be in [1, nodes), got " + challenges
                + " for " + nodes + " nodes");
        }
    }

    /**
     * A shape from the sector's parameters.
     *
     * @param sectorBytes the sector size in bytes (32 per node)
     * @param subArity    0, or the sub-tree arity of the replica trees
     * @param topArity    0, or their top-tree arity
     */
    public static SectorShape of(final String name, final long sectorBytes, final int layers, final int challenges,
        final int subArity, final int topArity)
    {
        return of(name, sectorBytes, layers, challenges, 8, subArity, topArity);
    }

    /**
     * A shape from the sector's parameters, with any base arity of the replica trees.
     *
     * @param sectorBytes the sector size in bytes (32 per node)
     * @param baseArity   the base arity of the replica trees (8 for every Filecoin sector size)
     * @param subArity    0, or the sub-tree arity of the replica trees
     * @param topArity    0, or their top-tree arity
     */
    public static SectorShape of(final String name, final long sectorBytes, final int layers, final int challenges,
        final int baseArity, final int subArity, final int topArity)
    {
        final long nodes = sectorBytes / SdrLabel.NODE_BYTES;
        return new SectorShape(name, nodes, layers, challenges,
            TreeShape.forLeaves(TreeHasher.SHA256, nodes, 2, 0, 0),
            TreeShape.forLeaves(TreeHasher.POSEIDON, nodes, baseArity, subArity, topArity));
    }

    /**
     * The shapes rust-fil-proofs' {@code stacked_circuit.rs} tests (and Filecoin's reference dumps) use: 2 layers, one
     * challenge, {@code 8·(sub)·(top)} nodes with replica trees {@code base-sub-top}.
     *
     * @param name e.g. {@code porep_test_top_8_4_2}
     */
    public static SectorShape testShape(final String name, final int baseArity, final int subArity, final int topArity)
    {
        final long nodes = 8L * Math.max(1, subArity) * Math.max(1, topArity);
        return of(name, nodes * SdrLabel.NODE_BYTES, 2, 1, baseArity, subArity, topArity);
    }

    /**
     * The presets: {@code tiny} (not a Filecoin size: jprove's small test shape, 16 nodes, replica trees 8-2-0, 2
     * layers, one challenge — about 1.25 million constraints, most of them its two labels), then every Filecoin sector
     * size, as its registered seal proofs fix it ({@link RegisteredSealProof#shape()}; every API version and feature
     * of a size has the same partition circuit): 2 KiB, 8 MiB and 512 MiB (2 layers, 2 challenges per partition,
     * 8-0-0), 32 GiB (11 layers, 18 challenges per partition, 8-8-0) and 64 GiB (the same, 8-8-2).
     */
    public static Map<String, SectorShape> presets()
    {
        final Map<String, SectorShape> m = new LinkedHashMap<>();
        m.put("tiny", of("tiny", 16L * SdrLabel.NODE_BYTES, 2, 1, 2, 0));
        for (final RegisteredSealProof p : new RegisteredSealProof[] {RegisteredSealProof.StackedDrg2KiBV1_1,
            RegisteredSealProof.StackedDrg8MiBV1_1, RegisteredSealProof.StackedDrg512MiBV1_1,
            RegisteredSealProof.StackedDrg32GiBV1_1, RegisteredSealProof.StackedDrg64GiBV1_1})
        {
            m.put(p.sizeName(), p.shape());
        }
        return m;
    }

    /**
     * @return the preset of that name
     * @throws IllegalArgumentException naming the presets when there is none.
     */
    public static SectorShape preset(final String name)
    {
        final SectorShape s = presets().get(name);
        if (s == null)
        {
            throw new IllegalArgumentException("no preset '" + name + "'; presets: " + presets().keySet());
        }
        return s;
    }

    @Override
    public String toString()
    {
        return name + ": " + nodes + " nodes, " + layers + " layers, " + challenges + " challenges per partition, "
            + "data tree depth " + dataTree.levels() + ", replica trees " + replicaTree.baseArity() + "-"
            + replicaTree.subArity() + "-" + replicaTree.topArity();
    }
}
