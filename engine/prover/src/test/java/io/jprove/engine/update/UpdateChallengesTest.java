package io.jprove.engine.update;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.CountingAssignment;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.field.Fr;

/**
 * SnapDeals challenges and public inputs against storage-proofs-update: {@code challenges.rs}'s hard-coded vectors
 * (the first five challenges of partitions of each size for the comm_r_new its test draws from {@code TEST_SEED}),
 * {@code gadgets.rs}' count of the challenge gadget per size, the in-circuit bits equal to the native challenges with
 * every row satisfied, and {@code PublicInputs::new}'s packing of k and h_select.
 */
class UpdateChallengesTest
{
    private static final long[] COMM_R_NEW = new XorShiftRng(XorShiftRng.TEST_SEED).nextFr();

    /** {@code test_challenges_against_hardcoded}. */
    @ParameterizedTest(name = "{0} partition {1}")
    @CsvSource({
        "1KiB, 0, 21 7 3 31 0",
        "2KiB, 0, 53 51 56 3 0",
        "4KiB, 0, 117 25 62 0 72",
        "8KiB, 0, 245 140 15 128 28",
        "16KiB, 0, 245 140 15 128 28",
        "16KiB, 1, 286 308 493 510 508",
        "32KiB, 0, 245 454 3 400 193",
        "32KiB, 1, 542 666 955 927 911",
        "8MiB, 0, 36085 32783 44060 10950 3731",
        "8MiB, 1, 78878 130797 112892 93994 78379",
        "16MiB, 0, 101621 16391 109319 25944 41193",
        "16MiB, 1, 209950 163702 175679 224741 197410",
        "512MiB, 0, 1019125 116736 706220 59698 799498",
        "512MiB, 1, 2092548 1213276 1185483 1164598 1095197",
        "512MiB, 14, 15212432 15665918 15015423 15012912 15495223",
        "512MiB, 15, 16388544 15794686 16637142 16319148 16328348",
        "32GiB, 0, 1019125 27985696 15282860 11586600 44651330",
        "32GiB, 1, 109168525 127316247 80331041 97065716 72310052",
        "32GiB, 14, 990420169 955146989 968005601 976863263 944650706",
        "32GiB, 15, 1038629497 1053983614 1030421316 1027373887 1068685433",
        "64GiB, 0, 1019125 13992848 3820715 18225541 57316660",
        "64GiB, 1, 243386253 197875851 204632136 171516766 247789010",
        "64GiB, 14, 1997053129 1920414070 2003609080 1900492803 1963254685",
        "64GiB, 15, 2045262457 2036941247 2136653521 2091356007 2147167623",
    })
    void shouldMatchStorageProofsUpdatesVectors(final String size, final int k, final String expected)
    {
        final long[] first = Arrays.copyOf(UpdateChallenges.of(UpdateShape.of(size), COMM_R_NEW, k), 5);
        assertArrayEquals(Arrays.stream(expected.split(" ")).mapToLong(Long::parseLong).toArray(), first);
    }

    /**
     * {@code test_gen_challenge_bits_gadget}: the gadget's rows (568 per digest) and, in a satisfied circuit, its
     * bits with the partition appended are the native challenges, for every partition of the size.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"1KiB, 568", "16KiB, 568", "16MiB, 568", "512MiB, 4544", "32GiB, 5680", "64GiB, 5680"})
    void shouldDeriveTheSameChallengesInTheCircuit(final String size, final int rows)
    {
        final UpdateShape shape = UpdateShape.of(size);
        final int random = shape.challengeBits() - shape.partitionBits();
        for (int k = 0; k < shape.partitions(); k++)
        {
            final long partition = k;
            final long[][] inCircuit = new long[1][];
            final Circuit circuit = cs ->
            {
                final AllocatedNum commRNew = AllocatedNum.alloc(cs, "comm_r_new", COMM_R_NEW);
                final AllocatedNum kNum = AllocatedNum.alloc(cs, "k", Fr.of(partition));
                final Boolean[][] bits = UpdateGadgets.challengeBits(cs, commRNew, kNum, shape.challenges(), random);
                inCircuit[0] = new long[bits.length];
                for (int c = 0; c < bits.length; c++)
                {
                    long v = partition << random;
                    for (int i = 0; i < random; i++)
                    {
                        v |= bits[c][i].value() ? 1L << i : 0;
                    }
                    inCircuit[0][c] = v;
                }
            };
            assertEquals(rows, CountingAssignment.count(circuit).numConstraints());
            try (ProverInputs p = ProvingAssignment.synthesize(circuit))
            {
                p.checkSatisfied();
            }
            assertArrayEquals(UpdateChallenges.of(shape, COMM_R_NEW, k), inCircuit[0]);
        }
    }

    /** The Poseidon variant's challenges: the first partition's from digest 0, with all the node bits random. */
    @Test
    void shouldDerivePoseidonVariantChallengesInAndOutOfTheCircuit()
    {
        final UpdateShape shape = UpdateShape.of("16KiB");
        final long[] all = UpdateChallenges.poseidon(shape, COMM_R_NEW);
        assertEquals(20, all.length);
        final long[][] inCircuit = new long[1][];
        final Circuit circuit = cs ->
        {
            final Boolean[][] bits = UpdateGadgets.challengeBits(cs, AllocatedNum.alloc(cs, "comm_r_new", COMM_R_NEW),
                AllocatedNum.alloc(cs, "zero", new long[Fr.LIMBS]), all.length, shape.challengeBits());
            inCircuit[0] = new long[bits.length];
            for (int c = 0; c < bits.length; c++)
            {
                for (int i = 0; i < bits[c].length; i++)
                {
                    inCircuit[0][c] |= bits[c][i].value() ? 1L << i : 0;
                }
            }
        };
        try (ProverInputs p = ProvingAssignment.synthesize(circuit))
        {
            p.checkSatisfied();
        }
        assertArrayEquals(all, inCircuit[0]);
        final long[] inputs = UpdatePublicInputs.generatePoseidon(UpdateShape.of("32GiB"), 12, Fr.of(1), Fr.of(2),
            Fr.of(3));
        assertArrayEquals(Fr.of(1 << 5), Arrays.copyOf(inputs, Fr.LIMBS));
    }

    @Test
    void shouldPackKAndHSelectAsPublicInputsNew()
    {
        // 32 GiB: 4 partition bits, hs 7..12; h = 10 is hs[3]
        assertEquals(5 | 1 << 3 << 4, UpdatePublicInputs.kAndHSelect(UpdateShape.of("32GiB"), 5, 10));
        // 2 KiB: no partition bits, hs all 1: the first
        assertEquals(1, UpdatePublicInputs.kAndHSelect(UpdateShape.of("2KiB"), 0, 1));
        final long[] inputs = UpdatePublicInputs.generate(UpdateShape.of("32GiB"), 15, 12, Fr.of(1), Fr.of(2),
            Fr.of(3));
        assertArrayEquals(Fr.of(15 | 1 << 5 << 4), Arrays.copyOf(inputs, Fr.LIMBS));
        assertArrayEquals(Fr.of(3), Arrays.copyOfRange(inputs, 3 * Fr.LIMBS, 4 * Fr.LIMBS));
        assertThrows(IllegalArgumentException.class, () -> UpdatePublicInputs.kAndHSelect(UpdateShape.of("32GiB"),
            16, 10));
        assertThrows(IllegalArgumentException.class, () -> UpdatePublicInputs.kAndHSelect(UpdateShape.of("32GiB"),
            0, 6));
    }
}
