package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static io.jprove.engine.cli.CliRun.jprove;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jprove seal} and {@code jprove c1}: a sealed 2 KiB sector's C1 verifies, converts, and bad files exit 2. */
class SealAndC1CommandsTest
{
    @TempDir
    static Path dir;
    private static Path sector;

    @BeforeAll
    static void seal()
    {
        sector = dir.resolve("s2k");
        final CliRun run = jprove("seal", "--sector-size", "2KiB", "--random", "3", "--miner-id", "1234", "--sector",
            "9", "--wrapper", "--out", sector);
        assertEquals(CliSupport.OK, run.status(), run.toString());
        assertTrue(run.out().contains("comm_d baga6ea4sea"), run.out());
    }

    @Test
    void shouldWriteTheReplicaCacheAndC1Output()
    {
        for (final String f : new String[] {"sealed", "unsealed", "c1.json", "commit2-input.json",
            "cache/sc-02-data-tree-d.dat", "cache/sc-02-data-tree-c.dat", "cache/sc-02-data-tree-r-last.dat",
            "cache/sc-02-data-layer-1.dat", "cache/sc-02-data-layer-2.dat", "cache/p_aux"})
        {
            assertTrue(Files.isRegularFile(sector.resolve(f)), f);
        }
    }

    @Test
    void shouldVerifyBareAndWrappedAndCheckTheReplicaIdWhenAsked()
    {
        assertEquals(CliSupport.OK, jprove("c1", "verify", sector.resolve("c1.json")).status());
        final CliRun checked = jprove("c1", "verify", sector.resolve("commit2-input.json"), "--miner-id", "1234");
        assertEquals(CliSupport.OK, checked.status(), checked.toString());
        assertTrue(checked.out().contains("valid: StackedDrg2KiBV1_1"), checked.out());
        assertError(jprove("c1", "verify", sector.resolve("commit2-input.json"), "--miner-id", "1235"),
            "$.replica_id", "commit2-input.json");
        assertEquals(CliSupport.OK, jprove("c1", "info", sector.resolve("commit2-input.json")).status());
    }

    @Test
    void shouldConvertByteForByte() throws Exception
    {
        final Path raw = dir.resolve("raw.json");
        assertEquals(CliSupport.OK, jprove("c1", "convert", sector.resolve("commit2-input.json"), "--to", "raw",
            "--out", raw).status());
        assertArrayEquals(Files.readAllBytes(sector.resolve("c1.json")), Files.readAllBytes(raw));
        final Path wrapped = dir.resolve("wrapped.json");
        assertEquals(CliSupport.OK, jprove("c1", "convert", raw, "--to", "wrapper", "--sector", "9", "--out",
            wrapped).status());
        assertArrayEquals(Files.readAllBytes(sector.resolve("commit2-input.json")), Files.readAllBytes(wrapped));
    }

    @Test
    void shouldExitTwoNamingTheFileAndJsonPathAndWriteNothing() throws Exception
    {
        final byte[] json = Files.readAllBytes(sector.resolve("c1.json"));
        final Path truncated = dir.resolve("truncated.json");
        Files.write(truncated, Arrays.copyOf(json, json.length / 3));
        final Path out = dir.resolve("never.json");
        assertError(jprove("c1", "convert", truncated, "--out", out), "truncated.json: $.vanilla_proofs", "truncated");
        assertFalse(Files.exists(out));
        final String text = new String(json, StandardCharsets.UTF_8);
        final int at = text.indexOf("\"node\":") + 7;
        final Path changed = dir.resolve("changed.json");
        Files.writeString(changed, text.substring(0, at) + "1" + text.substring(at));
        assertError(jprove("c1", "verify", changed), "changed.json: $.vanilla_proofs.StackedDrg2KiBV1[0][0]"
            + ".labeling_proofs[0].node");
        assertError(jprove("seal", "--sector-size", "32GiB", "--out", dir.resolve("big")), "use --sparse");
        assertError(jprove("seal", "--sector-size", "2KiB", "--ticket", "12", "--out", dir.resolve("t")),
            "--ticket must be 32 bytes");
        assertFalse(Files.exists(dir.resolve("t")));
    }

    private static void assertError(final CliRun run, final String... fragments)
    {
        assertEquals(CliSupport.ERROR, run.status(), run.toString());
        final String last = run.err().strip();
        assertTrue(last.startsWith("jprove "), run.err());
        for (final String f : fragments)
        {
            assertTrue(last.contains(f), "expected \"" + f + "\" in: " + last);
        }
        assertFalse(run.err().contains("\tat "), "no stack trace without --verbose: " + run.err());
    }

}
