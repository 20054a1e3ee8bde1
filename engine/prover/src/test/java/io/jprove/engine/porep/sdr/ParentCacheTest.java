package io.jprove.engine.porep.sdr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.r1cs.MalformedFileException;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parent caches against the names and SHA-256 digests of rust-fil-proofs' storage-proofs-porep/parent_cache.json. */
class ParentCacheTest
{
    @Test
    void shouldMatchTheManifestFor2KiBApi10()
    {
        assertManifest(RegisteredSealProof.StackedDrg2KiBV1,
            "v28-sdr-parent-3f0eef38bb48af1f48ad65e14eb85b4ebfc167cec18cd81764f6d998836c9899",
            "3da49221e2ed55371b86d0bf3d6526fcf128af61bed904f966428db1b531750d");
    }

    @Test
    void shouldMatchTheManifestFor2KiBApi11()
    {
        assertManifest(RegisteredSealProof.StackedDrg2KiBV1_1,
            "v28-sdr-parent-494d91dc80f2df5272c4b9e129bc7ade9405225993af9fe34e6542a39a47554b",
            "840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97");
    }

    @Test
    void shouldMatchTheManifestFor8MiBApi10()
    {
        assertManifest(RegisteredSealProof.StackedDrg8MiBV1,
            "v28-sdr-parent-dcdabb0fbe4364bf0ac28b6a18c66de246409fa1a9020a00f33fb3e3053da6dc",
            "a76604f2f59f2744c7151653bbb1d8596b6b57d295e6fa6c1f0c41d725b502ce");
    }

    @Test
    void shouldMatchTheManifestFor8MiBApi11()
    {
        assertManifest(RegisteredSealProof.StackedDrg8MiBV1_1,
            "v28-sdr-parent-5eed212119fd91aa6220a27f31a8966444a9381842bceb3a1ea61525bd47a5b5",
            "03cd13565ded97c240a5f52e54295ad127bd0461b57904cb3a4d79b097bbecab");
    }

    @Test
    @Tag("slow")
    void shouldMatchTheManifestFor512MiB()
    {
        assertManifest(RegisteredSealProof.StackedDrg512MiBV1,
            "v28-sdr-parent-2aa9c77c3e58259481351cc4be2079cc71e1c9af39700866545c043bfa30fb42",
            "3adcc092423aa76d6a7184016893406da44dd974b219a89cd3ece25e4e3018f5");
        assertManifest(RegisteredSealProof.StackedDrg512MiBV1_1,
            "v28-sdr-parent-7ba215a1d2345774ab90b8cb1158d296e409d6068819d7b8c7baf0b25d63dc34",
            "b5877d1963793efebc261fd8fde4dd6bc59e6b5c7abf52617a4ee023b8dc173a");
    }

    @Test
    void shouldNameTheLargeSizesCachesAsTheManifest()
    {
        assertEquals("v28-sdr-parent-e1fa5d5b811ddbd118be3412c4a8c329156b8b8acc72632bca459455b5a05a13",
            ParentCache.id(StackedGraph.of(RegisteredSealProof.StackedDrg32GiBV1)));
        assertEquals("v28-sdr-parent-21981246c370f9d76c7a77ab273d94bde0ceb4e938292334960bce05585dc117",
            ParentCache.id(StackedGraph.of(RegisteredSealProof.StackedDrg32GiBV1_1)));
        assertEquals("v28-sdr-parent-8a99e8d6b6be7ab87a56b632e6739ff201c23ea14e99737c74690f0e265574d6",
            ParentCache.id(StackedGraph.of(RegisteredSealProof.StackedDrg64GiBV1)));
        assertEquals("v28-sdr-parent-4905486b7af19558ac3649bc6261411858b6add534438878c4ee3b29d8b9de0b",
            ParentCache.id(StackedGraph.of(RegisteredSealProof.StackedDrg64GiBV1_1)));
        assertEquals(Optional.empty(),
            ParentCache.publishedDigest(StackedGraph.of(RegisteredSealProof.StackedDrg2KiBV1_1_Feat_SyntheticPoRep)));
    }

    @Test
    void shouldReadBackTheFileItWrote(@TempDir final Path dir) throws IOException
    {
        final StackedGraph graph = StackedGraph.of(RegisteredSealProof.StackedDrg2KiBV1_1);
        try (ParentCache written = ParentCache.write(graph, dir);
            ParentCache reopened = ParentCache.open(graph, dir.resolve(ParentCache.fileName(graph))))
        {
            assertEquals(64 * 56, Files.size(dir.resolve(ParentCache.fileName(graph))));
            final int[] expected = new int[14];
            final int[] actual = new int[14];
            for (long node = 0; node < graph.nodes(); node++)
            {
                graph.parents(node, expected);
                reopened.parents(node, actual);
                assertArrayEquals(expected, actual, "node " + node);
            }
            assertEquals(written.digestHex(), reopened.digestHex());
            assertEquals("840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97", reopened.digestHex());
        }
        try (var files = Files.list(dir))
        {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void shouldRefuseATruncatedOrOversizedFile(@TempDir final Path dir) throws IOException
    {
        final StackedGraph graph = StackedGraph.of(RegisteredSealProof.StackedDrg2KiBV1_1);
        ParentCache.write(graph, dir).close();
        final Path file = dir.resolve(ParentCache.fileName(graph));
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE))
        {
            channel.truncate(64 * 56 - 4);
        }
        final MalformedFileException truncated = assertThrows(MalformedFileException.class,
            () -> ParentCache.open(graph, file));
        assertTrue(truncated.getMessage().contains(file.toString()), truncated.getMessage());
        assertTrue(truncated.getMessage().contains("3580 bytes") && truncated.getMessage().contains("3584 bytes")
            && truncated.getMessage().contains("truncated"), truncated.getMessage());
        Files.write(file, new byte[64 * 56 + 1]);
        final MalformedFileException oversized = assertThrows(MalformedFileException.class,
            () -> ParentCache.open(graph, file));
        assertTrue(oversized.getMessage().contains("3585 bytes"), oversized.getMessage());
        // A 2KiB cache opened as an 8MiB one is the wrong size too.
        assertThrows(MalformedFileException.class,
            () -> ParentCache.open(StackedGraph.of(RegisteredSealProof.StackedDrg8MiBV1_1), file));
    }

    private static void assertManifest(final RegisteredSealProof proof, final String id, final String digest)
    {
        final StackedGraph graph = StackedGraph.of(proof);
        assertEquals(id, ParentCache.id(graph));
        assertEquals(id + ".cache", ParentCache.fileName(graph));
        assertEquals(Optional.of(digest), ParentCache.publishedDigest(graph));
        try (ParentCache cache = ParentCache.build(graph))
        {
            assertEquals(digest, cache.digestHex(), proof.name());
        }
    }
}
