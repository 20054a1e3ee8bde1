package io.jprove.engine.circuits;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.r1cs.FingerprintAssignment;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.R1csFingerprint;
import io.jprove.field.Fr;

/**
 * Every reference circuit's fingerprint equals the one Filecoin's own code gives (the R1CS oracle: rust-fil-proofs
 * 87348a74, neptune 11.0.0, bellpepper 0.2.1, bellperson 0.27.0, synthesized in {@code TestConstraintSystem}): counts,
 * the terms of A, B and C, the densities, and {@code TestConstraintSystem::hash()}, which covers every row, column
 * and coefficient. The figures are the oracle's {@code fingerprints.txt} lines and its gadget dumps' statistics. The
 * gadgets' witnesses equal the oracle's too: the values of every variable, through a digest of its variables file.
 */
class ReferenceCircuitsTest
{
    /** The oracle's fingerprint of the blank 32 GiB partition: trees {@code U8, U8, U0}, 11 layers, 18 challenges. */
    private static final String ORACLE_32GIB =
        "inputs=328 aux=130169893 constraints=130278541 nnzA=309404723 nnzB=130327340 "
        + "nnzC=282656500 | "
        + "prover_rows(+1 per input, A=input): constraints=130278869 nnzA=309405051 | "
        + "density: A_aux=129753292 B_aux=33112281 B_inputs=1 (C_aux=130160569 A_inputs=4 "
        + "C_inputs=325; with prover rows A_inputs=328) | "
        + "hash=a790207ea0435359e7d5f286563586e3f9a3a286c97af2440f65a4a18063d9cb";

    @ParameterizedTest(name = "{0}")
    @MethodSource("gadgets")
    void shouldMatchFilecoinsGadget(final String name, final String expected)
    {
        assertEquals(expected, FingerprintAssignment.measure(ReferenceCircuits.of(name)).toString());
    }

    /** The StackedDRG partitions: 1.2 to 2.7 million constraints each, two synthesis passes. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("poreps")
    void shouldMatchFilecoinsPorepCircuit(final String name, final String expected)
    {
        assertEquals(expected, FingerprintAssignment.measure(ReferenceCircuits.of(name)).toString());
    }

    /**
     * Every other partition size, blank as parameters are generated from it: the oracle's {@code ShapeCS} over
     * {@code StackedCompound::blank_circuit} (the code path of its {@code porep_2kib_blank}, whose fingerprint equals
     * the real circuit's) for 8 MiB and 512 MiB (about 4 million constraints each) and 64 GiB (131 million: as long as
     * 32 GiB's).
     */
    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("sizes")
    void shouldMatchFilecoinsPartitionOfEachSize(final String preset, final String expected)
    {
        assertEquals(expected, FingerprintAssignment.measure(new PorepCircuit(SectorShape.preset(preset), 0))
            .toString());
    }

    /**
     * The 32 GiB partition: cuzk's published statistics of it (curio {@code extern/cuzk/cuzk-project.md}: 328 inputs,
     * 130,169,893 aux, 130,278,869 rows with the prover's, the terms of A (with the prover's rows), B and C, the A and
     * B densities over aux) and the oracle's fingerprint of the blank circuit, hash included. 130 million
     * constraints in two passes: 4.7 CPU-minutes, 1 GB resident (16 minutes of wall time on a loaded 2-core host).
     */
    @Tag("slow")
    @Test
    void shouldMatchFilecoinsAndCuzks32GiBPartition()
    {
        final R1csFingerprint f = FingerprintAssignment.measure(new PorepCircuit(SectorShape.preset("32GiB"), 0));
        assertEquals(328, f.numInputs());
        assertEquals(130_169_893, f.numAux());
        assertEquals(130_278_869L, f.constraintsWithProverRows());
        assertEquals(309_405_051L, f.nnzAWithProverRows());
        assertEquals(130_327_340L, f.nnzB());
        assertEquals(282_656_500L, f.nnzC());
        assertEquals(129_753_292L, f.aAux());
        assertEquals(33_112_281L, f.bAux());
        assertEquals(1, f.bInputs());
        assertEquals(ORACLE_32GIB, f.toString());
    }

