package io.jprove.engine.post;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.CountingAssignment;

/**
 * The fallback PoSt circuit's counts against rust-fil-proofs' published ones (its fingerprints against Filecoin's
 * own code are in the reference circuits' test): storage-proofs-post's {@code tests/fallback_circuit.rs} shapes,
 * filecoin-proofs' {@code constants.rs} partitions of 2,349 (32 GiB) and 2,300 (64 GiB) sectors, and WinningPoSt's
 * from the gadget arithmetic (66 one-challenge blocks of 313 + 2 + the path's constraints).
 */
class PostCircuitTest
{
    /**
     * {@code test_fallback_post}: 64 leaves per base tree, 5 challenges per sector; {@code sectors} per partition;
     * expected inputs (ONE included) and constraints as the test asserts them.
     */
    @ParameterizedTest(name = "{0}-{1}-{2}, {3} sectors")
    @CsvSource({
        "8, 0, 0, 3, 19, 16869",
        "8, 4, 0, 3, 19, 22674",
        "8, 4, 2, 3, 19, 27384",
        "8, 0, 0, 2, 13, 11246",
    })
    void shouldCountAsStorageProofsPostTests(final int base, final int sub, final int top, final int sectors,
        final int inputs, final int constraints)
    {
        final long leaves = 64L * Math.max(1, sub) * Math.max(1, top);
        final PostShape shape = new PostShape("test", leaves * 32,
            TreeShape.forLeaves(TreeHasher.POSEIDON, leaves, base, sub, top), sectors, 5);
        final ConstraintCounts c = CountingAssignment.count(PostCircuit.blank(shape));
        assertEquals(inputs, c.numInputs());
        assertEquals(constraints, c.numConstraints());
    }

    /** One sector's share of a WindowPoSt partition: 125,279,217 / 2,349 and 129,887,900 / 2,300. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"32GiB, 53333", "64GiB, 56473", "2KiB, 10933"})
    void shouldCountOneWindowPostSector(final String size, final int constraints)
    {
        final ConstraintCounts c = CountingAssignment.count(PostCircuit.blank(PostShape.window(size).withSectors(1)));
        assertEquals(constraints, c.numConstraints());
        assertEquals(1 + 1 + PostShape.WINDOW_CHALLENGES, c.numInputs());
    }

    /** WinningPoSt: 66 blocks of one challenge, 133 inputs; 32 GiB 66 · 5,615, 64 GiB 66 · 5,929. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"32GiB, 370590", "64GiB, 391314", "2KiB, 90750"})
    void shouldCountWinningPost(final String size, final int constraints)
    {
        final ConstraintCounts c = CountingAssignment.count(PostCircuit.blank(PostShape.winning(size)));
        assertEquals(constraints, c.numConstraints());
        assertEquals(133, c.numInputs());
    }

    /**
     * filecoin-proofs' {@code WINDOW_POST_SECTOR_COUNT} comments: whole partitions of 125 and 130 million constraints,
     * counted without building a row (16 to 26 s each on a loaded 2-core host).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"32GiB, 2349, 125279217", "64GiB, 2300, 129887900"})
    void shouldCountPublishedWindowPostPartition(final String size, final int sectors, final long constraints)
    {
        final PostShape shape = PostShape.window(size);
        assertEquals(sectors, shape.sectorCount());
        final ConstraintCounts c = CountingAssignment.count(PostCircuit.blank(shape));
        assertEquals(constraints, c.numConstraints());
        assertEquals(1 + sectors * (1 + PostShape.WINDOW_CHALLENGES), c.numInputs());
    }

    @Test
    void shouldNameShapesBySize()
    {
        assertEquals(2349, PostShape.byName("window-post-32GiB").sectorCount());
        assertEquals(2300, PostShape.byName("window-post-64gib").sectorCount());
        assertEquals(2, PostShape.byName("window-post-2KiB").sectorCount());
        assertEquals(66, PostShape.byName("winning-post-512MiB").sectorCount());
        assertEquals(new TreeShape(TreeHasher.POSEIDON, 8, 9, 8, 0), PostShape.window("32GiB").tree());
        assertNull(PostShape.byName("porep-32GiB"));
        assertThrows(IllegalArgumentException.class, () -> PostShape.byName("window-post-4KiB"));
        assertThrows(IllegalArgumentException.class, () -> PostShape.byName("winning-post-tiny"));
    }

    @Test
    void shouldRefuseSectorsOfAnotherShape()
    {
        final PostShape shape = PostShape.window("2KiB");
        assertThrows(IllegalArgumentException.class, () -> new PostCircuit(shape, new PostSector[] {
            PostSector.blank(shape)}));
        assertThrows(IllegalArgumentException.class, () -> new PostCircuit(shape, new PostSector[] {
            PostSector.blank(PostShape.winning("2KiB")), PostSector.blank(PostShape.winning("2KiB"))}));
    }
}
