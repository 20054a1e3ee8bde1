package io.jprove.engine.post;

import java.util.Locale;

import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.porep.SectorShape;

/**
 * The shape of one fallback PoSt partition circuit: storage-proofs-post's {@code fallback::PublicParams} and the
 * replica tree it is generic over.
 * <p>
 * filecoin-proofs sets them up per sector size: WindowPoSt proves {@value #WINDOW_CHALLENGES} challenges in each of
 * {@code WINDOW_POST_SECTOR_COUNT} sectors per partition (2 for the small sizes, 2,349 for 32 GiB, 2,300 for 64 GiB);
 * WinningPoSt's {@value #WINNING_CHALLENGES} challenges of one sector become, in {@code winning_post_setup_params},
 * {@value #WINNING_CHALLENGES} "sectors" of one challenge each (the same sector's public values repeated).
 *
 * @param name           e.g. {@code window-post-32GiB}
 * @param sectorBytes    the sector size
 * @param tree           the replica tree (comm_r_last's): Poseidon, e.g. "8-8-0" for 32 GiB
 * @param sectorCount    sectors per partition
 * @param challengeCount challenges per sector
 */
public record PostShape(String name, long sectorBytes, TreeShape tree, int sectorCount, int challengeCount)
{
    /** WindowPoSt's challenges per sector (filecoin-proofs {@code WINDOW_POST_CHALLENGE_COUNT}). */
    public static final int WINDOW_CHALLENGES = 10;

    /** WinningPoSt's challenges (filecoin-proofs {@code WINNING_POST_CHALLENGE_COUNT}), over one sector. */
    public static final int WINNING_CHALLENGES = 66;

    private static final String WINDOW = "window-post-";
    private static final String WINNING = "winning-post-";

    /** Validates the shape. */
    public PostShape
    {
        if (sectorCount < 1 || challengeCount < 1)
        {
            throw new IllegalArgumentException("a PoSt needs at least one sector and one challenge, got "
                + sectorCount + " sectors of " + challengeCount + " challenges");
        }
        if (tree.leaves() * 32 != sectorBytes)
        {
            throw new IllegalArgumentException("a " + sectorBytes + "-byte sector has " + sectorBytes / 32
                + " leaves, the tree " + tree.leaves());
        }
    }

    /**
     * @param size a Filecoin sector size: 2KiB, 8MiB, 512MiB, 32GiB or 64GiB
     * @return a WindowPoSt partition of that size
     */
    public static PostShape window(final String size)
    {
        final SectorShape s = SectorShape.preset(canonicalSize(size));
        final int sectors = switch (s.name())
        {
            case "32GiB" -> 2349;
            case "64GiB" -> 2300;
            default -> 2;
        };
        return new PostShape(WINDOW + s.name(), s.nodes() * 32, s.replicaTree(), sectors, WINDOW_CHALLENGES);
    }

    /**
     * @param size a Filecoin sector size: 2KiB, 8MiB, 512MiB, 32GiB or 64GiB
     * @return the WinningPoSt circuit of that size
     */
    public static PostShape winning(final String size)
    {
        final SectorShape s = SectorShape.preset(canonicalSize(size));
        return new PostShape(WINNING + s.name(), s.nodes() * 32, s.replicaTree(), WINNING_CHALLENGES, 1);
    }

    /**
     * @param name {@code window-post-SIZE} or {@code winning-post-SIZE}, e.g. {@code window-post-32GiB}
     * @return the shape of that name, or null when the name is neither.
     * @throws IllegalArgumentException naming the sizes when the size is not one.
     */
    public static PostShape byName(final String name)
    {
        if (name.startsWith(WINDOW))
        {
            return window(name.substring(WINDOW.length()));
        }
        if (name.startsWith(WINNING))
        {
            return winning(name.substring(WINNING.length()));
        }
        return null;
    }

    /** @return the same shape with another number of sectors per partition (e.g. a test's). */
    public PostShape withSectors(final int sectors)
    {
        return new PostShape(name + "-" + sectors + "-sectors", sectorBytes, tree, sectors, challengeCount);
    }

    /** @return the public inputs per partition, ONE excluded: comm_r and one packed challenge per challenge. */
    public int publicInputs()
    {
        return sectorCount * (1 + challengeCount);
    }

    @Override
    public String toString()
    {
        return name + ": " + sectorCount + " sectors of " + challengeCount + " challenges per partition, replica tree "
            + tree.baseArity() + "-" + tree.subArity() + "-" + tree.topArity() + " over " + tree.leaves() + " leaves";
    }

    private static String canonicalSize(final String size)
    {
        for (final String preset : SectorShape.presets().keySet())
        {
            if (preset.toLowerCase(Locale.ROOT).equals(size.toLowerCase(Locale.ROOT)) && !"tiny".equals(preset))
            {
                return preset;
            }
        }
        throw new IllegalArgumentException("no Filecoin sector size '" + size
            + "'; sizes: 2KiB, 8MiB, 512MiB, 32GiB, 64GiB");
    }
}