    /**
     * SHA-256 of the variables' {@code KIND<TAB>INDEX<TAB>VALUE} lines, inputs first, as the oracle's variables file
     * lists them (names left out): every intermediate of neptune's Poseidon circuit, of SHA-256 and so on.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "poseidon2, 314, 5520b8108cd8000bdaf8be9e88c14d67fb871c65d98ee05bd713f903bfc41ef7",
        "poseidon4, 382, 6ba19afa46049159c702aabff8e9af175e58538e3d4f30deca28c5e917116627",
        "poseidon8, 514, e30b625ba1e837a4ec37d5548c28fbd492db69368a5c8a395707811975c08c43",
        "poseidon11, 610, 2877e7883a32983de201aeb50869ae325ecbebc55384a7487009f88790afc2f3",
        "sha256, 45341, 97bc0770f2f666d11d447c62a5adee7e3b18a2c5688a1dcadb6891eb598cda39",
        "sha256_block, 26327, 79c8c204de483f62ac233aefeba0ed55f6c71d1200e69b0e2524ff9f74b77c16",
        "to_bits_le, 257, 777245d71e6c5e807ad87e830fe6432bb86ff147c51735eef4fd7f5504567ddd",
        "to_bits_le_strict, 389, 475b8c39888f86efce720a9a00cb38b5ca0a7f8afc0f7d8967d4f4fe5df0a9f8",
        "pack_into_inputs, 516, 82c23a8bcd4cf02900c2bb0cc3afa8afb9a0d7d2f50a51f9df7e74a997e99c1c",
        "pack_into_inputs_32, 34, da4244b062221b1e9ad8767ef7592c7493f898d369f9217c42ac5890fdb57b0e",
        "insert_8_pos0, 34, f7ca8f3e01f768ab9660705b39e0e90e94d815458dfe210067fbd5f1667af78c",
        "insert_8_pos5, 34, 28cedb58b42cf88cd2b63e626b66e691b5316721c47b82b5e19b48003651bca9",
    })
    void shouldAllocateFilecoinsWitness(final String name, final int variables, final String digest)
    {
        final StringBuilder inputs = new StringBuilder();
        final StringBuilder aux = new StringBuilder();
        final int[] count = new int[1];
        FingerprintAssignment.measure(ReferenceCircuits.of(name), new FingerprintAssignment.RowSink()
        {
            @Override
            public boolean wantsValues()
            {
                return true;
            }

            @Override
            public void variable(final boolean input, final int index, final long[] value, final String label)
            {
                final String hex = Fr.toBigInteger(value, 0).toString(16);
                (input ? inputs : aux).append(input ? 'I' : 'A').append('\t').append(index).append('\t')
                    .append("0".repeat(64 - hex.length())).append(hex).append('\n');
                count[0]++;
            }

            @Override
            public void row(final long index, final LinearCombination a, final LinearCombination b,
                final LinearCombination c, final String label)
            {
            }
        });
        assertEquals(variables, count[0]);
        assertEquals(digest, sha256(inputs.append(aux).toString()));
    }

    private static String sha256(final String text)
    {
        try
        {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(
                text.getBytes(StandardCharsets.US_ASCII)));
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Arguments> gadgets()
    {
        return Stream.of(
            Arguments.of("poseidon2",
                "inputs=1 aux=313 constraints=311 nnzA=2119 nnzB=313 nnzC=386 | "
                + "prover_rows(+1 per input, A=input): constraints=312 nnzA=2120 | "
                + "density: A_aux=234 B_aux=234 B_inputs=1 (C_aux=311 A_inputs=1 C_inputs=1; with prover "
                + "rows A_inputs=1) | "
                + "hash=658f013f99360e164ad8e7f96290944601cc064f93c153d9ea7ac1275927175f"),
            Arguments.of("poseidon4",
                "inputs=1 aux=381 constraints=377 nnzA=2573 nnzB=381 nnzC=467 | "
                + "prover_rows(+1 per input, A=input): constraints=378 nnzA=2574 | "
                + "density: A_aux=285 B_aux=285 B_inputs=1 (C_aux=377 A_inputs=1 C_inputs=1; with prover "
                + "rows A_inputs=1) | "
                + "hash=2360602a7c4555d454b46891236273f4ae308090bc916fdcef1fb81d00ebbe70"),
            Arguments.of("poseidon8",
                "inputs=1 aux=513 constraints=505 nnzA=3598 nnzB=513 nnzC=624 | "
                + "prover_rows(+1 per input, A=input): constraints=506 nnzA=3599 | "
                + "density: A_aux=384 B_aux=384 B_inputs=1 (C_aux=505 A_inputs=1 C_inputs=1; with prover "
                + "rows A_inputs=1) | "
                + "hash=ab50aeda63344f7125999ef5c4af7777380b9015ec82ad48bac2213e9353b163"),
            Arguments.of("poseidon11",
                "inputs=1 aux=609 constraints=598 nnzA=4462 nnzB=609 nnzC=738 | "
                + "prover_rows(+1 per input, A=input): constraints=599 nnzA=4463 | "
                + "density: A_aux=456 B_aux=456 B_inputs=1 (C_aux=598 A_inputs=1 C_inputs=1; with prover "
                + "rows A_inputs=1) | "
                + "hash=e94a28106cbb9a718e525f0f2593ce3b138350047854ebcc3c83472ed482a6f6"),
            Arguments.of("sha256",
                "inputs=1 aux=45340 constraints=45386 nnzA=103935 nnzB=45418 nnzC=96380 | "
                + "prover_rows(+1 per input, A=input): constraints=45387 nnzA=103936 | "
                + "density: A_aux=45340 B_aux=11500 B_inputs=1 (C_aux=45308 A_inputs=1 C_inputs=0; with "
                + "prover rows A_inputs=1) | "
                + "hash=39b920088193af138e8d3494179b1d9a20442bb23e28e65028b068c6a9e48771"),
            Arguments.of("sha256_block",
                "inputs=1 aux=26326 constraints=26352 nnzA=60480 nnzB=26384 nnzC=56886 | "
                + "prover_rows(+1 per input, A=input): constraints=26353 nnzA=60481 | "
                + "density: A_aux=26326 B_aux=6822 B_inputs=1 (C_aux=26294 A_inputs=1 C_inputs=0; with "
                + "prover rows A_inputs=1) | "
                + "hash=a91be46c89fe4cb18f85d99956bf9b1afe0a96d1b6c960a30d4e9dcafcf501ba"),
            Arguments.of("to_bits_le",
                "inputs=1 aux=256 constraints=256 nnzA=510 nnzB=255 nnzC=256 | "
                + "prover_rows(+1 per input, A=input): constraints=257 nnzA=511 | "
                + "density: A_aux=255 B_aux=255 B_inputs=0 (C_aux=256 A_inputs=1 C_inputs=0; with prover "
                + "rows A_inputs=1) | "
                + "hash=fe8f60dff8688ec7c39a8ebb4750cc381c306c9f430d43e0fcf0ca5a23025477"),
            Arguments.of("to_bits_le_strict",
                "inputs=1 aux=388 constraints=388 nnzA=764 nnzB=387 nnzC=388 | "
                + "prover_rows(+1 per input, A=input): constraints=389 nnzA=765 | "
                + "density: A_aux=387 B_aux=298 B_inputs=0 (C_aux=388 A_inputs=1 C_inputs=0; with prover "
                + "rows A_inputs=1) | "
                + "hash=cab777ba3bc05615d11c5753689206f2dda4a032e308fff584a43514a8053303"),
            Arguments.of("pack_into_inputs",
                "inputs=4 aux=512 constraints=515 nnzA=1536 nnzB=515 nnzC=3 | "
                + "prover_rows(+1 per input, A=input): constraints=519 nnzA=1540 | "
                + "density: A_aux=512 B_aux=512 B_inputs=1 (C_aux=0 A_inputs=1 C_inputs=3; with prover rows "
                + "A_inputs=4) | "
                + "hash=84b1833e267d2b0f171c7fb80437a1a6fdeba7089d2fdc08ae2e153528783fc3"),
            Arguments.of("pack_into_inputs_32",
                "inputs=2 aux=32 constraints=33 nnzA=96 nnzB=33 nnzC=1 | "
                + "prover_rows(+1 per input, A=input): constraints=35 nnzA=98 | "
                + "density: A_aux=32 B_aux=32 B_inputs=1 (C_aux=0 A_inputs=1 C_inputs=1; with prover rows "
                + "A_inputs=2) | "
                + "hash=9488ce06aa9ae6fa2e5622f4f45f32dd236c771e6836ebba59fda0c1636d44f0"),
            Arguments.of("insert_8_pos0",
                "inputs=1 aux=33 constraints=25 nnzA=49 nnzB=26 nnzC=42 | "
                + "prover_rows(+1 per input, A=input): constraints=26 nnzA=50 | "
                + "density: A_aux=23 B_aux=5 B_inputs=1 (C_aux=30 A_inputs=1 C_inputs=0; with prover rows "
                + "A_inputs=1) | "
                + "hash=5c118dc22a1056883524d84d359583239f4aacd0560ded4acd9f79be545bb310"),
            Arguments.of("insert_8_pos5",
                "inputs=1 aux=33 constraints=25 nnzA=49 nnzB=26 nnzC=42 | "
                + "prover_rows(+1 per input, A=input): constraints=26 nnzA=50 | "
                + "density: A_aux=23 B_aux=5 B_inputs=1 (C_aux=30 A_inputs=1 C_inputs=0; with prover rows "
                + "A_inputs=1) | "
                + "hash=5c118dc22a1056883524d84d359583239f4aacd0560ded4acd9f79be545bb310"),
            Arguments.of("por_poseidon_8_depth2",
                "inputs=3 aux=1076 constraints=1063 nnzA=7302 nnzB=1081 nnzC=1335 | "
                + "prover_rows(+1 per input, A=input): constraints=1066 nnzA=7305 | "
                + "density: A_aux=815 B_aux=778 B_inputs=1 (C_aux=1070 A_inputs=2 C_inputs=2; with prover "
                + "rows A_inputs=3) | "
                + "hash=3bd8cb4719e1ce8b020c078159a77bd5cf9d8eca04ed094eaca290c621f10a20"),
            Arguments.of("por_poseidon_8_depth2_private",
                "inputs=2 aux=1076 constraints=1062 nnzA=7301 nnzB=1080 nnzC=1334 | "
                + "prover_rows(+1 per input, A=input): constraints=1064 nnzA=7303 | "
                + "density: A_aux=815 B_aux=778 B_inputs=1 (C_aux=1070 A_inputs=1 C_inputs=2; with prover "
                + "rows A_inputs=2) | "
                + "hash=a87d5c076c5882911c7073da19dba3a6bc1cfb7bd107afae8a18337734146519"));
    }

    /** The fallback PoSt partitions (WindowPoSt, WinningPoSt): 22 to 267 thousand constraints. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("posts")
    void shouldMatchFilecoinsPostCircuit(final String name, final String expected)
    {
        assertEquals(expected, FingerprintAssignment.measure(ReferenceCircuits.of(name)).toString());
    }

    /** The SnapDeals partition of a 2 KiB sector, blank: 1.7 million constraints. */
    @Test
    void shouldMatchFilecoinsSnapDealsCircuit()
    {
        assertEquals("inputs=5 aux=1703569 constraints=1705039 nnzA=4030887 nnzB=1706537 nnzC=3616648 | "
            + "prover_rows(+1 per input, A=input): constraints=1705044 nnzA=4030892 | "
            + "density: A_aux=1697189 B_aux=444403 B_inputs=1 (C_aux=1703307 A_inputs=5 C_inputs=1; "
            + "with prover rows A_inputs=5) | "
            + "hash=c787aea9329f4525b3bcde14533b9b775654f6a9afe0a7c671783c8bd4f1f7a5",
            FingerprintAssignment.measure(ReferenceCircuits.of("snapdeals_2kib_blank")).toString());
    }

