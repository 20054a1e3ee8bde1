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
            final CliRun r = jprove("cuzk", "status", "--address", address);
            assertEquals(CliSupport.OK, r.status(), r.toString());
            assertTrue(r.out().contains("\ndevice 0 cpu:0 ("), r.out());
        }
    }

    @Test
    void shouldPrintOneLineAndWriteNoProofWhenTheDaemonRefuses()
    {
        final Path proof = dir.resolve("proof.bin");
        final CliRun r = jprove("cuzk", "prove", "--address", "unix://" + dir.resolve("cuzk.sock"), "--c1", c1,
            "--miner-id", C1Fixtures.MINER, "--proof", proof);
        assertEquals(CliSupport.ERROR, r.status(), r.toString());
        assertTrue(r.err().startsWith("jprove cuzk prove: error: FAILED_PRECONDITION: the parameters of "
            + "StackedDrg2KiBV1_1: no " + PorepParameterFiles.vkName(RegisteredSealProof.StackedDrg2KiBV1_1) + " in "
            + dir.resolve("params")), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertFalse(Files.exists(proof));
        final CliRun none = jprove("cuzk", "status", "--address", "unix://" + dir.resolve("nobody.sock"));
        assertEquals(CliSupport.ERROR, none.status());
        assertTrue(none.err().startsWith("jprove cuzk status: error: no daemon answers at unix://"), none.err());
    }
}
