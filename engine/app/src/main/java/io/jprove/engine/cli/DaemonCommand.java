package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.daemon.Daemon;
import io.jprove.engine.daemon.DaemonConfig;
import io.jprove.engine.daemon.JournalCheck;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove daemon}: runs the proving daemon until it is stopped (SIGTERM or SIGINT close it; SIGKILL loses
 * nothing that was acknowledged). Prints one line with its listeners and devices once it accepts requests, after the
 * line {@code --device} prints when the automatic choice falls on the CPU. With {@code --check-journal DIR} it only
 * reads a journal and reports on it (exit 0 clean, 1 damage found, 2 unreadable).
 */
@Command(name = "daemon", mixinStandardHelpOptions = true,
    description = "Run the proving daemon (gRPC API, HTTP /status and /metrics, durable jobs; cuzk's API for Curio"
        + " with cuzk-socket or cuzk-listen set).")
final class DaemonCommand implements Callable<Integer>
{
    @Option(names = "--config", paramLabel = "FILE", description = "Settings (key = value lines); without it, the "
        + "defaults: loopback 127.0.0.1:7420 (gRPC) and :7421 (HTTP), no token (a listener off loopback requires "
        + "token-file), data in ./.jprove/daemon, keys read only from there and the Filecoin parameter cache.")
    private Path config;

    @Option(names = "--check-journal", paramLabel = "DIR", description = "Only inspect the journal of the data"
        + " directory DIR (or its journal folder), without changing it: entries, jobs by state, damage; exit 0 clean,"
        + " 1 damage found, 2 unreadable. Safe while a daemon runs on it.")
    private Path checkJournal;

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Override
    public Integer call()
    {
        return CliSupport.run("daemon", verbose, () ->
        {
            if (checkJournal != null)
            {
                if (config != null)
                {
                    throw new IllegalArgumentException("--check-journal reads a journal and starts nothing: leave out"
                        + " --config");
                }
                final JournalCheck.Report report = JournalCheck.of(checkJournal);
                report.lines().forEach(System.out::println);
                return report.damaged() ? CliSupport.INVALID : CliSupport.OK;
            }
            final DaemonConfig settings = config == null ? DaemonConfig.defaults() : DaemonConfig.read(config);
            final DeviceSelection devices = DeviceSelection.parse(settings.device(), "device");
            if (!devices.note().isEmpty())
            {
                System.err.println("jprove daemon: " + devices.note() + " (set device in the settings to choose)");
            }
            // the daemon locks its data directory before it opens the devices or touches anything there
            final Daemon daemon = Daemon.start(settings);
            final CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() ->
            {
                daemon.close();
                stopped.countDown();
            }, "jprove-daemon-stop"));
            final DaemonConfig.Endpoint at = settings.listen();
            System.out.println("jprove daemon: listening on " + new DaemonConfig.Endpoint(at.host(),
                daemon.grpcPort()) + " (gRPC)" + (daemon.httpPort() < 0 ? "" : ", http://"
                + new DaemonConfig.Endpoint(settings.httpListen().host(), daemon.httpPort()) + " (/status, /metrics)")
                + "; " + daemon.workers() + " worker(s) on " + String.join(", ", daemon.devices()) + ", "
                + daemon.resumedJobs() + " job(s) resumed, data in " + settings.dataDir()
                + (settings.token() == null ? "" : ", bearer token required")
                + (settings.cluster() == null ? "" : "; cluster host " + settings.cluster().host() + " ("
                + daemon.resumedClaims() + " claim(s) resumed) on " + settings.cluster().url()
                .replaceAll("password=[^&]*", "password=***")) + cuzk(settings, daemon));
            System.out.flush();
            stopped.await();
            return CliSupport.OK;
        });
    }

    /** @return where the cuzk API listens, for the start line; empty when it is not served. */
    private static String cuzk(final DaemonConfig settings, final Daemon daemon)
    {
        if (!settings.cuzk().enabled())
        {
            return "";
        }
        final List<String> at = new ArrayList<>();
        if (daemon.cuzkSocket() != null)
        {
            at.add("unix://" + daemon.cuzkSocket());
        }
        if (daemon.cuzkPort() >= 0)
        {
            at.add(new DaemonConfig.Endpoint(settings.cuzk().listen().host(), daemon.cuzkPort()).toString());
        }
        return "; cuzk API on " + String.join(" and ", at) + ", parameters in " + settings.cuzk().parameterCache();
    }
}
