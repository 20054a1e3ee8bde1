package io.jprove.engine.porep.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.field.Fr;

/** Poseidon replica trees: curio's arity-8 values, proofs of every form, the cache file layout. */
class ReplicaTreeTest
{
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void shouldGiveCuriosArityEightPoseidonHash()
    {
        // curio lib/proof/post_vproof_test.go TestPoseidonHashMulti
        final String[] in = {
            "f743111428ecda9b74a18826f1cc62d48ae1510de17e58645997559f86442f31",
            "197a6efa37086e3a37108f8460c52bc810e2781aff0091bfd7b74e3f6f752f02",
            "01c2c12f7930bbb59e3b36dae1c694b33ac6b3f199ec32a8665fadb8338f4f21",
            "bbe672a853f65cdb2563339ca61d6ad648473b4b4ce44bf3a48486424b865a2d",
            "937d57295f488cea8099f5525958f1af39c6241614b917835292e8e2314cf908",
            "3272570cd8ba38c1183629ca72d5e9149d76786ed22c1d591db3d2bccfa7d308",
            "2d3fc90e11aaf601bd1beae80fc3aba15a9e1f886d8140533ce36cda3dd9f936",
            "0a017e264d0728bfcd2edb3c6c60cc5a05a02af31a71cdd7bb2da27616f5f630"};
        final byte[][] children = new byte[8][];
        for (int i = 0; i < 8; i++)
        {
            children[i] = HEX.parseHex(in[i]);
        }
        assertArrayEquals(HEX.parseHex("0737ca506df7d4544f8512df35aaa07ed8a40691e96ae868c23320220fec6866"),
            NodeHash.hash(TreeHasher.POSEIDON, children));
    }

    @Test
    void shouldJoinCuriosEightTreeRLastRootsIntoThePAuxCommRLast()
    {
        // curio lib/proof/tree_r_last_comm_test.go: hexdump's 16-bit little-endian words
        final byte[] roots = words("""
            4a92 c600 5816 2932 d995 49fc 8a3f 72ec 5b36 a530 9701 95e5 df37 6c24 9fa3 1bfd
            95d7 6f8d 68f2 0977 9215 9bea de51 a35c adb0 af57 fe34 10fd 9122 dba4 ec1a 3a54
            fbfa 6411 076c 1cd0 63bf ccfa 6b26 dd46 b01a d30c 05e3 ef60 cf18 fd50 f340 732d
            b8dc b4d1 3ebd 2a67 8cd9 e529 05cd 2edc a709 f06e 8308 87a4 63e1 4efe 9f71 63e6
            46d8 37e9 fe87 146c 6ff2 ee49 0f61 4d43 1c02 d1c0 a5ad 6962 085e 4daf f65a 5733
            ae5a e9f4 7d77 313b 4dd7 20ad dd75 84d5 8c57 7993 efe7 1538 c92c fa19 d127 29c6
            6740 6828 7f4d 5ec8 0f05 db31 7599 552b 2f2a 609d 0987 eaf0 d6a2 6ac6 96fc 6be4
            b09c 331c 137f bbb4 a4f4 02ae bd96 27d9 b5db 7924 87e8 d35b 7413 e5c9 7367 2c5f""");
        final byte[] pAux = words("""
            4199 9de5 a224 58a0 5577 c58a 1afa 25ab d16b 3e2a ef88 ee51 f579 8d8b ad80 4eb9
            6bf5 7f7f 8d31 ac88 724d d9e5 fd4e e77d dff1 1b50 b098 851a fa64 b44c 3b98 4b9e""");
        final byte[][] children = new byte[8][];
        for (int i = 0; i < 8; i++)
        {
            children[i] = java.util.Arrays.copyOfRange(roots, 32 * i, 32 * i + 32);
        }
        assertArrayEquals(java.util.Arrays.copyOfRange(pAux, 32, 64), NodeHash.hash(TreeHasher.POSEIDON, children));
    }

    @Test
    void shouldOpenEveryLeafOfSingleSubAndTopTrees()
    {
        final SplittableRandom rng = new SplittableRandom(11);
        for (final TreeShape shape : List.of(TreeShape.forLeaves(TreeHasher.POSEIDON, 64, 8, 0, 0),
            TreeShape.forLeaves(TreeHasher.POSEIDON, 128, 8, 2, 0), TreeShape.forLeaves(TreeHasher.POSEIDON, 128, 8,
                8, 2)))
        {
            final long[] leaves = new long[(int)shape.leaves() * Fr.LIMBS];
            for (int i = 0; i < shape.leaves(); i++)
            {
                System.arraycopy(Fr.random(rng), 0, leaves, i * Fr.LIMBS, Fr.LIMBS);
            }
            final ReplicaTree tree = ReplicaTree.build(shape, leaves.clone());
            final io.jprove.engine.gadgets.merkle.SparseMerkleTree reference =
                new io.jprove.engine.gadgets.merkle.SparseMerkleTree(shape, () -> null);
            for (int i = 0; i < shape.leaves(); i++)
            {
                reference.setLeaf(i, java.util.Arrays.copyOfRange(leaves, i * Fr.LIMBS, (i + 1) * Fr.LIMBS));
            }
            assertArrayEquals(NodeHash.toBytes(reference.root(), 0), tree.root(), shape.toString());
            for (long leaf = 0; leaf < shape.leaves(); leaf++)
            {
                final MerkleProof proof = tree.proof(leaf);
                assertEquals(MerkleProof.Form.of(shape), proof.form());
                assertTrue(proof.opens(TreeHasher.POSEIDON));
                assertEquals(leaf, proof.pathIndex());
            }
        }
    }

    @Test
    void shouldWriteOneFilePerBaseTreeLeavesFirst(@TempDir final Path dir) throws Exception
    {
        final TreeShape shape = TreeShape.forLeaves(TreeHasher.POSEIDON, 128, 8, 2, 0);
        final long[] leaves = new long[128 * Fr.LIMBS];
        for (int i = 0; i < 128; i++)
        {
            System.arraycopy(Fr.of(i + 1), 0, leaves, i * Fr.LIMBS, Fr.LIMBS);
        }
        final ReplicaTree tree = ReplicaTree.build(shape, leaves);
        final List<Path> files = tree.write(dir, "sc-02-data-tree-r-last");
        assertEquals(2, files.size());
        assertEquals("sc-02-data-tree-r-last-1.dat", files.get(1).getFileName().toString());
        final byte[] second = Files.readAllBytes(files.get(1));
        assertEquals((64 + 8 + 1) * 32, second.length);
        assertArrayEquals(tree.node(0, 64), java.util.Arrays.copyOfRange(second, 0, 32));
        assertArrayEquals(tree.node(2, 1), java.util.Arrays.copyOfRange(second, 72 * 32, 73 * 32));
    }

    private static byte[] words(final String dump)
    {
        final String[] tokens = dump.trim().split("\\s+");
        final byte[] out = new byte[tokens.length * 2];
        for (int i = 0; i < tokens.length; i++)
        {
            final int v = Integer.parseInt(tokens[i], 16);
            out[2 * i] = (byte)v;
            out[2 * i + 1] = (byte)(v >>> 8);
        }
        return out;
    }
}
