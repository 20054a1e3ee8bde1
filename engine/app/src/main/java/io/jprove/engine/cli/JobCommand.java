package io.jprove.engine.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import io.jprove.engine.daemon.DaemonClient;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.PartitionState;
import io.jprove.engine.daemon.rpc.StatusReply;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jprove job}: a daemon's jobs: status, await (writing the result's files), cancel. */
@Command(name = "job", description = "A daemon's jobs: status, await, cancel.", mixinStandardHelpOptions = true,
    subcommands = {JobCommand.Status.class, JobCommand.Await.class, JobCommand.Cancel.class})
final class JobCommand
{
    /** One line per job: id, state, partitions done of total, request id, error. */
    static String line(final JobStatus j)
    {
        final long done = j.getPartitionsList().stream().filter(p -> p == PartitionState.PARTITION_DONE).count();
        return "job " + j.getJobId() + " " + j.getState().name().toLowerCase(Locale.ROOT) + " " + done + "/"
            + j.getPartitionsCount() + " partitions, " + j.getCircuit() + ", priority " + j.getPriority()
            + ", request " + j.getRequestId() + (j.getError().isEmpty() ? "" : ": " + j.getError());
    }

    /** {@code jprove job status [ID]}. */
    @Command(name = "status", mixinStandardHelpOptions = true, description = "One job's status, or every job's.")
    static final class Status implements Callable<Integer>
    {
        @Parameters(arity = "0..1", paramLabel = "ID", description = "The job (default: all).")
        long id;

        @Mixin
        DaemonOptions daemon;

        @Override
        public Integer call()
        {
            return CliSupport.run("job status", false, () ->
            {
                try (DaemonClient client = daemon.connect())
                {
                    final StatusReply s = DaemonOptions.call(client, () -> client.status(id));
                    s.getJobsList().forEach(j -> System.out.println(line(j)));
                    s.getWorkersList().forEach(w -> System.out.println("worker " + w.getWorker() + " on "
                        + w.getDevice() + (w.getJobId() == 0 ? " idle" : " proving job " + w.getJobId()
                        + " partition " + w.getPartition())));
                    s.getDevicesList().forEach(d -> System.out.println("device " + d.getName() + " ("
                        + d.getDescription() + "): " + d.getWorkers() + " worker(s), " + (d.getUsable() ? "usable"
                        : "unusable: " + d.getUnusableReason()) + ", " + d.getPreparedKeysCount()
                        + " key(s) prepared" + d.getPreparedKeysList().stream().map(k -> "; " + k.getPath() + " ("
                        + (k.getDeviceBytes() >> 20) + " MiB on the device)").collect(Collectors.joining())));
                }
                return CliSupport.OK;
            });
        }
    }

    /** {@code jprove job await ID --proof F}. */
    @Command(name = "await", mixinStandardHelpOptions = true,
        description = "Wait for a job and write its result as 'jprove prove' would.")
    static final class Await implements Callable<Integer>
    {
        @Parameters(paramLabel = "ID", description = "The job.")
        long id;

        @Option(names = "--proof", required = true, description = "Output: the proof.")
        Path proofOut;

        @Option(names = "--public", description = "Output: the public inputs as snarkjs's public.json.")
        Path publicOut;

        @Option(names = "--json", description = "Write the proof as snarkjs's proof.json (the default for zkey"
            + " jobs).")
        boolean json;

        @Option(names = "--timeout", description = "Longest wait, in seconds (default 86400).")
        long timeoutSeconds = 86_400;

        @Mixin
        DaemonOptions daemon;

        @Override
        public Integer call()
        {
            return CliSupport.run("job await", false, () ->
            {
                final OutputFiles outputs = OutputFiles.of("--proof", proofOut, "--public", publicOut);
                try (outputs; DaemonClient client = daemon.connect())
                {
                    final JobStatus s = DaemonOptions.call(client, () -> client.await(id,
                        Duration.ofSeconds(timeoutSeconds)));
                    DaemonResult.write(s, outputs, proofOut, publicOut, json);
                    System.out.println(line(s) + "; written to " + proofOut);
                }
                return CliSupport.OK;
            });
        }
    }

    /** {@code jprove job cancel ID}. */
    @Command(name = "cancel", mixinStandardHelpOptions = true,
        description = "Cancel a job: at once if queued, at the next partition boundary if running.")
    static final class Cancel implements Callable<Integer>
    {
        @Parameters(paramLabel = "ID", description = "The job.")
        long id;

        @Mixin
        DaemonOptions daemon;

        @Override
        public Integer call()
        {
            return CliSupport.run("job cancel", false, () ->
            {
                try (DaemonClient client = daemon.connect())
                {
                    System.out.println(line(DaemonOptions.call(client, () -> client.cancel(id))));
                }
                return CliSupport.OK;
            });
        }
    }
}
