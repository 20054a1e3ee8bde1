package io.jprove.engine.porep;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

import io.jprove.engine.gadgets.hash.Blake2b;
import io.jprove.engine.porep.sdr.StackedGraph;

/**
 * The names of the published Groth16 parameter files of a seal proof (rust-fil-proofs' {@code parameter_cache.rs}
 * {@code cache_identifier}): {@code v28-stacked-proof-of-replication-<tree>-sha256_hasher-<hex>.params} and
 * {@code .vk}, {@code <hex>} the SHA-256 of the public parameters' identifier string ({@code stacked/vanilla/
 * params.rs}). The identifier names the graph's size, the layers, the challenges per partition and the tree shape,
 * but neither the porep id nor the API version nor the feature: a sector size's twenty-odd seal proofs share one
 * pair of files.
 * <p>
 * {@link #publishedDigest} gives each file's digest in rust-fil-proofs' {@code parameters.json} (the first 16 bytes
 * of its BLAKE2b-512, as {@link #digest} computes it), so that a file obtained anywhere can be authenticated offline.
 */
public final class PorepParameterFiles
{
    /** The digests of the ten PoRep files in parameters.json, by the name's hex. */
    private static final Map<String, String[]> PUBLISHED = Map.of(
        "032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f",
        new String[] {"434fb1338ecfaf0f59256f30dde4968f", "dc1ade9929ade1708238f155343044ac"},
        "ecd683648512ab1765faa2a5f14bab48f676e633467f0aa8aad4b55dcb0652bb",
        new String[] {"09e612e4eeb7a0eb95679a88404f960c", "b687beb9adbd9dabe265a7e3620813e4"},
        "6babf46ce344ae495d558e7770a585b2382d54f225af8ed0397b8be7c3fcd472",
        new String[] {"6c77597eb91ab936c1cef4cf19eba1b3", "065179da19fbe515507267677f02823e"},
        "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820",
        new String[] {"6a388072a518cf46ebd661f5cc46900a", "0c7b4aac1c40fdb7eb82bc355b41addf"},
        "96f1b4a04c5c51e4759bbf224bbc2ef5a42c7100f16ec0637123f16a845ddfb2",
        new String[] {"1801f8a6e1b00bceb00cc27314bb5ce3", "a89884252c04c298d0b3c81bfd884164"});
    private static final String PARAMS = ".params";
    private static final String VK = ".vk";

    private PorepParameterFiles()
    {
    }

    /** @return the public parameters' identifier, e.g. {@code layered_drgporep::PublicParams{ graph: ... }} */
    public static String identifier(final RegisteredSealProof proof)
    {
        return "layered_drgporep::PublicParams{ graph: " + StackedGraph.identifier(proof.nodes())
            + ", challenges: LayerChallenges { layers: " + proof.layers() + ", max_count: "
            + proof.challengesPerPartition() + " }, tree: " + tree(proof) + " }";
    }

    /** @return the files' common stem: {@code v28-stacked-proof-of-replication-<tree>-sha256_hasher-<hex>} */
    public static String stem(final RegisteredSealProof proof)
    {
        return "v28-stacked-proof-of-replication-" + tree(proof) + "-sha256_hasher-" + hex(proof);
    }

    /** @return the seal proof's pair of files, as the parameter cache finds them */
    public static ParameterSet set(final RegisteredSealProof proof)
    {
        final String[] digests = PUBLISHED.getOrDefault(hex(proof), new String[2]);
        return new ParameterSet(stem(proof), proof.sizeName() + " PoRep", "--porep " + proof.sizeName(), digests[0],
            digests[1]);
    }

    /** @return the Groth16 parameters' file name */
    public static String paramsName(final RegisteredSealProof proof)
    {
        return stem(proof) + PARAMS;
    }

    /** @return the verifying key's file name */
    public static String vkName(final RegisteredSealProof proof)
    {
        return stem(proof) + VK;
    }

    /**
     * @param fileName a parameter file's name
     * @return its digest in parameters.json (32 hex digits), when it is one of the published PoRep files
     */
    public static Optional<String> publishedDigest(final String fileName)
    {
        for (final Map.Entry<String, String[]> e : PUBLISHED.entrySet())
        {
            final String name = "-sha256_hasher-" + e.getKey();
            if (fileName.endsWith(name + PARAMS))
            {
                return Optional.of(e.getValue()[0]);
            }
            if (fileName.endsWith(name + VK))
            {
                return Optional.of(e.getValue()[1]);
            }
        }
        return Optional.empty();
    }

    /** @return a file's digest as parameters.json writes it: the first 32 hex digits of its BLAKE2b-512 */
    public static String digest(final Path file) throws IOException
    {
        final Blake2b blake = new Blake2b(Blake2b.MAX_BYTES, new byte[0]);
        try (InputStream in = Files.newInputStream(file))
        {
            final byte[] buffer = new byte[1 << 16];
            int n;
            while ((n = in.read(buffer)) > 0)
            {
                blake.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(blake.digest(), 0, 16);
    }

    private static String tree(final RegisteredSealProof proof)
    {
        return "merkletree-poseidon_hasher-8-" + proof.subArity() + "-" + proof.topArity();
    }

    private static String hex(final RegisteredSealProof proof)
    {
        try
        {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(identifier(proof).getBytes(StandardCharsets.UTF_8)));
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