    static Stream<Arguments> posts()
    {
        return Stream.of(
            Arguments.of("window_post_32gib_tree_5sectors",
                "inputs=56 aux=270120 constraints=266665 nnzA=1835655 nnzB=271175 nnzC=335040 | "
                + "prover_rows(+1 per input, A=input): constraints=266721 nnzA=1835711 | "
                + "density: A_aux=204725 B_aux=195670 B_inputs=1 (C_aux=268615 A_inputs=6 C_inputs=51; "
                + "with prover rows A_inputs=56) | "
                + "hash=21612c68b85a21112f5d7d878f7c4ce2670c3c6f54aab0eb60d691af1c4a9032"),
            Arguments.of("window_post_2kib",
                "inputs=23 aux=22128 constraints=21866 nnzA=150262 nnzB=22230 nnzC=27456 | "
                + "prover_rows(+1 per input, A=input): constraints=21889 nnzA=150285 | "
                + "density: A_aux=16770 B_aux=16028 B_inputs=1 (C_aux=22006 A_inputs=3 C_inputs=21; "
                + "with prover rows A_inputs=23) | "
                + "hash=14279e1c38053fa35eab6f56dbf1c5ef337b533f2c42fd3d7b4e7a116796b331"),
            Arguments.of("winning_post_2kib",
                "inputs=133 aux=91674 constraints=90750 nnzA=621852 nnzB=92070 nnzC=113652 | "
                + "prover_rows(+1 per input, A=input): constraints=90883 nnzA=621985 | "
                + "density: A_aux=69300 B_aux=66792 B_inputs=1 (C_aux=91212 A_inputs=67 C_inputs=67; "
                + "with prover rows A_inputs=133) | "
                + "hash=ce8079a9875ac8fafc46902e0e2368fa997e7f2ffb2065d2666ef92bc3ca2f67"));
    }

