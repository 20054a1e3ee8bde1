package io.jprove.engine.formats.circom;

import io.jprove.field.Fr;

import java.nio.file.Path;

/**
 * A circom/snarkjs {@code .wtns} file (iden3 "wtns" format, version 2), memory-mapped and validated when opened:
 * the header section (field size, prime — BLS12-381's r —, u32 witness count) and the witness section (one
 * canonical little-endian 32-byte value per wire, wire 0 first; every value below r).
 */
public final class CircomWitness implements AutoCloseable
{
    static final int HEADER = 1;
    static final int VALUES = 2;
    private static final String[] SECTIONS = {"", "header", "witness"};

    private final BinaryContainer container;
    private final int size;
    private final long valuesAt;

    private CircomWitness(final BinaryContainer c)
    {
        container = c;
        final long at = c.requireScalarField(HEADER, c.section(HEADER));
        c.require(HEADER, at, 4, "the witness count");
        size = c.u32(at);
        if (size < 1)
        {
            throw c.error("header", at, "witness count " + Integer.toUnsignedString(size) + " is out of [1, 2^31)");
        }
        valuesAt = c.section(VALUES);
        if (c.sectionSize(VALUES) != (long)size * Fr.BYTES)
        {
            throw c.error("witness", valuesAt, "section is " + c.sectionSize(VALUES) + " bytes, " + size
                + " values need " + (long)size * Fr.BYTES);
        }
        final long[] limbs = new long[Fr.LIMBS];
        for (int i = 0; i < size; i++)
        {
            c.readElement(VALUES, valuesAt + (long)i * Fr.BYTES, limbs, 0, "value of wire " + i);
        }
    }

    /**
     * Maps and validates a {@code .wtns} file.
     *
     * @throws io.jprove.engine.r1cs.MalformedFileException naming file, section and byte offset of what is wrong.
     */
    public static CircomWitness open(final Path file)
    {
        final BinaryContainer c = BinaryContainer.open(file, "wtns", 2, SECTIONS);
        try
        {
            return new CircomWitness(c);
        }
        catch (final RuntimeException | Error e)
        {
            c.close();
            throw e;
        }
    }

    /** @return the number of values (wires). */
    public int size()
    {
        return size;
    }

    /** Writes the value of {@code wire} in Montgomery form into {@code out[offset..offset+4)}. */
    public void value(final int wire, final long[] out, final int offset)
    {
        if (wire < 0 || wire >= size)
        {
            throw new IndexOutOfBoundsException("wire " + wire + " outside [0, " + size + ")");
        }
        final long at = valuesAt + (long)wire * Fr.BYTES;
        for (int k = 0; k < Fr.LIMBS; k++)
        {
            out[offset + k] = container.u64(at + 8L * k);
        }
        Fr.FIELD.canonicalToMontgomery(out, offset);
    }

    /** @return the file read. */
    public Path file()
    {
        return container.file();
    }

    /** @return the byte offset of a wire's value, for error messages. */
    long offsetOf(final int wire)
    {
        return valuesAt + (long)wire * Fr.BYTES;
    }

    @Override
    public void close()
    {
        container.close();
    }
}
