package io.jprove.engine.post;

import java.util.Arrays;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;

/**
 * Filecoin's registered PoSt proofs, as rust-filecoin-proofs-api's {@code RegisteredPoStProof} lists them, numbered as
 * the FFI's {@code abi.RegisteredPoStProof} (what a cuzk request's {@code registered_proof} carries): WinningPoSt V1
 * (API 1.0) 0 to 4, WindowPoSt V1 (API 1.0) 5 to 9, and WindowPoSt V1_2 (API 1.2, challenges indexed per sector; the
 * FFI calls it V1_1) 10 to 14, each for the five sector sizes 2KiB, 8MiB, 512MiB, 32GiB and 64GiB.
 */
public enum RegisteredPostProof
{
    /** WinningPoSt, 2 KiB. */
    StackedDrgWinning2KiBV1(0, Kind.WINNING, 2L << 10, ApiVersion.V1_0_0),
    /** WinningPoSt, 8 MiB. */
    StackedDrgWinning8MiBV1(1, Kind.WINNING, 8L << 20, ApiVersion.V1_0_0),
    /** WinningPoSt, 512 MiB. */
    StackedDrgWinning512MiBV1(2, Kind.WINNING, 512L << 20, ApiVersion.V1_0_0),
    /** WinningPoSt, 32 GiB. */
    StackedDrgWinning32GiBV1(3, Kind.WINNING, 32L << 30, ApiVersion.V1_0_0),
    /** WinningPoSt, 64 GiB. */
    StackedDrgWinning64GiBV1(4, Kind.WINNING, 64L << 30, ApiVersion.V1_0_0),
    /** WindowPoSt, 2 KiB, API 1.0. */
    StackedDrgWindow2KiBV1(5, Kind.WINDOW, 2L << 10, ApiVersion.V1_0_0),
    /** WindowPoSt, 8 MiB, API 1.0. */
    StackedDrgWindow8MiBV1(6, Kind.WINDOW, 8L << 20, ApiVersion.V1_0_0),
    /** WindowPoSt, 512 MiB, API 1.0. */
    StackedDrgWindow512MiBV1(7, Kind.WINDOW, 512L << 20, ApiVersion.V1_0_0),
    /** WindowPoSt, 32 GiB, API 1.0. */
    StackedDrgWindow32GiBV1(8, Kind.WINDOW, 32L << 30, ApiVersion.V1_0_0),
    /** WindowPoSt, 64 GiB, API 1.0. */
    StackedDrgWindow64GiBV1(9, Kind.WINDOW, 64L << 30, ApiVersion.V1_0_0),
    /** WindowPoSt, 2 KiB, API 1.2. */
    StackedDrgWindow2KiBV1_2(10, Kind.WINDOW, 2L << 10, ApiVersion.V1_2_0),
    /** WindowPoSt, 8 MiB, API 1.2. */
    StackedDrgWindow8MiBV1_2(11, Kind.WINDOW, 8L << 20, ApiVersion.V1_2_0),
    /** WindowPoSt, 512 MiB, API 1.2. */
    StackedDrgWindow512MiBV1_2(12, Kind.WINDOW, 512L << 20, ApiVersion.V1_2_0),
    /** WindowPoSt, 32 GiB, API 1.2. */
    StackedDrgWindow32GiBV1_2(13, Kind.WINDOW, 32L << 30, ApiVersion.V1_2_0),
    /** WindowPoSt, 64 GiB, API 1.2. */
    StackedDrgWindow64GiBV1_2(14, Kind.WINDOW, 64L << 30, ApiVersion.V1_2_0);

    /** The two PoSts. */
    public enum Kind
    {
        /** WindowPoSt: a partition of sectors, each proved at ten challenges. */
        WINDOW,
        /** WinningPoSt: one sector proved at 66 challenges. */
        WINNING;

        /** @return "window" or "winning", as the commands name it. */
        public String word()
        {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /**
         * @return the kind of that word.
         * @throws IllegalArgumentException naming the two.
         */
        public static Kind of(final String word)
        {
            for (final Kind k : values())
            {
                if (k.word().equalsIgnoreCase(word.trim()))
                {
                    return k;
                }
            }
            throw new IllegalArgumentException("'" + word + "' is not a PoSt kind; kinds: window, winning");
        }
    }

    private final long id;
    private final Kind kind;
    private final long sectorBytes;
    private final ApiVersion version;

    RegisteredPostProof(final long id, final Kind kind, final long sectorBytes, final ApiVersion version)
    {
        this.id = id;
        this.kind = kind;
        this.sectorBytes = sectorBytes;
        this.version = version;
    }

    /** @return the FFI's number. */
    public long id()
    {
        return id;
    }

    /** @return WindowPoSt or WinningPoSt. */
    public Kind kind()
    {
        return kind;
    }

    /** @return the sector size. */
    public long sectorBytes()
    {
        return sectorBytes;
    }

    /** @return the API version (it picks the challenge indices). */
    public ApiVersion version()
    {
        return version;
    }

    /** @return the sector size as Filecoin writes it: "2KiB" ... "64GiB". */
    public String sizeName()
    {
        return RegisteredSealProof.of(sectorBytes, ApiVersion.V1_1_0, RegisteredSealProof.Feature.NONE).sizeName();
    }

    /** @return the partition circuit's shape (filecoin-proofs' setup parameters for this proof). */
    public PostShape shape()
    {
        return kind == Kind.WINDOW ? PostShape.window(sizeName()) : PostShape.winning(sizeName());
    }

    /**
     * @return the current proof of a kind and size: WindowPoSt's V1_2 (the network's since the grinding fix),
     *         WinningPoSt's V1 (its only one).
     */
    public static RegisteredPostProof current(final Kind kind, final long sectorBytes)
    {
        for (final RegisteredPostProof p : values())
        {
            if (p.kind == kind && p.sectorBytes == sectorBytes && (kind == Kind.WINNING
                || p.version == ApiVersion.V1_2_0))
            {
                return p;
            }
        }
        throw new IllegalArgumentException("no registered PoSt proof for " + sectorBytes + "-byte sectors");
    }

    /**
     * @return the proof of a kind, size and API version.
     * @throws IllegalArgumentException when Filecoin registers none (WinningPoSt has API 1.0 only, WindowPoSt 1.0 and
     *                                  1.2).
     */
    public static RegisteredPostProof of(final Kind kind, final long sectorBytes, final ApiVersion version)
    {
        for (final RegisteredPostProof p : values())
        {
            if (p.kind == kind && p.sectorBytes == sectorBytes && p.version == version)
            {
                return p;
            }
        }
        throw new IllegalArgumentException("no registered " + kind.word() + " PoSt proof for " + sectorBytes
            + "-byte sectors at API " + version.semver() + " (WindowPoSt: 1.0.0 or 1.2.0; WinningPoSt: 1.0.0)");
    }

    /**
     * @return the proof of that FFI number.
     * @throws IllegalArgumentException when no PoSt proof has it.
     */
    public static RegisteredPostProof ofId(final long id)
    {
        for (final RegisteredPostProof p : values())
        {
            if (p.id == id)
            {
                return p;
            }
        }
        throw new IllegalArgumentException("no registered PoSt proof has id " + Long.toUnsignedString(id)
            + " (0 to " + (values().length - 1) + " are known: " + Arrays.toString(values()) + ")");
    }
}