    static Stream<Arguments> sizes()
    {
        return Stream.of(
            Arguments.of("8MiB",
                "inputs=40 aux=3842449 constraints=3844929 nnzA=9388413 nnzB=3847886 nnzC=8234882 | "
                + "prover_rows(+1 per input, A=input): constraints=3844969 nnzA=9388453 | "
                + "density: A_aux=3814996 B_aux=1011289 B_inputs=1 (C_aux=3841821 A_inputs=4 C_inputs=37; "
                + "with prover rows A_inputs=40) | "
                + "hash=b1fe5a4629fb8fc6684d6c90d6f8d6d32e5bccf6bc9439e4e8a9758e579328db"),
            Arguments.of("512MiB",
                "inputs=40 aux=4420837 constraints=4423433 nnzA=10872137 nnzB=4427326 nnzC=9439982 | "
                + "prover_rows(+1 per input, A=input): constraints=4423473 nnzA=10872177 | "
                + "density: A_aux=4385040 B_aux=1174173 B_inputs=1 (C_aux=4420005 A_inputs=4 C_inputs=37; "
                + "with prover rows A_inputs=40) | "
                + "hash=c7ade8c93707968e967cce4507669258eab20ff010e6dc1827d55544ee671cbb"),
            Arguments.of("64GiB",
                "inputs=328 aux=131076643 constraints=131185849 nnzA=311892197 nnzB=131235764 "
                + "nnzC=284512534 | "
                + "prover_rows(+1 per input, A=input): constraints=131186177 nnzA=311892525 | "
                + "density: A_aux=130637542 B_aux=33386943 B_inputs=1 (C_aux=131067013 A_inputs=4 "
                + "C_inputs=325; with prover rows A_inputs=328) | "
                + "hash=7686117961498d7849ede7429233254b20e3b149011eca8674ca8e9ab0655af6"));
    }

