package io.jprove.engine.porep;

import java.util.Arrays;

/**
 * Filecoin's registered seal proofs, as rust-filecoin-proofs-api's {@code RegisteredSealProof} lists them (the enum
 * is append-only there; the JSON of a C1 output names a value by its Rust variant name): per sector size, the
 * original V1 (API 1.0), V1_1 (API 1.1: the DRG parents' order changed), V1_1 with synthetic PoRep (API 1.2, though
 * the published name says 1_1) and V1_2 with non-interactive PoRep.
 * <p>
 * Each fixes what rust-fil-proofs' {@code PoRepConfig} derives from it: the porep id (registered id u64 LE, nonce 0
 * u64 LE, 16 zero bytes), the sector's nodes, SDR layers, partitions and challenges per partition (filecoin-proofs
 * {@code constants.rs} and {@code parameters.rs select_challenges}: the minimum total spread over the partitions,
 * rounded up), and the shape of the replica trees.
 */
public enum RegisteredSealProof
{
    /** 2 KiB, API 1.0. */
    StackedDrg2KiBV1(0, 2L << 10, ApiVersion.V1_0_0, Feature.NONE),
    /** 8 MiB, API 1.0. */
    StackedDrg8MiBV1(1, 8L << 20, ApiVersion.V1_0_0, Feature.NONE),
    /** 512 MiB, API 1.0. */
    StackedDrg512MiBV1(2, 512L << 20, ApiVersion.V1_0_0, Feature.NONE),
    /** 32 GiB, API 1.0. */
    StackedDrg32GiBV1(3, 32L << 30, ApiVersion.V1_0_0, Feature.NONE),
    /** 64 GiB, API 1.0. */
    StackedDrg64GiBV1(4, 64L << 30, ApiVersion.V1_0_0, Feature.NONE),
    /** 2 KiB, API 1.1. */
    StackedDrg2KiBV1_1(5, 2L << 10, ApiVersion.V1_1_0, Feature.NONE),
    /** 8 MiB, API 1.1. */
    StackedDrg8MiBV1_1(6, 8L << 20, ApiVersion.V1_1_0, Feature.NONE),
    /** 512 MiB, API 1.1. */
    StackedDrg512MiBV1_1(7, 512L << 20, ApiVersion.V1_1_0, Feature.NONE),
    /** 32 GiB, API 1.1: what storage providers seal today. */
    StackedDrg32GiBV1_1(8, 32L << 30, ApiVersion.V1_1_0, Feature.NONE),
    /** 64 GiB, API 1.1. */
    StackedDrg64GiBV1_1(9, 64L << 30, ApiVersion.V1_1_0, Feature.NONE),
    /** 2 KiB, synthetic PoRep (API 1.2). */
    StackedDrg2KiBV1_1_Feat_SyntheticPoRep(10, 2L << 10, ApiVersion.V1_2_0, Feature.SYNTHETIC_POREP),
    /** 8 MiB, synthetic PoRep (API 1.2). */
    StackedDrg8MiBV1_1_Feat_SyntheticPoRep(11, 8L << 20, ApiVersion.V1_2_0, Feature.SYNTHETIC_POREP),
    /** 512 MiB, synthetic PoRep (API 1.2). */
    StackedDrg512MiBV1_1_Feat_SyntheticPoRep(12, 512L << 20, ApiVersion.V1_2_0, Feature.SYNTHETIC_POREP),
    /** 32 GiB, synthetic PoRep (API 1.2). */
    StackedDrg32GiBV1_1_Feat_SyntheticPoRep(13, 32L << 30, ApiVersion.V1_2_0, Feature.SYNTHETIC_POREP),
    /** 64 GiB, synthetic PoRep (API 1.2). */
    StackedDrg64GiBV1_1_Feat_SyntheticPoRep(14, 64L << 30, ApiVersion.V1_2_0, Feature.SYNTHETIC_POREP),
    /** 2 KiB, non-interactive PoRep (API 1.2). */
    StackedDrg2KiBV1_2_Feat_NonInteractivePoRep(15, 2L << 10, ApiVersion.V1_2_0, Feature.NON_INTERACTIVE_POREP),
    /** 8 MiB, non-interactive PoRep (API 1.2). */
    StackedDrg8MiBV1_2_Feat_NonInteractivePoRep(16, 8L << 20, ApiVersion.V1_2_0, Feature.NON_INTERACTIVE_POREP),
    /** 512 MiB, non-interactive PoRep (API 1.2). */
    StackedDrg512MiBV1_2_Feat_NonInteractivePoRep(17, 512L << 20, ApiVersion.V1_2_0,
        Feature.NON_INTERACTIVE_POREP),
    /** 32 GiB, non-interactive PoRep (API 1.2). */
    StackedDrg32GiBV1_2_Feat_NonInteractivePoRep(18, 32L << 30, ApiVersion.V1_2_0, Feature.NON_INTERACTIVE_POREP),
    /** 64 GiB, non-interactive PoRep (API 1.2). */
    StackedDrg64GiBV1_2_Feat_NonInteractivePoRep(19, 64L << 30, ApiVersion.V1_2_0, Feature.NON_INTERACTIVE_POREP);

