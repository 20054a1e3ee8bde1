package io.jprove.engine.post;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.jprove.engine.porep.ParameterSet;

/**
 * The PoSt parameter files' names against rust-fil-proofs' parameters.json: each registered PoSt proof's pair is one
 * of the published ones (the digests come with it), WindowPoSt V1 and V1_2 share theirs.
 */
class PostParameterFilesTest
{
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "StackedDrgWindow2KiBV1_2, 8-0-0-0170db1f394b35d995252228ee359194b13199d259380541dc529fb0099096b0, "
            + "0e0958009936b9d5e515ec97b8cb792d",
        "StackedDrgWinning2KiBV1, 8-0-0-3ea05428c9d11689f23529cde32fd30aabd50f7d2c93657c1d3650bca3e8ea9e, "
            + "ffd79788d614d27919ae5bd2d94eacb6",
        "StackedDrgWindow32GiBV1, 8-8-0-0377ded656c6f524f1618760bffe4e0a1c51d5a70c4509eedae8a27555733edc, "
            + "0f8ec542485568fa3468c066e9fed82b",
        "StackedDrgWinning32GiBV1, 8-8-0-559e581f022bb4e4ec6e719e563bf0e026ad6de42e56c18714a2c692b1b88d7e, "
            + "fc02943678dd119e69e7fab8420e8819",
        "StackedDrgWindow64GiBV1_2, 8-8-2-2627e4006b67f99cef990c0a47d5426cb7ab0a0ad58fc1061547bf2d28b09def, "
            + "59d2bf1857adc59a4f08fcf2afaa916b",
    })
    void shouldNameThePublishedFiles(final RegisteredPostProof proof, final String tail, final String vkDigest)
    {
        final ParameterSet set = PostParameterFiles.set(proof);
        assertEquals("v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-" + tail + ".vk", set.vkName());
        assertEquals(vkDigest, set.publishedDigest(set.vkName()).orElseThrow());
    }

    @Test
    void shouldKnowEveryRegisteredProofsDigests()
    {
        for (final RegisteredPostProof p : RegisteredPostProof.values())
        {
            assertNotNull(PostParameterFiles.set(p).paramsDigest(), p.name());
            assertNotNull(PostParameterFiles.set(p).vkDigest(), p.name());
            assertEquals(p, RegisteredPostProof.ofId(p.id()));
        }
        assertEquals(PostParameterFiles.set(RegisteredPostProof.StackedDrgWindow8MiBV1),
            PostParameterFiles.set(RegisteredPostProof.StackedDrgWindow8MiBV1_2));
        assertThrows(IllegalArgumentException.class, () -> RegisteredPostProof.ofId(15));
    }
}
