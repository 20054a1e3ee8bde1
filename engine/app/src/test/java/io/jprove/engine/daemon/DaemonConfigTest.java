package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.gpu.CudaBackendFactory;

/** The daemon's settings file: defaults, values, and an error naming file, line and key for anything wrong. */
class DaemonConfigTest
{
    @TempDir
    Path dir;

    private String error(final String text) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("d.properties"), text);
        return assertThrows(IllegalArgumentException.class, () -> DaemonConfig.read(file)).getMessage();
    }

    @Test
    void shouldListenOnLoopbackWithoutTokenWhenNothingIsSet()
    {
        final DaemonConfig d = DaemonConfig.defaults();
        assertEquals("127.0.0.1:7420", d.listen().toString());
        assertEquals("127.0.0.1:7421", d.httpListen().toString());
        assertTrue(d.listen().isLoopback());
        assertNull(d.token());
        assertEquals(Duration.ofHours(1), d.resultRetention());
        assertEquals(DaemonConfig.JournalSync.SYNC, d.journalSync());
        assertEquals(Path.of(".jprove/daemon/timeline"), d.timeline());
    }

    @Test
    void shouldReadEveryKeyWhenFileSetsThem() throws IOException
    {
        final Path token = Files.writeString(dir.resolve("token"), "0123456789abcdef0123\n");
        final Path file = Files.writeString(dir.resolve("d.properties"), "# a comment\nlisten = 0.0.0.0:9000\n"
            + "http-listen: off\ntoken-file = " + token + "\nworkers = 3\nthreads=4\nqueue-capacity = 9\n"
            + "max-request-bytes = 1024\nresult-retention = 90s\njournal-sync = async\ntimeline = off\n");
        final DaemonConfig d = DaemonConfig.read(file);
        assertFalse(d.listen().isLoopback());
        assertNull(d.httpListen());
        assertEquals("0123456789abcdef0123", d.token());
        assertEquals(3, d.workers());
        assertEquals(4, d.threads());
        assertEquals(9, d.queueCapacity());
        assertEquals(1024, d.maxRequestBytes());
        assertEquals(Duration.ofSeconds(90), d.resultRetention());
        assertEquals(DaemonConfig.JournalSync.ASYNC, d.journalSync());
        assertNull(d.timeline());
        assertFalse(d.toString().contains("0123456789abcdef0123"), "the token never shows in logs");
    }

    @Test
    void shouldNameFileLineAndKeyWhenSomethingIsWrong() throws IOException
    {
        final String where = dir.resolve("d.properties") + ":2: ";
        assertTrue(error("workers = 1\nlisten = 10.1.2.3:7420\n").startsWith(where + "listen 10.1.2.3:7420 is not a"
            + " loopback address (its host must resolve to loopback addresses only), so a bearer token is required:"
            + " set token-file"));
        assertTrue(error("workers = 1\nworkrs = 2\n").startsWith(where + "unknown key workrs"));
        assertTrue(error("x = 1\n").contains("unknown key x (known: listen, http-listen"));
        assertTrue(error("workers = 1\nworkers = 2\n").startsWith(where + "workers is set twice"));
        assertTrue(error("listen = 1\nworkers = none\n").startsWith(dir.resolve("d.properties") + ":1: listen:"));
        assertTrue(error("threads = 1\nresult-retention = 1 hour\n").startsWith(where + "result-retention: \"1 hour\""
            + " is not a positive duration"));
        assertTrue(error("threads = 1\njournal-sync = always\n").contains("not one of sync, async, none"));
        assertTrue(error("threads = 1\ntoken-file = " + dir.resolve("absent") + "\n").startsWith(where
            + "token-file: cannot read the token file"));
        final Path weak = Files.writeString(dir.resolve("weak"), "short\n");
        assertTrue(error("threads = 1\ntoken-file = " + weak + "\n").contains("at least 16 printable characters"));
        assertTrue(error("just words\n").contains(":1: \"just words\" is not key = value"));
    }

    @Test
    void shouldChooseTheDeviceAsTheCommandLineDoesWhenDeviceIsSet() throws IOException
    {
        final DaemonConfig d = DaemonConfig.defaults();
        assertEquals("auto", d.device());
        assertEquals(0, d.workers(), "no workers setting: the devices' default");
        assertEquals("cpu", DaemonConfig.of(Map.of("device", "cpu"), "test").device());
        final String where = dir.resolve("d.properties") + ":2: ";
        assertEquals(where + "device must be cpu, jvm, cuda, cuda:N or auto, not 'gpu'",
            error("threads = 1\ndevice = gpu\n"));
        assertEquals(where + "device must be cpu, jvm, cuda, cuda:N or auto, not ''",
            error("threads = 1\ndevice =\n"));
        assertEquals(where + "device cpu:1: this host has 1 cpu device (cpu:0)",
            error("threads = 1\ndevice = cpu:1\n"));
        if (new CudaBackendFactory().deviceCount() == 0)
        {
            // this host has no GPU: asking for one is refused where it was asked, with the driver's reason
            final String cuda = error("threads = 1\ndevice = cuda\n");
            assertTrue(cuda.startsWith(where + "device cuda: no cuda device on this host ("), cuda);
            assertTrue(error("threads = 1\ndevice = cuda:1\n").startsWith(where + "device cuda:1: no cuda device"));
        }
        else
        {
            assertEquals("cuda", DaemonConfig.of(Map.of("device", "cuda"), "test").device());
            assertTrue(error("threads = 1\ndevice = cuda:x\n").startsWith(where + "device cuda:x: 'x' is not a device"
                + " number"));
        }
    }

    @Test
    void shouldParseDurationsWithUnitsWhenWrittenShort()
    {
        assertEquals(Duration.ofMillis(500), DaemonConfig.duration("500ms"));
        assertEquals(Duration.ofMinutes(15), DaemonConfig.duration("15m"));
        assertEquals(Duration.ofDays(7), DaemonConfig.duration("7d"));
        assertThrows(IllegalArgumentException.class, () -> DaemonConfig.duration("0s"));
        assertThrows(IllegalArgumentException.class, () -> DaemonConfig.of(Map.of("workers", "0"), "test"));
    }

    @Test
    void shouldBoundThePartitionsBuffersWhereConfigured()
    {
        assertEquals(0, DaemonConfig.defaults().partitionMemoryBytes(), "half the host's memory");
        assertEquals(24L << 30, DaemonConfig.of(Map.of("partition-memory", "24g"), "test").partitionMemoryBytes());
        assertThrows(IllegalArgumentException.class, () -> DaemonConfig.of(Map.of("partition-memory", "lots"),
            "test"));
    }

    @Test
    void shouldKeepTheJournalWhenNoClusterIsSet()
    {
        assertNull(DaemonConfig.defaults().cluster());
    }

    @Test
    void shouldTakeProductionLivenessDefaultsWhenOnlyTheClusterIsSet()
    {
        final ClusterConfig c = DaemonConfig.of(Map.of("cluster", "jdbc:postgresql://db:5432/jprove?user=j",
            "listen", "127.0.0.1:7500"), "test").cluster();
        assertEquals(ClusterConfig.DEFAULT_HEARTBEAT, c.heartbeat());
        assertEquals(ClusterConfig.DEFAULT_LEASE, c.lease());
        assertEquals(ClusterConfig.DEFAULT_PARTITION_TIMEOUT, c.partitionTimeout());
        assertEquals(ClusterConfig.DEFAULT_POLL, c.poll());
        assertEquals(0, c.memoryBudgetBytes());
        assertTrue(c.host().endsWith(":7500"), c.host());
        assertNull(c.password());
    }

    @Test
    void shouldReadEveryClusterKeyWhenFileSetsThem() throws IOException
    {
        final Path password = Files.writeString(dir.resolve("pw"), "s3cret\n");
        final Path file = Files.writeString(dir.resolve("c.properties"), "cluster = jdbc:postgresql://db/j?password=x\n"
            + "cluster-password-file = " + password + "\ncluster-host = gpu-a\ncluster-heartbeat = 50ms\n"
            + "cluster-lease = 400ms\ncluster-partition-timeout = 2m\ncluster-poll = 10ms\nmemory-budget = 64g\n");
        final ClusterConfig c = DaemonConfig.read(file).cluster();
        assertEquals("gpu-a", c.host());
        assertEquals("s3cret", c.password());
        assertEquals(Duration.ofMillis(50), c.heartbeat());
        assertEquals(Duration.ofMillis(400), c.lease());
        assertEquals(Duration.ofMinutes(2), c.partitionTimeout());
        assertEquals(Duration.ofMillis(10), c.poll());
        assertEquals(64L << 30, c.memoryBudgetBytes());
        assertFalse(c.toString().contains("s3cret") || c.toString().contains("password=x"), c.toString());
    }

    @Test
    void shouldNameTheKeyWhenAClusterSettingIsWrong() throws IOException
    {
        final String where = dir.resolve("d.properties") + ":2: ";
        assertTrue(error("workers = 1\ncluster = mysql://db\n").startsWith(where + "cluster: \"mysql://db\" is not a"
            + " PostgreSQL JDBC URL"));
        assertTrue(error("workers = 1\ncluster-lease = 1s\n").startsWith(where + "cluster-lease is set but cluster"
            + " is off"));
        assertTrue(error("cluster = jdbc:postgresql://db/j\ncluster-lease = 1s\n").contains("cluster-lease PT1S must"
            + " be at least twice cluster-heartbeat PT5S"));
        assertTrue(error("cluster = jdbc:postgresql://db/j\nmemory-budget = lots\n").startsWith(where
            + "memory-budget: \"lots\" is not a byte count"));
        assertTrue(error("cluster = jdbc:postgresql://db/j\ncluster-host = a b\n").startsWith(where
            + "cluster-host: \"a b\" is not 1 to 200 printable characters"));
    }

    /** @return what the config printed on stderr while it was read. */
    private static String stderrOf(final Path file) throws IOException
    {
        final java.io.PrintStream err = System.err;
        final java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        try
        {
            System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
            DaemonConfig.read(file);
        }
        finally
        {
            System.setErr(err);
        }
        return captured.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void shouldWarnWhenTokenFileIsReadableByOthers() throws IOException
    {
        Assumptions.assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        final Path token = Files.writeString(dir.resolve("token"), "0123456789abcdef0123\n");
        final Path file = Files.writeString(dir.resolve("d.properties"), "listen = 0.0.0.0:9000\ntoken-file = "
            + token + "\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
        assertEquals("jprove daemon: warning: " + token + " is readable by every user: a secret should be readable by"
            + " its owner only (chmod 600 " + token + ")", stderrOf(file).strip());
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r-----"));
        assertTrue(stderrOf(file).contains("is readable by its group"));
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        assertEquals("", stderrOf(file));
    }

    @Test
    void shouldCountHostAsLoopbackOnlyWhenItResolvesToLoopback()
    {
        for (final String host : List.of("127.0.0.1", "127.3.4.5", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1",
            "localhost"))
        {
            assertTrue(new DaemonConfig.Endpoint(host, 1).isLoopback(), host);
        }
        for (final String host : List.of("0.0.0.0", "10.1.2.3", "::", "::ffff:10.0.0.1"))
        {
            assertFalse(new DaemonConfig.Endpoint(host, 1).isLoopback(), host);
        }
        assertEquals("[::ffff:127.0.0.1]:7", DaemonConfig.of(Map.of("listen", "[::ffff:127.0.0.1]:7", "http-listen",
            "off"), "test").listen().toString(), "a mapped loopback address needs no token");
    }

    @Test
    void shouldRequireTokenWhenNameThatStartsWith127ResolvesElsewhere(@TempDir final Path child) throws Exception
    {
        // a hosts file instead of DNS, so that the names resolve without the network: the one that looks like a
        // loopback address is another host's, the plain one is loopback
        final Path hosts = Files.writeString(child.resolve("hosts"), "10.9.8.7 127.attacker.example\n"
            + "127.0.0.1 plain.example\n");
        final String out = DaemonProcess.fails(child, "listen = 127.attacker.example:0\nhttp-listen = off\n",
            "-Djdk.net.hosts.file=" + hosts);
        assertTrue(out.contains("listen 127.attacker.example:0 is not a loopback address"), out);
        // checked after the listeners: failing there shows that plain.example passed as loopback
        final String plain = DaemonProcess.fails(child, "listen = plain.example:0\nhttp-listen = off\n"
            + "cluster-lease = 1s\n", "-Djdk.net.hosts.file=" + hosts);
        assertTrue(plain.contains("cluster-lease is set but cluster is off") && !plain.contains("loopback"), plain);
    }

    @Test
    void shouldReadKeyRootsAndDiskReserveWhenSetOrDefaulted() throws IOException
    {
        final DaemonConfig d = DaemonConfig.of(Map.of("data-dir", "/srv/jprove"), "test");
        assertEquals(List.of(Path.of("/srv/jprove"), DaemonConfig.filecoinParameterCache()), d.keyRoots());
        assertEquals(256L << 20, d.diskReserveBytes());
        final DaemonConfig set = DaemonConfig.of(Map.of("key-roots", "/keys/a, /keys/b/../c", "disk-reserve", "1g"),
            "test");
        assertEquals(List.of(Path.of("/keys/a"), Path.of("/keys/c")), set.keyRoots());
        assertEquals(1L << 30, set.diskReserveBytes());
        final String where = dir.resolve("d.properties") + ":2: ";
        assertTrue(error("threads = 1\nkey-roots = keys\n").startsWith(where + "key-roots: \"keys\" is not an absolute"
            + " folder"));
        assertTrue(error("threads = 1\ndisk-reserve = 99999999999g\n").startsWith(where + "disk-reserve: "));
    }

    @Test
    void shouldServeTheCuzkApiOnlyWhereTheSettingsSay() throws IOException
    {
        final DaemonConfig none = DaemonConfig.defaults();
        assertFalse(none.cuzk().enabled());
        assertEquals(DaemonConfig.filecoinParameterCache().toAbsolutePath(), none.cuzk().parameterCache());
        assertEquals(256 << 20, none.cuzk().maxRequestBytes());
        final DaemonConfig set = DaemonConfig.of(Map.of("cuzk-socket", "unix:///run/curio/cuzk.sock", "cuzk-listen",
            "127.0.0.1:9820", "cuzk-max-request-bytes", "1000", "parameter-cache", "/data/params"), "test");
        assertEquals(Path.of(CuzkConfig.DEFAULT_SOCKET), set.cuzk().socket());
        assertEquals("127.0.0.1:" + CuzkConfig.DEFAULT_PORT, set.cuzk().listen().toString());
        assertEquals(1000, set.cuzk().maxRequestBytes());
        // the parameter cache is where requests may name keys, by default
        assertEquals(List.of(Path.of(".jprove/daemon").toAbsolutePath(), Path.of("/data/params")), set.keyRoots());
        final String where = dir.resolve("d.properties") + ":2: ";
        assertEquals(where + "cuzk-listen 0.0.0.0:9820 is not a loopback address (its host must resolve to loopback"
            + " addresses only), so a bearer token is required: set token-file", error("threads = 1\n"
            + "cuzk-listen = 0.0.0.0:9820\n"));
        assertEquals(where + "cuzk-max-request-bytes is set but the cuzk API has no listener; set cuzk-socket or"
            + " cuzk-listen", error("threads = 1\ncuzk-max-request-bytes = 10\n"));
        assertEquals(where + "cuzk-socket: \"run/cuzk.sock\" is not an absolute path", error("threads = 1\n"
            + "cuzk-socket = run/cuzk.sock\n"));
    }
}
