package io.jprove.engine.porep.seal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.tree.DataTree;
import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.engine.porep.tree.ReplicaTree;
import io.jprove.engine.porep.vanilla.SectorOpenings;

/**
 * A sector sealed whole, in memory: the padded data and tree D, every layer's labels and tree C over their
 * columns, the replica (data plus the last layer's labels, in Fr) and tree R_last, and the commitments. It opens any
 * challenge and writes itself out as rust-fil-proofs' sealed file and cache directory do.
 *
 * @param proof     the seal proof
 * @param replicaId the replica id
 * @param data      the padded sector data (tree D's leaves)
 * @param layers    each layer's labels, nodes × 32 bytes, layer 1 first
 * @param replica   the sealed replica, nodes × 32 bytes
 * @param treeD     tree D
 * @param treeC     tree C
 * @param treeRLast tree R_last
 */
public record SealedSector(RegisteredSealProof proof, byte[] replicaId, byte[] data, byte[][] layers, byte[] replica,
    DataTree treeD, ReplicaTree treeC, ReplicaTree treeRLast) implements SectorOpenings
{
    /** @return comm_d. */
    public byte[] commD()
    {
        return treeD.root();
    }

    /** @return comm_c. */
    public byte[] commC()
    {
        return treeC.root();
    }

    /** @return comm_r_last. */
    public byte[] commRLast()
    {
        return treeRLast.root();
    }

    /** @return comm_r = Poseidon(comm_c, comm_r_last). */
    public byte[] commR()
    {
        return NodeHash.hash(TreeHasher.POSEIDON, new byte[][] {commC(), commRLast()});
    }

    @Override
    public MerkleProof dataProof(final long node)
    {
        return treeD.proof(node);
    }

    @Override
    public MerkleProof replicaProof(final long node)
    {
        return treeRLast.proof(node);
    }

    @Override
    public MerkleProof columnProof(final long node)
    {
        return treeC.proof(node);
    }

    @Override
    public byte[][] column(final long node)
    {
        final byte[][] rows = new byte[layers.length][];
        final int at = Math.toIntExact(node * NodeHash.NODE_BYTES);
        for (int l = 0; l < layers.length; l++)
        {
            rows[l] = java.util.Arrays.copyOfRange(layers[l], at, at + NodeHash.NODE_BYTES);
        }
        return rows;
    }

    /**
     * Writes the replica as {@code sealed}, the padded data as {@code unsealed}, and under {@code cache/} the files
     * rust-fil-proofs names: {@code sc-02-data-tree-d.dat}, {@code sc-02-data-tree-c[-i].dat},
     * {@code sc-02-data-tree-r-last[-i].dat} (whole trees: rust-fil-proofs keeps fewer rows of tree R_last),
     * {@code sc-02-data-layer-N.dat} and {@code p_aux} (comm_c ‖ comm_r_last).
     *
     * @return the files written
     */
    public List<Path> write(final Path dir) throws IOException
    {
        final Path cache = Files.createDirectories(dir.resolve("cache"));
        final List<Path> files = new ArrayList<>();
        files.add(Files.write(dir.resolve("sealed"), replica));
        files.add(Files.write(dir.resolve("unsealed"), data));
        final Path treeDFile = cache.resolve("sc-02-data-tree-d.dat");
        treeD.write(treeDFile);
        files.add(treeDFile);
        files.addAll(treeC.write(cache, "sc-02-data-tree-c"));
        files.addAll(treeRLast.write(cache, "sc-02-data-tree-r-last"));
        for (int l = 0; l < layers.length; l++)
        {
            files.add(Files.write(cache.resolve("sc-02-data-layer-" + (l + 1) + ".dat"), layers[l]));
        }
        final Path pAux = cache.resolve("p_aux");
        try (OutputStream out = Files.newOutputStream(pAux))
        {
            out.write(commC());
            out.write(commRLast());
        }
        files.add(pAux);
        return files;
    }
}
