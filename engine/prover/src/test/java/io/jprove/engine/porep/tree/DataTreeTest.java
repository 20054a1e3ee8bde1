package io.jprove.engine.porep.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.engine.gadgets.merkle.TreeHasher;

/** Tree D against curio's tree-D tests (treed_build_test.go): comm_d CIDs and the dumped levels. */
class DataTreeTest
{
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void shouldGiveCuriosCommDOfA2KiBSectorWithDataZeroOne()
    {
        final byte[] sector = new byte[2048];
        sector[0] = 1;
        final DataTree tree = DataTree.build(sector);
        assertEquals("baga6ea4seaqovgk4kr4eoifujh6jfmdqvw3m6zrvyjqzu6s6abkketui6jjoydi",
            CommitmentCid.UNSEALED.encode(tree.root()));
        // TestHashChunk2L: the first nodes of the first two levels
        assertArrayEquals(HEX.parseHex("16abab341fb7f370e27e4dadcf81766dd0dfd0ae64469477bb2cf6614938b22f"),
            tree.node(1, 0));
        assertArrayEquals(HEX.parseHex("0dd6dae41c2f75550129594fb644e4a842cfafb316a2d59321e388fe84a1ec2f"),
            tree.node(2, 0));
    }

    @Test
    void shouldGiveCuriosCommDOfAn8MiBSectorPaddedOrUnpadded()
    {
        final byte[] sector = new byte[8 << 20];
        sector[0] = 1;
        final byte[] unpadded = new byte[(int)Fr32Padding.unpaddedSize(8 << 20)];
        unpadded[0] = 1;
        assertArrayEquals(sector, Fr32Padding.pad(unpadded));
        final DataTree tree = DataTree.build(sector);
        assertEquals("baga6ea4seaqcgqckrcapts6hea44xbqugwocqneekvyp5fizbo6u3e2biluckla",
            CommitmentCid.UNSEALED.encode(tree.root()));
        // expectD8M: the first node of level 3 (offset 0xe00000) and the zero node beside it
        assertArrayEquals(HEX.parseHex("11b1c4800521d5e5834adeb3707c74159ff337b096163c9431167340e7b1171d"),
            tree.node(3, 0));
        assertArrayEquals(HEX.parseHex("642a607ef886b004bf2c1978463ae1d4693ac0f410eb2d1b7a47fe205e5e750f"),
            tree.node(3, 1));
    }

    @Test
    void shouldGiveCuriosCommDOfA32GiBSectorOfZerosLevelByLevel()
    {
        assertEquals("baga6ea4seaqao7s73y24kcutaosvacpdjgfe5pw76ooefnyqw4ynr3d2y6x2mpq",
            CommitmentCid.UNSEALED.encode(DataTree.zeroRoot(32L << 30)));
        // expect32Null: the zero node of heights 1, 2 and 25
        final byte[][] zero = DataTree.zeroNodes(30);
        assertArrayEquals(HEX.parseHex("f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb0b"), zero[1]);
        assertArrayEquals(HEX.parseHex("3731bb99ac689f66eef5973e4a94da188f4ddcae580724fc6f3fd60dfd488333"), zero[2]);
        assertArrayEquals(HEX.parseHex("d941d5e0d6314a995c33ffbd4fbe69118d73d4e5fd2cd31f0f7c86ebdd14e706"),
            zero[21]);
    }

    @Test
    void shouldGiveCuriosCcUnsealedCidsOfEverySectorSize()
    {
        // curio harmony/harmonydb/sql/20240611-snap-pipeline.sql, sectors_cc_values
        final String[] cids = {
            "baga6ea4seaqpy7usqklokfx2vxuynmupslkeutzexe2uqurdg5vhtebhxqmpqmy",
            "baga6ea4seaqgl4u6lwmnerwdrm4iz7ag3mpwwaqtapc2fciabpooqmvjypweeha",
            "baga6ea4seaqdsvqopmj2soyhujb72jza76t4wpq5fzifvm3ctz47iyytkewnubq",
            "baga6ea4seaqao7s73y24kcutaosvacpdjgfe5pw76ooefnyqw4ynr3d2y6x2mpq",
            "baga6ea4seaqomqafu276g53zko4k23xzh4h4uecjwicbmvhsuqi7o4bhthhm4aq"};
        final long[] sizes = {2L << 10, 8L << 20, 512L << 20, 32L << 30, 64L << 30};
        for (int i = 0; i < sizes.length; i++)
        {
            assertEquals(cids[i], CommitmentCid.UNSEALED.encode(DataTree.zeroRoot(sizes[i])));
        }
        assertArrayEquals(DataTree.zeroRoot(2048), DataTree.build(new byte[2048]).root());
    }

    @Test
    void shouldOpenEveryLeafOfARandomTreeAndOfAZeroTree()
    {
        final byte[] sector = new byte[2048];
        new SplittableRandom(7).nextBytes(sector);
        for (int i = 31; i < sector.length; i += 32)
        {
            sector[i] &= 0x3f;
        }
        final DataTree tree = DataTree.build(sector);
        for (long leaf = 0; leaf < tree.leaves(); leaf++)
        {
            final MerkleProof proof = tree.proof(leaf);
            assertTrue(proof.opens(TreeHasher.SHA256));
            assertEquals(leaf, proof.pathIndex());
            assertEquals(MerkleProof.Form.SINGLE, proof.form());
            assertEquals(6, proof.base().size());
            final MerkleProof zero = DataTree.zeroProof(30, leaf * 1_000_003);
            assertTrue(zero.opens(TreeHasher.SHA256));
            assertEquals(leaf * 1_000_003, zero.pathIndex());
        }
        final MerkleProof proof = tree.proof(5);
        proof.leaf()[0] ^= 1;
        assertFalse(proof.opens(TreeHasher.SHA256));
    }
}
