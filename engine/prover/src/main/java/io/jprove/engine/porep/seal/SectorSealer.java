package io.jprove.engine.porep.seal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.ValueLayout;
import java.util.stream.IntStream;

import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.sdr.ReplicaId;
import io.jprove.engine.porep.sdr.SdrLabeler;
import io.jprove.engine.porep.sdr.StackedGraph;
import io.jprove.engine.porep.tree.DataTree;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.engine.porep.tree.ReplicaTree;
import io.jprove.field.Fr;

/**
 * Seals a sector whole, as rust-fil-proofs' pre-commit phases do: tree D over the padded data gives comm_d; the
 * replica id follows from the prover, sector, ticket, comm_d and porep id; the SDR labeller labels every layer; tree
 * C is built over the columns' Poseidon hashes (arity = layers); the replica is each data node plus the last layer's
 * label in Fr, and tree R_last is built over it. Everything is held in memory (a 512 MiB sector needs about 4 GiB),
 * so this is for test sectors up to 512 MiB; larger ones are made sparse ({@link SparseSector}).
 */
public final class SectorSealer
{
    private static final int CHUNK = 1 << 10;

    private SectorSealer()
    {
    }

    /**
     * @param proof    the seal proof
     * @param data     the padded sector, {@code proof.sectorBytes()} bytes, each node below 2^254 (kept)
     * @param proverId 32 bytes
     * @param sectorId the sector number
     * @param ticket   32 bytes
     * @return the sealed sector
     */
    public static SealedSector seal(final RegisteredSealProof proof, final byte[] data, final byte[] proverId,
        final long sectorId, final byte[] ticket)
    {
        if (data.length != proof.sectorBytes())
        {
            throw new IllegalArgumentException(proof + " seals " + proof.sectorBytes() + " bytes, got "
                + data.length);
        }
        final DataTree treeD = DataTree.build(data);
        final byte[] replicaId = ReplicaId.of(proverId, sectorId, ticket, treeD.root(), proof.porepId());
        final int layerCount = proof.layers();
        final byte[][] layers = new byte[layerCount][];
        try
        {
            // the labeller reuses its memory two layers on: each layer is copied out as it is finished
            SdrLabeler.labelLayers(replicaId, StackedGraph.of(proof), layerCount, (layer, labels) ->
                layers[layer - 1] = labels.toArray(ValueLayout.JAVA_BYTE));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        final int nodes = Math.toIntExact(proof.nodes());
        final long[] columns = new long[nodes * Fr.LIMBS];
        final long[] replicaLimbs = new long[nodes * Fr.LIMBS];
        IntStream.range(0, (nodes + CHUNK - 1) / CHUNK).parallel().forEach(chunk ->
        {
            final Poseidon columnHash = NodeHash.poseidon(layerCount);
            final long[] column = new long[layerCount * Fr.LIMBS];
            final long[] node = new long[Fr.LIMBS];
            for (int i = chunk * CHUNK; i < Math.min(nodes, (chunk + 1) * CHUNK); i++)
            {
                for (int l = 0; l < layerCount; l++)
                {
                    read(layers[l], i, column, l * Fr.LIMBS);
                }
                columnHash.hash(columns, i * Fr.LIMBS, column, 0);
                read(data, i, node, 0);
                Fr.add(replicaLimbs, i * Fr.LIMBS, node, 0, column, (layerCount - 1) * Fr.LIMBS);
            }
        });
        final byte[] replica = new byte[data.length];
        IntStream.range(0, nodes).parallel().forEach(i -> Fr.toBytes(replicaLimbs, i * Fr.LIMBS, replica,
            i * NodeHash.NODE_BYTES));
        final var shape = proof.shape().replicaTree();
        return new SealedSector(proof, replicaId, data, layers, replica, treeD, ReplicaTree.build(shape, columns),
            ReplicaTree.build(shape, replicaLimbs));
    }

    private static void read(final byte[] nodes, final int index, final long[] limbs, final int offset)
    {
        if (!Fr.fromBytes(nodes, index * NodeHash.NODE_BYTES, limbs, offset))
        {
            throw new IllegalArgumentException("node " + index + " is not below the field modulus: not fr32 data");
        }
    }
}