    /** The proofs API version a seal proof is made under (rust-fil-proofs' {@code ApiVersion}). */
    public enum ApiVersion
    {
        /** 1.0.0: DRG parents with the predecessor last. */
        V1_0_0,
        /** 1.1.0: the predecessor first. */
        V1_1_0,
        /** 1.2.0: as 1.1, with the optional features. */
        V1_2_0;

        /** @return whether this version orders the DRG parents as 1.0 did (the immediate predecessor last). */
        public boolean predecessorLast()
        {
            return this == V1_0_0;
        }

        /** @return "1.0.0", "1.1.0" or "1.2.0", as rust-fil-proofs prints it in identifiers. */
        public String semver()
        {
            return name().substring(1).replace('_', '.');
        }
    }

    /** The one API feature a seal proof may enable (rust-fil-proofs' {@code ApiFeature}). */
    public enum Feature
    {
        /** Interactive PoRep: challenges from the seed. */
        NONE,
        /** Synthetic PoRep: challenges drawn once at sealing, proved from a selection the seed makes. */
        SYNTHETIC_POREP,
        /** Non-interactive PoRep: challenges from comm_r alone, many partitions, aggregated. */
        NON_INTERACTIVE_POREP
    }

    /** Bytes per node (an Fr element). */
    public static final int NODE_BYTES = 32;

    private final long id;
    private final long sectorBytes;
    private final ApiVersion version;
    private final Feature feature;

    RegisteredSealProof(final long id, final long sectorBytes, final ApiVersion version, final Feature feature)
    {
        this.id = id;
        this.sectorBytes = sectorBytes;
        this.version = version;
        this.feature = feature;
    }

    /** @return the registered id (0–19), the first eight bytes of the porep id. */
    public long id()
    {
        return id;
    }

    /** @return the sector size in bytes. */
    public long sectorBytes()
    {
        return sectorBytes;
    }

    /** @return the sector's nodes: its size over 32 bytes. */
    public long nodes()
    {
        return sectorBytes / NODE_BYTES;
    }

    /** @return the proofs API version. */
    public ApiVersion version()
    {
        return version;
    }

    /** @return the feature it enables, {@link Feature#NONE} for plain interactive PoRep. */
    public Feature feature()
    {
        return feature;
    }

    /** @return the 32-byte porep id: the registered id as u64 LE, the nonce (0) as u64 LE, then 16 zero bytes. */
    public byte[] porepId()
    {
        final byte[] porepId = new byte[32];
        for (int i = 0; i < 8; i++)
        {
            porepId[i] = (byte)(id >>> (8 * i));
        }
        return porepId;
    }

    /** @return SDR layers: 2 up to 512 MiB, 11 for 32 and 64 GiB. */
    public int layers()
    {
        return isLarge() ? 11 : 2;
    }

    /** @return the partitions of one sector's proof: 1 (10 at 32/64 GiB); non-interactive: 13 (126). */
    public int partitions()
    {
        if (feature == Feature.NON_INTERACTIVE_POREP)
        {
            return isLarge() ? 126 : 13;
        }
        return isLarge() ? 10 : 1;
    }

