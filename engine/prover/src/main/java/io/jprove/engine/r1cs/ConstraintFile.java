package io.jprove.engine.r1cs;

import io.jprove.field.Fr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The file format of {@link ConstraintMatrices}, little-endian throughout:
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |             magic "JPRVR1CS" (8 bytes)                        |   0
 *  |        version (u32) = 2      |        reserved (u32) = 0     |   8
 *  |        numInputs (u64), ONE included                          |  16
 *  |        numAux (u64)                                           |  24
 *  |        numConstraints (u64)                                   |  32
 *  |        numCoefficients (u64)                                  |  40
 *  |        nnz A (u64)  |  nnz B (u64)  |  nnz C (u64)            |  48, 56, 64
 *  +---------------------------------------------------------------+  72
 *  |  coefficients: numCoefficients × 32 bytes, canonical Fr, non-zero; id 0 = 1, id 1 = −1
 *  |  then for A, B, C in turn:
 *  |    row pointers: (numConstraints + 1) × u64, from 0 to nnz, non-decreasing
 *  |    columns: nnz × u32 (< numInputs + numAux), zero-padded to a multiple of 8 bytes
 *  |    coefficient ids: nnz × u32 (< numCoefficients), zero-padded to a multiple of 8 bytes
 *  +---------------------------------------------------------------+  end of file, exactly
 * </pre>
 * Reading maps the file and validates every field before anything is used; errors name file, section and offset.
 */
final class ConstraintFile
{
    static final byte[] MAGIC = "JPRVR1CS".getBytes(StandardCharsets.US_ASCII);
    /** 2: rows in canonical form (one entry per variable, sorted); version 1 files hold earlier circuits' rows. */
    static final int VERSION = 2;
    static final int HEADER_BYTES = 72;
    private static final String[] NAMES = {"A", "B", "C"};
    private static final long WRITE_CHUNK_BYTES = 1L << 30;

    private ConstraintFile()
    {
    }