    static Stream<Arguments> poreps()
    {
        return Stream.of(
            Arguments.of("porep_test_base_2",
                "inputs=22 aux=1205053 constraints=1206212 nnzA=2884516 nnzB=1206473 nnzC=2619453 | "
                + "prover_rows(+1 per input, A=input): constraints=1206234 nnzA=2884538 | "
                + "density: A_aux=1200052 B_aux=307340 B_inputs=1 (C_aux=1204994 A_inputs=4 C_inputs=19; "
                + "with prover rows A_inputs=22) | "
                + "hash=e933e8bea2e68a3569205187f61c428770f083c7e7d2113babedb204b9429bc3"),
            Arguments.of("porep_test_base_8",
                "inputs=22 aux=1198525 constraints=1199620 nnzA=2840868 nnzB=1199929 nnzC=2611389 | "
                + "prover_rows(+1 per input, A=input): constraints=1199642 nnzA=2840890 | "
                + "density: A_aux=1195188 B_aux=302284 B_inputs=1 (C_aux=1198466 A_inputs=4 C_inputs=19; "
                + "with prover rows A_inputs=22) | "
                + "hash=b9e22ee377bc73c4e08f679252c4f87948f5812be8c95358a6bf87a7279a785f"),
            Arguments.of("porep_test_sub_8_4",
                "inputs=22 aux=1295435 constraints=1296576 nnzA=3090742 nnzB=1297009 nnzC=2812863 | "
                + "prover_rows(+1 per input, A=input): constraints=1296598 nnzA=3090764 | "
                + "density: A_aux=1290574 B_aux=329874 B_inputs=1 (C_aux=1295342 A_inputs=4 C_inputs=19; "
                + "with prover rows A_inputs=22) | "
                + "hash=2bb32fe1d16325b1afe3f67f42148047406233e23eae86605f53247273706615"),
            Arguments.of("porep_test_top_8_4_2",
                "inputs=22 aux=1345810 constraints=1346982 nnzA=3228935 nnzB=1347477 nnzC=2915976 | "
                + "prover_rows(+1 per input, A=input): constraints=1347004 nnzA=3228957 | "
                + "density: A_aux=1339699 B_aux=345133 B_inputs=1 (C_aux=1345700 A_inputs=4 C_inputs=19; "
                + "with prover rows A_inputs=22) | "
                + "hash=c9b69c85139ae04bac789fecb881052900c660c6337ab4b520eaa0c9f7293f75"),
            Arguments.of("porep_2kib",
                "inputs=40 aux=2685673 constraints=2687921 nnzA=6420965 nnzB=2689006 nnzC=5824682 | "
                + "prover_rows(+1 per input, A=input): constraints=2687961 nnzA=6421005 | "
                + "density: A_aux=2674908 B_aux=685521 B_inputs=1 (C_aux=2685453 A_inputs=4 C_inputs=37; "
                + "with prover rows A_inputs=40) | "
                + "hash=2c120b1125bd531d5a62b11932b2ae0e0cb47f455cea582994f97534e296bb42"));
    }
}
