package io.jprove.engine.r1cs;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import io.jprove.field.Fr;

/**
 * A circuit's R1CS as text, in the layout of Filecoin's reference dumps (the R1CS oracle beside the project), so that
 * a circuit diffs row by row against Filecoin's own code:
 * <pre>
 *   # jprove dump: NAME
 *   # NOTE
 *   # inputs N aux M constraints K
 *   # hash H                                      (TestConstraintSystem::hash())
 *   # format: …
 *   ROW &lt;TAB&gt; A &lt;TAB&gt; B &lt;TAB&gt; C &lt;TAB&gt; annotation
 * </pre>
 * Each combination is its canonical form ({@link LinearCombination#normalizeInto}) as space-separated
 * {@code KIND:INDEX:COEFF} terms, {@code KIND} {@code I} (input; {@code I:0} is ONE) or {@code A} (aux), {@code COEFF}
 * the canonical value as 64 big-endian hex digits; {@code -} for an empty combination. The annotation (namespace
 * path) is informational and is not compared. The variables file lists {@code KIND<TAB>INDEX<TAB>VALUE<TAB>name},
 * inputs first, values as 64 hex digits or {@code -} without a witness. Files whose name ends in {@code .gz} are
 * gzipped.
 */
public final class R1csDump
{
    private static final String FORMAT = "# format: row<TAB>A<TAB>B<TAB>C<TAB>annotation; each LC is space-separated "
        + "KIND:INDEX:COEFF with KIND I=input (I:0 = ONE) / A=aux, COEFF = 32-byte big-endian hex of the canonical Fr "
        + "value; duplicates summed, zero coefficients dropped, inputs before aux then by index; '-' = empty LC";

    private R1csDump()
    {
    }

