package io.jprove.engine.post;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

import io.jprove.engine.porep.ParameterSet;

/**
 * The names of the published Groth16 parameter files of a PoSt circuit (rust-fil-proofs' {@code parameter_cache.rs}
 * {@code cache_identifier} for {@code FallbackPoStCompound}): {@code v28-proof-of-spacetime-fallback-merkletree-
 * poseidon_hasher-<tree>-<hex>.params} and {@code .vk}, {@code <hex>} the SHA-256 of the public parameters' identifier
 * ({@code fallback/vanilla.rs}), which names the sector size, the challenges per sector and the sectors per partition
 * but not the API version: a size's WindowPoSt V1 and V1_2 share one pair. Each pair's digests in parameters.json come
 * with it, so that Filecoin's files are authenticated offline.
 */
public final class PostParameterFiles
{
    /** The digests (.params, .vk) of the twenty PoSt files in parameters.json, by the name's hex. */
    private static final Map<String, String[]> PUBLISHED = Map.of(
        "0170db1f394b35d995252228ee359194b13199d259380541dc529fb0099096b0",
        new String[] {"7610b9f82bfc88405b7a832b651ce2f6", "0e0958009936b9d5e515ec97b8cb792d"},
        "3ea05428c9d11689f23529cde32fd30aabd50f7d2c93657c1d3650bca3e8ea9e",
        new String[] {"82c88066be968bb550a05e30ff6c2413", "ffd79788d614d27919ae5bd2d94eacb6"},
        "5294475db5237a2e83c3e52fd6c2b03859a1831d45ed08c4f35dbf9a803165a9",
        new String[] {"c49499bb76a0762884896f9683403f55", "34d4feeacd9abf788d69ef1bb4d8fd00"},
        "50c7368dea9593ed0989e70974d28024efa9d156d585b7eea1be22b2e753f331",
        new String[] {"700171ecf7334e3199437c930676af82", "79ebb55f56fda427743e35053edad8fc"},
        "0cfb4f178bbb71cf2ecfcd42accce558b27199ab4fb59cb78f2483fe21ef36d9",
        new String[] {"1a7d4a9c8a502a497ed92a54366af33f", "4dae975de4f011f101f5a2f86d1daaba"},
        "7d739b8cf60f1b0709eeebee7730e297683552e4b69cab6984ec0285663c5781",
        new String[] {"827359440349fe8f5a016e7598993b79", "bd2cd62f65c1ab84f19ca27e97b7c731"},
        "0377ded656c6f524f1618760bffe4e0a1c51d5a70c4509eedae8a27555733edc",
        new String[] {"2cf49eb26f1fee94c85781a390ddb4c8", "0f8ec542485568fa3468c066e9fed82b"},
        "559e581f022bb4e4ec6e719e563bf0e026ad6de42e56c18714a2c692b1b88d7e",
        new String[] {"d84f79a16fe40e9e25a36e2107bb1ba0", "fc02943678dd119e69e7fab8420e8819"},
        "2627e4006b67f99cef990c0a47d5426cb7ab0a0ad58fc1061547bf2d28b09def",
        new String[] {"3810b7780ac0e299b22ae70f1f94c9bc", "59d2bf1857adc59a4f08fcf2afaa916b"},
        "b62098629d07946e9028127e70295ed996fe3ed25b0f9f88eb610a0ab4385a3c",
        new String[] {"2170a91ad5bae22ea61f2ea766630322", "6d3789148fb6466d07ee1e24d6292fd6"});

    private PostParameterFiles()
    {
    }

    /**
     * @return the public parameters' identifier, e.g. {@code FallbackPoSt::PublicParams{sector_size: 2048,
     *         challenge_count: 10, sector_count: 2}}
     */
    public static String identifier(final PostShape shape)
    {
        return "FallbackPoSt::PublicParams{sector_size: " + shape.sectorBytes() + ", challenge_count: "
            + shape.challengeCount() + ", sector_count: " + shape.sectorCount() + "}";
    }

    /** @return the files' common stem: {@code v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-...} */
    public static String stem(final PostShape shape)
    {
        return "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-" + shape.tree().baseArity() + "-"
            + shape.tree().subArity() + "-" + shape.tree().topArity() + "-" + hex(shape);
    }

    /** @return a PoSt proof's pair of files, as the parameter cache finds them */
    public static ParameterSet set(final RegisteredPostProof proof)
    {
        final PostShape shape = proof.shape();
        final String[] digests = PUBLISHED.getOrDefault(hex(shape), new String[2]);
        final String kind = proof.kind() == RegisteredPostProof.Kind.WINDOW ? "WindowPoSt" : "WinningPoSt";
        return new ParameterSet(stem(shape), proof.sizeName() + " " + kind, "--post " + proof.kind().word()
            + " --sector-size " + proof.sizeName(), digests[0], digests[1]);
    }

    private static String hex(final PostShape shape)
    {
        try
        {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(identifier(shape).getBytes(StandardCharsets.UTF_8)));
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
