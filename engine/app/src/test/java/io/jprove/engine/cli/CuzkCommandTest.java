package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.daemon.Daemon;
import io.jprove.engine.daemon.DaemonConfig;
import io.jprove.engine.porep.PorepParameterFiles;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1Fixtures;
import io.jprove.engine.porep.c1.C1JsonWriter;
import io.jprove.engine.porep.c1.Commit2Input;
import io.jprove.engine.porep.c1.Commit2InputJson;

/**
 * {@code jprove cuzk} against a daemon's cuzk API over its Unix socket and over TCP: status, and a C1 output refused
 * with one line (here the daemon's parameter cache is empty) leaving no proof file.
 */
class CuzkCommandTest
{
    @TempDir
    static Path dir;
    private static Daemon daemon;
    private static Path c1;

    /** What a command printed and returned. */
    private record Run(int status, String out, String err)
    {
    }

    private static Run jprove(final Object... args)
    {
        final String[] strings = Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
        final PrintStream out = System.out;
        final PrintStream err = System.err;
        final ByteArrayOutputStream o = new ByteArrayOutputStream();
        final ByteArrayOutputStream e = new ByteArrayOutputStream();
        try
        {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            final int status = Main.commandLine(strings).execute(strings);
            return new Run(status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        }
        finally
        {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @BeforeAll
    static void start() throws IOException
    {
        daemon = Daemon.start(DaemonConfig.of(Map.of("listen", "127.0.0.1:0", "http-listen", "off", "data-dir",
            dir.resolve("data").toString(), "device", "cpu", "threads", "2", "timeline", "off", "cuzk-socket",
            dir.resolve("cuzk.sock").toString(), "cuzk-listen", "127.0.0.1:0", "parameter-cache",
            dir.resolve("params").toString()), "test"));
        final RegisteredSealProof proof = RegisteredSealProof.StackedDrg2KiBV1_1;
        c1 = Files.write(dir.resolve("commit2-input.json"), Commit2InputJson.write(new Commit2Input(
            C1Fixtures.SECTOR, C1JsonWriter.write(C1Fixtures.sealed(proof)), proof.sectorBytes())));
    }

    @AfterAll
    static void stop()
    {
        daemon.close();
    }

    @Test
    void shouldPrintStatusOverTheSocketAndOverTcp()
    {
        for (final String address : new String[] {"unix://" + dir.resolve("cuzk.sock"), "127.0.0.1:"
            + daemon.cuzkPort()})
        {
            final Run r = jprove("cuzk", "status", "--address", address);
            assertEquals(CliSupport.OK, r.status(), r.toString());
            assertTrue(r.out().contains("\ndevice 0 cpu:0 ("), r.out());
        }
    }

    @Test
    void shouldPrintOneLineAndWriteNoProofWhenTheDaemonRefuses()
    {
        final Path proof = dir.resolve("proof.bin");
        final Run r = jprove("cuzk", "prove", "--address", "unix://" + dir.resolve("cuzk.sock"), "--c1", c1,
            "--miner-id", C1Fixtures.MINER, "--proof", proof);
        assertEquals(CliSupport.ERROR, r.status(), r.toString());
        assertEquals("jprove cuzk prove: error: FAILED_PRECONDITION: the parameters of StackedDrg2KiBV1_1 are not in"
            + " the parameter cache: " + dir.resolve("params").resolve(PorepParameterFiles.paramsName(
                RegisteredSealProof.StackedDrg2KiBV1_1)) + " is not a readable file\n", r.err());
        assertFalse(Files.exists(proof));
        final Run none = jprove("cuzk", "status", "--address", "unix://" + dir.resolve("nobody.sock"));
        assertEquals(CliSupport.ERROR, none.status());
        assertTrue(none.err().startsWith("jprove cuzk status: error: no daemon answers at unix://"), none.err());
    }
}