    /**
     * Writes a circuit's dump (three synthesis passes: counts, hash, rows).
     *
     * @param rows      the constraints file
     * @param variables the variables file (with the witness the circuit computes), or null for none
     * @return the circuit's fingerprint
     * @throws UncheckedIOException when a file cannot be written.
     */
    public static R1csFingerprint write(final Circuit circuit, final String name, final String note, final Path rows,
        final Path variables)
    {
        final R1csFingerprint fingerprint = FingerprintAssignment.measure(circuit);
        final Path auxLines = variables == null ? null : rows.resolveSibling(rows.getFileName() + ".aux.tmp");
        try (Writer out = writer(rows); Writer aux = auxLines == null ? null : writer(auxLines))
        {
            out.write("# jprove dump: " + name + "\n# " + note + "\n# inputs " + fingerprint.numInputs() + " aux "
                + fingerprint.numAux() + " constraints " + fingerprint.numConstraints() + "\n# hash "
                + fingerprint.hash() + "\n" + FORMAT + "\n");
            final StringBuilder inputs = new StringBuilder();
            final StringBuilder line = new StringBuilder(256);
            final FingerprintAssignment.RowSink sink = new FingerprintAssignment.RowSink()
            {
                @Override
                public boolean wantsValues()
                {
                    return variables != null;
                }

                @Override
                public void variable(final boolean input, final int index, final long[] value, final String label)
                {
                    if (variables == null)
                    {
                        return;
                    }
                    final StringBuilder to = input ? inputs : line;
                    to.setLength(input ? to.length() : 0);
                    to.append(input ? 'I' : 'A').append('\t').append(index).append('\t');
                    to.append(value == null ? "-" : hex(value, 0)).append('\t').append(label).append('\n');
                    if (!input)
                    {
                        write(aux, line);
                    }
                }

                @Override
                public void row(final long index, final LinearCombination a, final LinearCombination b,
                    final LinearCombination c, final String label)
                {
                    line.setLength(0);
                    line.append(index).append('\t');
                    text(a, line);
                    line.append('\t');
                    text(b, line);
                    line.append('\t');
                    text(c, line);
                    line.append('\t').append(label).append('\n');
                    write(out, line);
                }
            };
            final R1csFingerprint again = FingerprintAssignment.measure(circuit, fingerprint.counts(), sink);
            if (!again.equals(fingerprint))
            {
                throw new SynthesisException("the circuit's fingerprint changed between passes: " + fingerprint
                    + " then " + again);
            }
            if (aux != null)
            {
                aux.close();
                try (Writer vars = writer(variables); BufferedReader in = reader(auxLines))
                {
                    vars.write("# jprove variables: " + name + " (KIND<TAB>INDEX<TAB>VALUE big-endian hex<TAB>name)\n");
                    vars.write(inputs.toString());
                    in.transferTo(vars);
                }
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write the dump of " + name + " to " + rows, e);
        }
        finally
        {
            if (auxLines != null)
            {
                try
                {
                    Files.deleteIfExists(auxLines);
                }
                catch (final IOException ignored)
                {
                    // a temporary file left behind is harmless
                }
            }
        }
        return fingerprint;
    }

    /**
     * Compares two dumps (constraints or variables files) line by line, annotations and names ignored. Variables
     * files are compared inputs with inputs and aux with aux, in index order whichever kind a file lists first (the
     * reference lists a blank circuit's aux first), a {@code -} value matching any value.
     *
     * @return null when they agree, else the first difference with both lines and how many lines differ.
     * @throws UncheckedIOException when a file cannot be read.
     */
    public static String compare(final Path expected, final Path actual)
    {
        try
        {
            final String first;
            try (BufferedReader in = reader(expected))
            {
                first = nextData(in, null);
            }
            if (first != null && (first.startsWith("I\t") || first.startsWith("A\t")))
            {
                final String inputs = compare(expected, actual, "I\t");
                return inputs != null ? inputs : compare(expected, actual, "A\t");
            }
            return compare(expected, actual, null);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot compare " + expected + " with " + actual, e);
        }
    }

    /** Compares the data lines that start with {@code prefix} (all when null). */
    private static String compare(final Path expected, final Path actual, final String prefix) throws IOException
    {
        try (BufferedReader x = reader(expected); BufferedReader y = reader(actual))
        {
            String first = null;
            long differing = 0;
            long line = 0;
            while (true)
            {
                final String ex = nextData(x, prefix);
                final String ac = nextData(y, prefix);
                if (ex == null && ac == null)
                {
                    break;
                }
                line++;
                if (ex == null || ac == null || !sameData(ex, ac))
                {
                    differing++;
                    if (first == null)
                    {
                        first = "first difference at " + (prefix == null ? "data" : prefix.charAt(0) == 'I'
                            ? "input" : "aux") + " line " + line + ":\n  " + expected.getFileName() + ": "
                            + (ex == null ? "(end of file)" : ex) + "\n  " + actual.getFileName() + ": "
                            + (ac == null ? "(end of file)" : ac);
                    }
                    if (ex == null || ac == null)
                    {
                        break;
                    }
                }
            }
            return first == null ? null : first + "\n" + differing + " line(s) differ (counted until one file ends)";
        }
    }

    /** @return the next line that is not a comment and starts with {@code prefix} (any when null). */
    private static String nextData(final BufferedReader in, final String prefix) throws IOException
    {
        String s = in.readLine();
        while (s != null && (s.startsWith("#") || prefix != null && !s.startsWith(prefix)))
        {
            s = in.readLine();
        }
        return s;
    }

    /** Rows: the first four fields; variables: the first three, a {@code -} value matching anything. */
    private static boolean sameData(final String ex, final String ac)
    {
        final String[] e = ex.split("\t", -1);
        final String[] a = ac.split("\t", -1);
        final boolean variables = e[0].equals("I") || e[0].equals("A");
        final int fields = variables ? 3 : 4;
        if (e.length < fields || a.length < fields)
        {
            return ex.equals(ac);
        }
        for (int i = 0; i < fields; i++)
        {
            final boolean unknown = variables && i == 2 && (e[i].equals("-") || a[i].equals("-"));
            if (!unknown && !e[i].equals(a[i]))
            {
                return false;
            }
        }
        return true;
    }

    /** Appends the terms of a canonical combination, or {@code -}. */
    static void text(final LinearCombination lc, final StringBuilder out)
    {
        if (lc.size() == 0)
        {
            out.append('-');
            return;
        }
        final int[] vars = lc.variableArray();
        final long[] coefficients = lc.coefficientLimbs();
        for (int i = 0; i < lc.size(); i++)
        {
            if (i > 0)
            {
                out.append(' ');
            }
            final int v = vars[i];
            out.append(v < 0 ? 'I' : 'A').append(':').append(v < 0 ? -1L - v : v).append(':');
            out.append(hex(coefficients, i * Fr.LIMBS));
        }
    }

    /** @return the canonical value of an Fr element as 64 big-endian hex digits. */
    static String hex(final long[] element, final int offset)
    {
        final long[] canonical = new long[Fr.LIMBS];
        Fr.FIELD.toCanonical(canonical, 0, element, offset);
        final StringBuilder s = new StringBuilder(64);
        for (int limb = Fr.LIMBS - 1; limb >= 0; limb--)
        {
            final String h = Long.toHexString(canonical[limb]);
            s.append("0".repeat(16 - h.length())).append(h);
        }
        return s.toString();
    }

    private static void write(final Writer out, final CharSequence s)
    {
        try
        {
            out.append(s);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    private static Writer writer(final Path file) throws IOException
    {
        OutputStream os = Files.newOutputStream(file);
        if (file.getFileName().toString().endsWith(".gz"))
        {
            os = new GZIPOutputStream(os, 1 << 16);
        }
        return new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.US_ASCII), 1 << 16);
    }

    /** Opens a dump, gunzipping it when it starts with gzip's magic bytes. */
    private static BufferedReader reader(final Path file) throws IOException
    {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        in.mark(2);
        final int b0 = in.read();
        final int b1 = in.read();
        in.reset();
        if (b0 == 0x1f && b1 == 0x8b)
        {
            in = new GZIPInputStream(in, 1 << 16);
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII), 1 << 16);
    }
}
