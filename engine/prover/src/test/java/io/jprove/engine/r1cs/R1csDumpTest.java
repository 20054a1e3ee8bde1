package io.jprove.engine.r1cs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.circuits.ReferenceCircuits;

/**
 * Dumps in the layout of Filecoin's reference: jprove's dumps of two reference circuits equal the reference's own
 * files (constraints and variables, test resources copied from the oracle), and a changed row is reported.
 */
class R1csDumpTest
{
    @TempDir
    Path dir;

    @Test
    void shouldWriteTheReferencesFiles() throws IOException
    {
        for (final String name : new String[] {"pack_into_inputs_32", "insert_8_pos5"})
        {
            final Path rows = dir.resolve(name + ".r1cs.txt.gz");
            final Path vars = dir.resolve(name + ".vars.txt");
            final R1csFingerprint f = R1csDump.write(ReferenceCircuits.of(name), name, "test", rows, vars);
            assertNull(R1csDump.compare(resource(name + ".r1cs.txt.gz"), rows), name);
            assertNull(R1csDump.compare(resource(name + ".vars.txt.gz"), vars), name);
            assertTrue(Files.readString(vars).startsWith("# jprove variables"));
            assertEquals(FingerprintAssignment.measure(ReferenceCircuits.of(name)), f);
        }
    }

    @Test
    void shouldReportTheFirstDifferingRow() throws IOException
    {
        final Path rows = dir.resolve("p.r1cs.txt");
        R1csDump.write(ReferenceCircuits.of("pack_into_inputs_32"), "p", "test", rows, null);
        final String text = Files.readString(rows);
        final String changed = text.replaceFirst("\n5\t", "\n5\tA:9:01 ");
        final Path other = dir.resolve("q.r1cs.txt");
        Files.writeString(other, changed);
        final String report = R1csDump.compare(rows, other);
        assertTrue(report.startsWith("first difference at data line 6:"), report);
        assertTrue(report.contains("1 line(s) differ"), report);
    }

    /** The reference lists a blank circuit's variables aux first, values unknown: they still agree with jprove's. */
    @Test
    void shouldCompareVariablesKindByKind() throws IOException
    {
        final Path vars = dir.resolve("v.vars.txt");
        R1csDump.write(ReferenceCircuits.of("pack_into_inputs_32"), "v", "test", dir.resolve("v.r1cs.txt"), vars);
        final java.util.List<String> lines = Files.readAllLines(vars);
        final StringBuilder blank = new StringBuilder("# blank\n");
        for (final String kind : new String[] {"A\t", "I\t"})
        {
            for (final String line : lines)
            {
                if (line.startsWith(kind))
                {
                    final String[] f = line.split("\t", -1);
                    blank.append(f[0]).append('\t').append(f[1]).append("\t-\t").append(f[3]).append('\n');
                }
            }
        }
        final Path other = dir.resolve("blank.vars.txt");
        Files.writeString(other, blank);
        assertNull(R1csDump.compare(other, vars));
        Files.writeString(other, blank.toString().replace("I\t1\t-", "I\t7\t-"));
        assertTrue(R1csDump.compare(other, vars).startsWith("first difference at input line 2:"));
    }

    private Path resource(final String name) throws IOException
    {
        final Path p = dir.resolve("oracle-" + name);
        try (InputStream in = R1csDumpTest.class.getResourceAsStream("/oracle/" + name))
        {
            Files.copy(in, p, StandardCopyOption.REPLACE_EXISTING);
        }
        return p;
    }
}