    static void write(final ConstraintMatrices m, final Path file)
    {
        final SparseMatrix[] matrices = {m.a(), m.b(), m.c()};
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING))
        {
            final ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            header.put(MAGIC).putInt(VERSION).putInt(0).putLong(m.numInputs()).putLong(m.numAux())
                .putLong(m.numConstraints()).putLong(m.numCoefficients());
            for (final SparseMatrix s : matrices)
            {
                header.putLong(s.nnz());
            }
            writeFully(ch, header.flip());
            final long[] limbs = m.coefficientLimbs();
            final byte[] table = new byte[m.numCoefficients() * Fr.BYTES];
            for (int id = 0; id < m.numCoefficients(); id++)
            {
                Fr.toBytes(limbs, id * Fr.LIMBS, table, id * Fr.BYTES);
            }
            writeFully(ch, ByteBuffer.wrap(table));
            for (final SparseMatrix s : matrices)
            {
                writeSegment(ch, s.rowPointerSegment());
                writeSegment(ch, s.columnSegment());
                writeFully(ch, ByteBuffer.allocate(padding(s.nnz() * Integer.BYTES)));
                writeSegment(ch, s.coefficientIdSegment());
                writeFully(ch, ByteBuffer.allocate(padding(s.nnz() * Integer.BYTES)));
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write constraints to " + file, e);
        }
    }

    static ConstraintMatrices read(final Path file)
    {
        final Arena arena = Arena.ofShared();
        try
        {
            final MemorySegment s;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ))
            {
                s = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            }
            final ConstraintMatrices m = parse(file, s, arena);
            return m;
        }
        catch (final IOException e)
        {
            arena.close();
            throw new UncheckedIOException("cannot read constraints from " + file, e);
        }
        catch (final RuntimeException | Error e)
        {
            arena.close();
            throw e;
        }
    }

    private static ConstraintMatrices parse(final Path file, final MemorySegment s, final Arena arena)
    {
        final long size = s.byteSize();
        if (size < HEADER_BYTES)
        {
            throw new MalformedFileException(file, "header", size, "file of " + size + " bytes is truncated: the "
                + "header needs " + HEADER_BYTES);
        }
        for (int i = 0; i < MAGIC.length; i++)
        {
            if (s.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) != MAGIC[i])
            {
                throw new MalformedFileException(file, "header", i, "magic is not \"JPRVR1CS\": not a jprove "
                    + "constraints file");
            }
        }
        final int version = s.get(SparseMatrix.U32, 8);
        if (version != VERSION)
        {
            throw new MalformedFileException(file, "header", 8, "version " + version + ", only " + VERSION
                + " is supported (a cache of an earlier jprove: delete it to record the circuit again)");
        }
        final long numInputs = s.get(SparseMatrix.U64, 16);
        final long numAux = s.get(SparseMatrix.U64, 24);
        final long rows = s.get(SparseMatrix.U64, 32);
        final long numCoefficients = s.get(SparseMatrix.U64, 40);
        if (numInputs < 1 || numAux < 0 || numInputs + numAux > Integer.MAX_VALUE)
        {
            throw new MalformedFileException(file, "header", 16, numInputs + " inputs and " + numAux
                + " aux variables: need at least ONE and at most 2^31 − 1 in all");
        }
        if (rows < 0 || rows > (Long.MAX_VALUE >>> 4))
        {
            throw new MalformedFileException(file, "header", 32, "constraint count " + rows + " is out of range");
        }
        if (numCoefficients < 2 || numCoefficients > Integer.MAX_VALUE / Fr.LIMBS)
        {
            throw new MalformedFileException(file, "header", 40, "coefficient count " + numCoefficients
                + " is out of range [2, 2^29)");
        }
        final long[] nnz = new long[3];
        long expected = HEADER_BYTES + numCoefficients * Fr.BYTES;
        for (int i = 0; i < 3; i++)
        {
            nnz[i] = s.get(SparseMatrix.U64, 48 + 8L * i);
            if (nnz[i] < 0 || nnz[i] > (Long.MAX_VALUE >>> 4))
            {
                throw new MalformedFileException(file, "header", 48 + 8L * i, "nnz of " + NAMES[i] + " " + nnz[i]
                    + " is out of range");
            }
            expected = Math.addExact(expected, (rows + 1) * Long.BYTES + 2 * padded(nnz[i] * Integer.BYTES));
        }
        if (size != expected)
        {
            throw new MalformedFileException(file, "header", 16, "the counts describe a file of " + expected
                + " bytes but it has " + size + (size < expected ? " (truncated)" : " (trailing bytes)"));
        }
        final long[] table = readCoefficients(file, s, (int)numCoefficients);
        long at = HEADER_BYTES + numCoefficients * Fr.BYTES;
        final SparseMatrix[] m = new SparseMatrix[3];
        for (int i = 0; i < 3; i++)
        {
            m[i] = readMatrix(file, s, at, NAMES[i], rows, nnz[i], numInputs + numAux, numCoefficients);
            at += (rows + 1) * Long.BYTES + 2 * padded(nnz[i] * Integer.BYTES);
        }
        return new ConstraintMatrices((int)numInputs, (int)numAux, table, m[0], m[1], m[2], arena::close);
    }

    private static long[] readCoefficients(final Path file, final MemorySegment s, final int count)
    {
        final long[] table = new long[count * Fr.LIMBS];
        final byte[] bytes = new byte[Fr.BYTES];
        for (int id = 0; id < count; id++)
        {
            final long at = HEADER_BYTES + (long)id * Fr.BYTES;
            MemorySegment.copy(s, java.lang.foreign.ValueLayout.JAVA_BYTE, at, bytes, 0, Fr.BYTES);
            if (!Fr.fromBytes(bytes, 0, table, id * Fr.LIMBS))
            {
                throw new MalformedFileException(file, "coefficients", at, "coefficient " + id
                    + " is not below r (non-canonical)");
            }
            if (Fr.isZero(table, id * Fr.LIMBS))
            {
                throw new MalformedFileException(file, "coefficients", at, "coefficient " + id + " is zero");
            }
        }
        if (!Fr.isOne(table, 0) || !Fr.equal(table, Fr.LIMBS, LinearCombination.MINUS_ONE, 0))
        {
            throw new MalformedFileException(file, "coefficients", HEADER_BYTES, "coefficients 0 and 1 must be 1 "
                + "and −1");
        }
        return table;
    }

    private static SparseMatrix readMatrix(final Path file, final MemorySegment s, final long at, final String name,
        final long rows, final long nnz, final long columns, final long numCoefficients)
    {
        final MemorySegment pointers = s.asSlice(at, (rows + 1) * Long.BYTES);
        long previous = 0;
        for (long k = 0; k <= rows; k++)
        {
            final long p = pointers.get(SparseMatrix.U64, k * Long.BYTES);
            if (k == 0 ? p != 0 : p < previous || p > nnz)
            {
                throw new MalformedFileException(file, name + " row pointers", at + k * Long.BYTES, "row pointer "
                    + k + " is " + p + ": must run from 0 to " + nnz + " without decreasing");
            }
            previous = p;
        }
        if (previous != nnz)
        {
            throw new MalformedFileException(file, name + " row pointers", at + rows * Long.BYTES,
                "last row pointer " + previous + " differs from nnz " + nnz);
        }
        final long columnsAt = at + (rows + 1) * Long.BYTES;
        final long idsAt = columnsAt + padded(nnz * Integer.BYTES);
        final MemorySegment cols = s.asSlice(columnsAt, nnz * Integer.BYTES);
        final MemorySegment ids = s.asSlice(idsAt, nnz * Integer.BYTES);
        for (long e = 0; e < nnz; e++)
        {
            final long col = Integer.toUnsignedLong(cols.get(SparseMatrix.U32, e * Integer.BYTES));
            if (col >= columns)
            {
                throw new MalformedFileException(file, name + " columns", columnsAt + e * Integer.BYTES, "column "
                    + col + " of entry " + e + " is not below " + columns + " (inputs + aux)");
            }
            final long id = Integer.toUnsignedLong(ids.get(SparseMatrix.U32, e * Integer.BYTES));
            if (id >= numCoefficients)
            {
                throw new MalformedFileException(file, name + " coefficient ids", idsAt + e * Integer.BYTES,
                    "coefficient id " + id + " of entry " + e + " is not below " + numCoefficients);
            }
        }
        return new SparseMatrix(rows, nnz, pointers, cols, ids);
    }

    private static long padded(final long bytes)
    {
        return bytes + padding(bytes);
    }

    private static int padding(final long bytes)
    {
        return (int)((8 - (bytes & 7)) & 7);
    }

    private static void writeSegment(final FileChannel ch, final MemorySegment segment) throws IOException
    {
        for (long off = 0; off < segment.byteSize(); off += WRITE_CHUNK_BYTES)
        {
            final long n = Math.min(WRITE_CHUNK_BYTES, segment.byteSize() - off);
            writeFully(ch, segment.asSlice(off, n).asByteBuffer());
        }
    }

    private static void writeFully(final FileChannel ch, final ByteBuffer buffer) throws IOException
    {
        while (buffer.hasRemaining())
        {
            ch.write(buffer);
        }
    }
}
