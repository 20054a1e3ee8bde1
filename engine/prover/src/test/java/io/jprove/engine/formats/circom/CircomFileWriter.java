package io.jprove.engine.formats.circom;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Writes {@code .r1cs} and {@code .wtns} bytes the way circom and snarkjs lay them out, for tests. */
final class CircomFileWriter
{
    /** A term: coefficient·wire. */
    record Term(int wire, BigInteger coefficient)
    {
    }

    /** A constraint A·B − C = 0. */
    record Constraint(List<Term> a, List<Term> b, List<Term> c)
    {
    }

    private CircomFileWriter()
    {
    }

    static byte[] r1cs(final BigInteger prime, final int wires, final int pubOut, final int pubIn, final int prvIn,
        final List<Constraint> constraints)
    {
        final ByteBuffer header = le(4 + 32 + 28);
        header.putInt(32).put(element(prime)).putInt(wires).putInt(pubOut).putInt(pubIn).putInt(prvIn)
            .putLong(wires).putInt(constraints.size());
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (final Constraint k : constraints)
        {
            for (final List<Term> lc : List.of(k.a(), k.b(), k.c()))
            {
                final ByteBuffer b = le(4 + lc.size() * 36);
                b.putInt(lc.size());
                for (final Term t : lc)
                {
                    b.putInt(t.wire()).put(element(t.coefficient()));
                }
                body.writeBytes(b.array());
            }
        }
        final ByteBuffer map = le(8 * wires);
        for (int i = 0; i < wires; i++)
        {
            map.putLong(i);
        }
        // circom writes the header first; put constraints first to check that section order does not matter
        return container("r1cs", 1, new int[] {2, 1, 3}, body.toByteArray(), header.array(), map.array());
    }

    static byte[] wtns(final BigInteger prime, final BigInteger... values)
    {
        final ByteBuffer header = le(4 + 32 + 4);
        header.putInt(32).put(element(prime)).putInt(values.length);
        final ByteBuffer body = le(32 * values.length);
        for (final BigInteger v : values)
        {
            body.put(element(v));
        }
        return container("wtns", 2, new int[] {1, 2}, header.array(), body.array());
    }

    /** Little-endian 32 bytes of a value below 2^256. */
    static byte[] element(final BigInteger v)
    {
        final byte[] be = v.toByteArray();
        final byte[] le = new byte[32];
        for (int i = 0; i < be.length && i < 32; i++)
        {
            le[i] = be[be.length - 1 - i];
        }
        return le;
    }

    private static byte[] container(final String magic, final int version, final int[] types,
        final byte[]... sections)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(magic.getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(le(8).putInt(version).putInt(sections.length).array());
        for (int i = 0; i < sections.length; i++)
        {
            out.writeBytes(le(12).putInt(types[i]).putLong(sections[i].length).array());
            out.writeBytes(sections[i]);
        }
        return out.toByteArray();
    }

    private static ByteBuffer le(final int n)
    {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }
}
