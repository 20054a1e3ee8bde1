package io.jprove.engine.update;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.seal.SectorSealer;
import io.jprove.engine.porep.tree.Fr32Padding;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.field.Fr;

/**
 * SnapDeals vanilla proofs of a really sealed 2 KiB sector updated with new data (made as storage-proofs-update's
 * {@code encode_into} and {@code prove_all_partitions} make them): they pass the vanilla verifier's checks, are
 * written and read back byte for byte, and their witness satisfies the exact circuit with the public inputs
 * {@code generate_public_inputs} gives; a damaged one is refused naming where.
 */
class UpdateVanillaProofTest
{
    private static final UpdateShape SHAPE = UpdateShape.of("2KiB");
    private static final int H = 1;
    private static UpdateVanillaProver.Update update;

    @BeforeAll
    static void sealAndUpdate()
    {
        final byte[] old = new byte[Math.toIntExact(Fr32Padding.unpaddedSize(2048))];
        new SplittableRandom(1).nextBytes(old);
        final byte[] fresh = old.clone();
        new SplittableRandom(2).nextBytes(fresh);
        update = UpdateVanillaProver.prove(SHAPE, SectorSealer.seal(RegisteredSealProof.StackedDrg2KiBV1_1,
            Fr32Padding.pad(old), ProverId.ofMiner(1000), 3, new byte[32]), Fr32Padding.pad(fresh), H);
    }

    @Test
    void shouldPassTheVanillaChecksAndComeBackByteForByte()
    {
        assertEquals(SHAPE.partitions(), update.partitions().size());
        final UpdateVanillaProof p = update.partitions().getFirst();
        assertNull(p.problem(SHAPE, 0, H, update.commROld(), update.commDNew(), update.commRNew()));
        final byte[] bytes = p.bytes();
        assertArrayEquals(bytes, UpdateVanillaProof.read(bytes, SHAPE).bytes());
    }

    @Test
    void shouldSatisfyTheCircuitWithTheCompoundsPublicInputs()
    {
        final UpdateWitness w = update.partitions().getFirst().witness(SHAPE, 0, H, update.commROld(),
            update.commDNew(), update.commRNew());
        try (ProverInputs inputs = ProvingAssignment.synthesize(new UpdateCircuit(SHAPE, w)))
        {
            assertEquals(1_705_039, inputs.numConstraints());
            inputs.checkSatisfied();
            assertArrayEquals(UpdatePublicInputs.generate(SHAPE, 0, H, limbs(update.commROld()),
                limbs(update.commDNew()), limbs(update.commRNew())), inputs.witness().publicInputs());
        }
    }

    @Test
    void shouldNameWhatIsWrongInADamagedProof()
    {
        final byte[] bytes = update.partitions().getFirst().bytes();
        final byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length - 1);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> UpdateVanillaProof.read(cut, SHAPE));
        assertTrue(e.getMessage().startsWith("SnapDeals vanilla proof, offset "), e.getMessage());
        assertTrue(e.getMessage().contains("challenge_proofs[9].proof_r_new.path"), e.getMessage());
        // the first challenge's TreeROld leaf: after comm_c, the apex leaves, a count, a variant and the root
        final byte[] leaf = bytes.clone();
        leaf[32 + 8 + 32 * SHAPE.apexLeaves() + 8 + 4 + 32] ^= 1;
        final String problem = UpdateVanillaProof.read(leaf, SHAPE).problem(SHAPE, 0, H, update.commROld(),
            update.commDNew(), update.commRNew());
        assertEquals("challenge_proofs[0].proof_r_old does not lead to the TreeROld root", problem);
        final byte[] otherCommDNew = update.commDNew().clone();
        otherCommDNew[0] ^= 1;
        assertTrue(update.partitions().getFirst().problem(SHAPE, 0, H, update.commROld(), otherCommDNew,
            update.commRNew()).endsWith("does not lead to comm_d_new"));
    }

    private static long[] limbs(final byte[] b)
    {
        final long[] r = new long[Fr.LIMBS];
        assertTrue(Fr.fromBytes(b, 0, r, 0));
        return r;
    }
}
