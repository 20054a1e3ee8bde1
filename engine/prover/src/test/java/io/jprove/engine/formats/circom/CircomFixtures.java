package io.jprove.engine.formats.circom;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.jprove.engine.formats.circom.CircomFileWriter.Constraint;
import io.jprove.engine.formats.circom.CircomFileWriter.Term;
import io.jprove.field.Fr;

/** circom files of the cubic x³ + x + 5 = out (out public, x private) for tests outside this package. */
public final class CircomFixtures
{
    private static final BigInteger ONE = BigInteger.ONE;

    private CircomFixtures()
    {
    }

    /** Writes the cubic's {@code .r1cs} over {@code prime} (Fr's modulus for a provable file). */
    public static Path cubicR1cs(final Path file, final BigInteger prime) throws IOException
    {
        return Files.write(file, CircomFileWriter.r1cs(prime, 5, 1, 0, 1, List.of(
            new Constraint(List.of(new Term(2, ONE)), List.of(new Term(2, ONE)), List.of(new Term(3, ONE))),
            new Constraint(List.of(new Term(3, ONE)), List.of(new Term(2, ONE)), List.of(new Term(4, ONE))),
            new Constraint(List.of(new Term(4, ONE), new Term(2, ONE), new Term(0, BigInteger.valueOf(5))),
                List.of(new Term(0, ONE)), List.of(new Term(1, ONE))))));
    }

    /** Writes a witness for x = 3 claiming {@code out} (35 satisfies), or with {@code extra} values appended. */
    public static Path cubicWtns(final Path file, final long out, final long... extra) throws IOException
    {
        final BigInteger[] values = new BigInteger[5 + extra.length];
        final long[] base = {1, out, 3, 9, 27};
        for (int i = 0; i < 5; i++)
        {
            values[i] = BigInteger.valueOf(base[i]);
        }
        for (int i = 0; i < extra.length; i++)
        {
            values[5 + i] = BigInteger.valueOf(extra[i]);
        }
        return Files.write(file, CircomFileWriter.wtns(Fr.MODULUS, values));
    }
}
