package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static io.jprove.engine.cli.CliRun.jprove;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.daemon.Daemon;
import io.jprove.engine.daemon.DaemonConfig;
import io.jprove.engine.formats.circom.CircomFixtures;
import io.jprove.field.Fr;

/**
 * The CLI through a daemon: {@code prove --daemon} and {@code submit} write the files the in-process {@code prove}
 * writes (which {@code verify} accepts), {@code submit --no-wait} and {@code job await} split the wait, and refusals
 * are one line.
 */
class DaemonCommandsTest
{
    @TempDir
    static Path dir;
    private static Path r1cs;
    private static Path wtns;
    private static Path params;
    private static Path vk;
    private static Daemon daemon;
    private static String address;

    private static void assertOk(final CliRun run)
    {
        assertEquals(CliSupport.OK, run.status(), run.toString());
    }

    @BeforeAll
    static void setUp() throws IOException
    {
        r1cs = CircomFixtures.cubicR1cs(dir.resolve("cubic.r1cs"), Fr.MODULUS);
        wtns = CircomFixtures.cubicWtns(dir.resolve("cubic.wtns"), 35);
        params = dir.resolve("cubic.params");
        vk = dir.resolve("cubic.vk");
        assertOk(jprove("setup", "--r1cs", r1cs, "--params", params, "--vk", vk, "--threads", 2));
        daemon = Daemon.start(DaemonConfig.of(Map.of("listen", "127.0.0.1:0", "http-listen", "off", "data-dir",
            dir.resolve("data").toString(), "key-roots", dir.toString(), "threads", "2", "timeline", "off", "device",
            "cpu"), "test settings"));
        address = "127.0.0.1:" + daemon.grpcPort();
    }

    @AfterAll
    static void stop()
    {
        daemon.close();
    }

    @Test
    void shouldWriteTheInProcessFilesWhenProvedThroughDaemon() throws IOException
    {
        assertOk(jprove("prove", "--params", params, "--r1cs", r1cs, "--wtns", wtns, "--proof", dir.resolve("local"),
            "--public", dir.resolve("local.json"), "--threads", 2, "--no-timeline"));
        final CliRun viaDaemon = jprove("prove", "--daemon", address, "--params", params, "--r1cs", r1cs, "--wtns",
            wtns, "--proof", dir.resolve("remote"), "--public", dir.resolve("remote.json"));
        assertOk(viaDaemon);
        assertTrue(viaDaemon.out().startsWith("prove: proof verified and written to "), viaDaemon.out());
        assertEquals(Files.readString(dir.resolve("local.json")), Files.readString(dir.resolve("remote.json")));
        assertEquals(Files.size(dir.resolve("local")), Files.size(dir.resolve("remote")));
        assertOk(jprove("verify", "--vk", vk, "--proof", dir.resolve("remote"), "--public",
            dir.resolve("remote.json")));
        assertOk(jprove("prove", "--daemon", address, "--params", params, "--r1cs", r1cs, "--wtns", wtns, "--proof",
            dir.resolve("remote-proof.json"), "--json"));
        assertOk(jprove("verify", "--vk", vk, "--proof", dir.resolve("remote-proof.json"), "--public",
            dir.resolve("remote.json")));
    }

    @Test
    void shouldAwaitAndWriteLaterWhenSubmittedWithoutWaiting() throws IOException
    {
        final CliRun submit = jprove("submit", "--daemon", address, "--params", params, "--r1cs", r1cs, "--wtns", wtns,
            "--request-id", "cli-later", "--no-wait");
        assertOk(submit);
        final long job = Long.parseLong(submit.out().strip());
        final CliRun await = jprove("job", "await", job, "--daemon", address, "--proof", dir.resolve("later"),
            "--public", dir.resolve("later.json"));
        assertOk(await);
        assertTrue(await.out().startsWith("job " + job + " succeeded 1/1 partitions"), await.out());
        assertOk(jprove("verify", "--vk", vk, "--proof", dir.resolve("later"), "--public", dir.resolve("later.json")));
        final CliRun status = jprove("job", "status", "--daemon", address);
        assertTrue(status.out().contains("request cli-later") && status.out().contains("worker 0 on cpu:0")
            && status.out().contains("device cpu:0 (cpu, 2 threads): 1 worker(s), usable"),
            status.out());
        assertOk(jprove("key", "preload", "--daemon", address, "--params", params));
        assertTrue(jprove("key", "evict", "--daemon", address, "--params", params).out().contains("not resident"));
    }

    @Test
    void shouldPrintOneLineWhenDaemonRefusesOrIsAbsent()
    {
        final CliRun unknown = jprove("job", "cancel", "424242", "--daemon", address);
        assertEquals(CliSupport.ERROR, unknown.status());
        assertEquals("jprove job cancel: error: NOT_FOUND: job 424242 is unknown", unknown.err().strip()
            .split(": never")[0]);
        final CliRun absent = jprove("prove", "--daemon", "127.0.0.1:1", "--params", params, "--r1cs", r1cs, "--wtns",
            wtns, "--proof", dir.resolve("never"));
        assertEquals(CliSupport.ERROR, absent.status());
        assertTrue(absent.err().startsWith("jprove prove: error: no daemon answers at 127.0.0.1:1"), absent.err());
        assertFalse(Files.exists(dir.resolve("never")));
        final CliRun unsatisfied = jprove("submit", "--daemon", address, "--params", params, "--r1cs", r1cs, "--wtns",
            writeBadWitness(), "--proof", dir.resolve("bad"));
        assertEquals(CliSupport.ERROR, unsatisfied.status());
        assertTrue(unsatisfied.err().contains("failed: partition 0: ") && unsatisfied.err().contains("nothing written"),
            unsatisfied.err());
        assertFalse(Files.exists(dir.resolve("bad")));
    }

    private static Path writeBadWitness()
    {
        try
        {
            return CircomFixtures.cubicWtns(dir.resolve("bad.wtns"), 36);
        }
        catch (final IOException e)
        {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void shouldReportTheJournalWhenCheckedWhileTheDaemonRuns()
    {
        assertOk(jprove("submit", "--daemon", address, "--params", params, "--r1cs", r1cs, "--wtns", wtns,
            "--request-id", "checked", "--proof", dir.resolve("checked")));
        final CliRun check = jprove("daemon", "--check-journal", dir.resolve("data"));
        assertOk(check);
        assertTrue(check.out().contains("\nentries: ") && check.out().contains(" succeeded")
            && check.out().strip().endsWith("damage: none"), check.out());
        final CliRun none = jprove("daemon", "--check-journal", dir.resolve("no-such"));
        assertEquals(CliSupport.ERROR, none.status());
        assertTrue(none.err().contains("holds no journal"), none.err());
    }
}
