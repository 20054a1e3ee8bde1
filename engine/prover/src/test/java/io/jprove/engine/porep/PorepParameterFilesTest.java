package io.jprove.engine.porep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parameter-file names against rust-fil-proofs' parameters.json and its test_public_params_identifier. */
class PorepParameterFilesTest
{
    private static final String PREFIX = "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-";

    @Test
    void shouldNameThePublishedFilesOfAllFiveSizes()
    {
        assertStem(RegisteredSealProof.StackedDrg2KiBV1_1,
            "8-0-0-sha256_hasher-032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f");
        assertStem(RegisteredSealProof.StackedDrg8MiBV1_1,
            "8-0-0-sha256_hasher-ecd683648512ab1765faa2a5f14bab48f676e633467f0aa8aad4b55dcb0652bb");
        assertStem(RegisteredSealProof.StackedDrg512MiBV1_1,
            "8-0-0-sha256_hasher-6babf46ce344ae495d558e7770a585b2382d54f225af8ed0397b8be7c3fcd472");
        assertStem(RegisteredSealProof.StackedDrg32GiBV1_1,
            "8-8-0-sha256_hasher-82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820");
        assertStem(RegisteredSealProof.StackedDrg64GiBV1_1,
            "8-8-2-sha256_hasher-96f1b4a04c5c51e4759bbf224bbc2ef5a42c7100f16ec0637123f16a845ddfb2");
    }

    @Test
    void shouldShareOnePairOfFilesAcrossVersionsAndFeatures()
    {
        for (final RegisteredSealProof proof : RegisteredSealProof.values())
        {
            final RegisteredSealProof current = RegisteredSealProof.of(proof.sectorBytes(),
                RegisteredSealProof.ApiVersion.V1_1_0, RegisteredSealProof.Feature.NONE);
            assertEquals(PorepParameterFiles.paramsName(current), PorepParameterFiles.paramsName(proof),
                proof.name());
        }
    }

    @Test
    void shouldWriteTheIdentifierAsRustFilProofsTestsIt()
    {
        assertEquals("layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: 8 "
            + "base_graph: drgraph::BucketGraph{size: 2147483648; degree: 6; hasher: poseidon_hasher} }, challenges: "
            + "LayerChallenges { layers: 11, max_count: 18 }, tree: merkletree-poseidon_hasher-8-8-2 }",
            PorepParameterFiles.identifier(RegisteredSealProof.StackedDrg64GiBV1_1));
    }

    @Test
    void shouldKnowThePublishedDigestsAndComputeThemAlike(@TempDir final Path dir) throws IOException
    {
        assertEquals(Optional.of("dc1ade9929ade1708238f155343044ac"),
            PorepParameterFiles.publishedDigest(PorepParameterFiles.vkName(RegisteredSealProof.StackedDrg2KiBV1)));
        assertEquals(Optional.of("6a388072a518cf46ebd661f5cc46900a"), PorepParameterFiles.publishedDigest(
            PorepParameterFiles.paramsName(RegisteredSealProof.StackedDrg32GiBV1_1)));
        assertTrue(PorepParameterFiles.publishedDigest("v28-some-other.vk").isEmpty());
        // b2sum of "abc": ba80a53f981c4d0d6a2797b69f12f6e9...
        final Path file = dir.resolve("abc");
        Files.writeString(file, "abc");
        assertEquals("ba80a53f981c4d0d6a2797b69f12f6e9", PorepParameterFiles.digest(file));
    }

    private static void assertStem(final RegisteredSealProof proof, final String tail)
    {
        assertEquals(PREFIX + tail + ".params", PorepParameterFiles.paramsName(proof));
        assertEquals(PREFIX + tail + ".vk", PorepParameterFiles.vkName(proof));
    }
}
