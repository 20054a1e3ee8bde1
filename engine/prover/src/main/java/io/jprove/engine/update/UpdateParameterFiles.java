package io.jprove.engine.update;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

import io.jprove.engine.porep.ParameterSet;

/**
 * The names of the published Groth16 parameter files of a SnapDeals partition circuit (rust-fil-proofs'
 * {@code cache_identifier} for {@code EmptySectorUpdateCompound}): {@code v28-empty-sector-update-merkletree-
 * poseidon_hasher-<tree>-<hex>.params} and {@code .vk}, {@code <hex>} the SHA-256 of the public parameters'
 * identifier {@code empty_sector_update::PublicParams{ sector_nodes: N }} ({@code vanilla.rs}), with their digests in
 * parameters.json.
 */
public final class UpdateParameterFiles
{
    /** The digests (.params, .vk) of the five SnapDeals files in parameters.json, by the name's hex. */
    private static final Map<String, String[]> PUBLISHED = Map.of(
        "fb9e095bebdd77511c0269b967b4d87ba8b8a525edaa0e165de23ba454510194",
        new String[] {"311f92a3e75036ced01b1c0025f1fa0c", "eadad9784969890d30f2749708c79771"},
        "92180959e1918d26350b8e6cfe217bbdd0a2d8de51ebec269078b364b715ad63",
        new String[] {"5aedd2cf3e5c0a15623d56a1b43110ad", "abd80269054d391a734febdac0d2e687"},
        "61fa69f38b9cc771ba27b670124714b4ea77fbeae05e377fb859c4a43b73a30c",
        new String[] {"c3ad7bb549470b82ad52ed070aebb4f4", "994c5b7d450ca9da348c910689f2dc7f"},
        "3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18",
        new String[] {"1b3cfd761a961543f9eb273e435a06a2", "3a6941983754737fde880d29c7094905"},
        "102e1444a7e9a97ebf1e3d6855dcc77e66c011ea66f936d9b2c508f87f2f83a7",
        new String[] {"1a392e7b759fb18e036c7559b5ece816", "80e366df2f1011953c2d01c7b7c9ee8e"});

    private UpdateParameterFiles()
    {
    }

    /** @return the public parameters' identifier. */
    public static String identifier(final UpdateShape shape)
    {
        return "empty_sector_update::PublicParams{ sector_nodes: " + shape.sectorNodes() + " }";
    }

    /** @return a SnapDeals shape's pair of files, as the parameter cache finds them. */
    public static ParameterSet set(final UpdateShape shape)
    {
        final String hex = hex(shape);
        final String[] digests = PUBLISHED.getOrDefault(hex, new String[2]);
        final String size = shape.name().substring(shape.name().indexOf('-') + 1);
        return new ParameterSet("v28-empty-sector-update-merkletree-poseidon_hasher-" + shape.replicaTree()
            .baseArity() + "-" + shape.replicaTree().subArity() + "-" + shape.replicaTree().topArity() + "-" + hex,
            size + " SnapDeals", "--snap " + size, digests[0], digests[1]);
    }

    private static String hex(final UpdateShape shape)
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