    /** @return the fewest challenges a sector's proof must answer (filecoin-proofs' minimum challenges). */
    public int minimumChallenges()
    {
        if (feature == Feature.NON_INTERACTIVE_POREP)
        {
            return isLarge() ? 2253 : 26;
        }
        return isLarge() ? 176 : 2;
    }

    /** @return challenges per partition: the minimum spread over the partitions, rounded up (at most 18). */
    public int challengesPerPartition()
    {
        return (minimumChallenges() + partitions() - 1) / partitions();
    }

    /** @return the sub-tree arity of tree C and tree R_last: 8 at 32 and 64 GiB, else 0 (none). */
    public int subArity()
    {
        return isLarge() ? 8 : 0;
    }

    /** @return the top-tree arity of tree C and tree R_last: 2 at 64 GiB, else 0 (none). */
    public int topArity()
    {
        return sectorBytes == 64L << 30 ? 2 : 0;
    }

    /** @return the shape of one partition's circuit. */
    public SectorShape shape()
    {
        return SectorShape.of(sizeName(), sectorBytes, layers(), challengesPerPartition(), subArity(), topArity());
    }

    /** @return the sector size as Filecoin writes it: "2KiB", "8MiB", "512MiB", "32GiB", "64GiB". */
    public String sizeName()
    {
        return sizeName(sectorBytes);
    }

    /**
     * @return the seal proof of that registered id.
     * @throws IllegalArgumentException when no seal proof has it.
     */
    public static RegisteredSealProof ofId(final long id)
    {
        for (final RegisteredSealProof p : values())
        {
            if (p.id == id)
            {
                return p;
            }
        }
        throw new IllegalArgumentException("no registered seal proof has id " + Long.toUnsignedString(id)
            + " (0 to " + (values().length - 1) + " are known)");
    }

    /**
     * @return the seal proof of that Rust variant name, as a C1 output's JSON writes it.
     * @throws IllegalArgumentException naming the known ones when there is none.
     */
    public static RegisteredSealProof ofName(final String name)
    {
        for (final RegisteredSealProof p : values())
        {
            if (p.name().equals(name))
            {
                return p;
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not a registered seal proof; known: "
            + Arrays.toString(values()));
    }

    /**
     * @param sectorBytes a sector size in bytes
     * @param version     the API version
     * @param feature     the feature
     * @return the seal proof of that size, version and feature.
     * @throws IllegalArgumentException when Filecoin registers none.
     */
    public static RegisteredSealProof of(final long sectorBytes, final ApiVersion version, final Feature feature)
    {
        for (final RegisteredSealProof p : values())
        {
            if (p.sectorBytes == sectorBytes && p.version == version && p.feature == feature)
            {
                return p;
            }
        }
        throw new IllegalArgumentException("no registered seal proof for " + sizeName(sectorBytes) + ", API "
            + version.semver() + ", " + feature);
    }

    /**
     * @param text a sector size: "2KiB", "8MiB", "512MiB", "32GiB", "64GiB" (case-insensitive), or bytes
     * @return its bytes.
     * @throws IllegalArgumentException when it is not one of Filecoin's five PoRep sector sizes.
     */
    public static long parseSectorSize(final String text)
    {
        for (final RegisteredSealProof p : values())
        {
            if (p.sizeName().equalsIgnoreCase(text.trim()) || Long.toString(p.sectorBytes).equals(text.trim()))
            {
                return p.sectorBytes;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a PoRep sector size; sizes: 2KiB, 8MiB, 512MiB, "
            + "32GiB, 64GiB");
    }

    private boolean isLarge()
    {
        return sectorBytes >= 32L << 30;
    }

    private static String sizeName(final long bytes)
    {
        if (bytes >= 1L << 30)
        {
            return (bytes >> 30) + "GiB";
        }
        return bytes >= 1L << 20 ? (bytes >> 20) + "MiB" : (bytes >> 10) + "KiB";
    }
}
