package io.jprove.engine.formats.circom;

import io.jprove.engine.formats.InputFile;
import io.jprove.engine.r1cs.MalformedFileException;
import io.jprove.field.Fr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The iden3 binary container shared by {@code .r1cs}, {@code .wtns} and {@code .zkey}, memory-mapped: a 4-byte
 * magic, a u32 version, a u32 section count, then sections of {u32 type, u64 size, data}. Unknown section types are
 * skipped, as the format says; a section type may appear once; nothing may follow the last section (as bellperson's
 * files, which say so the same way). Everything is little-endian. Only a regular file is opened
 * ({@link InputFile}).
 */
final class BinaryContainer implements AutoCloseable
{
    static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** bn128 (BN254) scalar field, the prime circom uses unless told {@code -p bls12381}. */
    static final BigInteger BN128_R = new BigInteger(
        "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001", 16);

    private final Path file;
    private final Arena arena;
    private final MemorySegment data;
    private final long[] sectionOffsets;
    private final long[] sectionSizes;
    private final String[] sectionNames;

    private BinaryContainer(final Path file, final Arena arena, final MemorySegment data, final String[] names)
    {
        this.file = file;
        this.arena = arena;
        this.data = data;
        sectionNames = names;
        sectionOffsets = new long[names.length];
        sectionSizes = new long[names.length];
        java.util.Arrays.fill(sectionOffsets, -1);
    }

    /**
     * Maps and checks a container.
     *
     * @param names the name of each section type, by type number (index 0 unused); types beyond are skipped.
     */
    static BinaryContainer open(final Path file, final String magic, final int version, final String[] names)
    {
        InputFile.requireRegular(file);
        final Arena arena = Arena.ofShared();
        try
        {
            final MemorySegment data;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ))
            {
                data = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            }
            final BinaryContainer c = new BinaryContainer(file, arena, data, names);
            c.readSections(magic, version);
            return c;
        }
        catch (final IOException e)
        {
            arena.close();
            throw new UncheckedIOException("cannot read " + file, e);
        }
        catch (final RuntimeException | Error e)
        {
            arena.close();
            throw e;
        }
    }

    private void readSections(final String magic, final int version)
    {
        final long size = data.byteSize();
        if (size < 12)
        {
            throw error("file header", size, "file of " + size + " bytes is truncated: the header needs 12");
        }
        final byte[] m = new byte[4];
        MemorySegment.copy(data, ValueLayout.JAVA_BYTE, 0, m, 0, 4);
        if (!magic.equals(new String(m, StandardCharsets.ISO_8859_1)))
        {
            throw error("file header", 0, "magic is not \"" + magic + "\"");
        }
        final int v = data.get(U32, 4);
        if (v != version)
        {
            throw error("file header", 4, "version " + Integer.toUnsignedString(v) + ", only " + version
                + " is supported");
        }
        final long count = Integer.toUnsignedLong(data.get(U32, 8));
        long at = 12;
        for (long i = 0; i < count; i++)
        {
            if (at + 12 > size)
            {
                throw error("section table", at, "truncated: section " + i + " of " + count + " has no header");
            }
            final long type = Integer.toUnsignedLong(data.get(U32, at));
            final long length = data.get(U64, at + 4);
            final long start = at + 12;
            if (length < 0 || length > size - start)
            {
                throw error(nameOf(type), start, "truncated: the section declares " + Long.toUnsignedString(length)
                    + " bytes but " + (size - start) + " remain in the file");
            }
            if (type > 0 && type < sectionNames.length)
            {
                if (sectionOffsets[(int)type] >= 0)
                {
                    throw error(nameOf(type), at, "second " + nameOf(type) + " section");
                }
                sectionOffsets[(int)type] = start;
                sectionSizes[(int)type] = length;
            }
            at = start + length;
        }
        if (at != size)
        {
            throw error("end of file", at, (size - at) + " bytes follow the last section");
        }
    }

    /** @return the offset of a section's data. @throws MalformedFileException when it is missing. */
    long section(final int type)
    {
        if (sectionOffsets[type] < 0)
        {
            throw error(sectionNames[type], data.byteSize(), "the file has no " + sectionNames[type] + " section");
        }
        return sectionOffsets[type];
    }

    /** @return whether a section is present. */
    boolean has(final int type)
    {
        return sectionOffsets[type] >= 0;
    }

    /** @return the size of a present section. */
    long sectionSize(final int type)
    {
        return sectionSizes[type];
    }

    /** Requires {@code bytes} at {@code at} to lie inside section {@code type}. */
    void require(final int type, final long at, final long bytes, final String what)
    {
        final long end = sectionOffsets[type] + sectionSizes[type];
        if (bytes < 0 || at + bytes > end)
        {
            throw error(sectionNames[type], at, "truncated: " + what + " needs " + bytes + " bytes, "
                + (end - at) + " remain in the section");
        }
    }

    /**
     * Reads a field-size/prime pair and requires BLS12-381's r.
     *
     * @return the offset after the prime.
     */
    long requireScalarField(final int type, final long at)
    {
        require(type, at, 4, "field size");
        final long n8 = Integer.toUnsignedLong(data.get(U32, at));
        if (n8 == 0 || n8 % 8 != 0 || n8 > 1024)
        {
            throw error(sectionNames[type], at, "field size " + n8 + " is not a positive multiple of 8 bytes");
        }
        require(type, at + 4, n8, "the prime");
        final byte[] le = new byte[(int)n8];
        MemorySegment.copy(data, ValueLayout.JAVA_BYTE, at + 4, le, 0, (int)n8);
        final byte[] be = new byte[le.length + 1];
        for (int i = 0; i < le.length; i++)
        {
            be[be.length - 1 - i] = le[i];
        }
        final BigInteger prime = new BigInteger(be);
        if (n8 != Fr.BYTES || !prime.equals(Fr.MODULUS))
        {
            final String which = prime.equals(BN128_R) ? " (bn128/BN254's r: compile with circom -p bls12381)" : "";
            throw error(sectionNames[type], at + 4, "prime 0x" + prime.toString(16) + which + " found; jprove proves "
                + "over BLS12-381's r = 0x" + Fr.MODULUS.toString(16));
        }
        return at + 4 + n8;
    }

    /** Reads a canonical field element (32 bytes, little-endian) as limbs; rejects values not below r. */
    void readElement(final int type, final long at, final long[] out, final int offset, final String what)
    {
        for (int k = 0; k < Fr.LIMBS; k++)
        {
            out[offset + k] = data.get(U64, at + 8L * k);
        }
        if (!Fr.FIELD.isCanonical(out, offset))
        {
            throw error(sectionNames[type], at, what + " is not below r (non-canonical)");
        }
    }

    int u32(final long at)
    {
        return data.get(U32, at);
    }

    long u64(final long at)
    {
        return data.get(U64, at);
    }

    MemorySegment data()
    {
        return data;
    }

    Path file()
    {
        return file;
    }

    MalformedFileException error(final String section, final long at, final String problem)
    {
        return new MalformedFileException(file, section, at, problem);
    }

    String nameOf(final long type)
    {
        return type > 0 && type < sectionNames.length ? sectionNames[(int)type] + " section"
            : "section of type " + type;
    }

    @Override
    public void close()
    {
        arena.close();
    }
}
