package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.jprove.engine.daemon.DaemonClient;
import io.jprove.engine.daemon.rpc.KeyRef;
import io.jprove.engine.daemon.rpc.KeyStatus;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code jprove key preload|evict}: load and check a key in a daemon before the first job needs it, or drop it. */
@Command(name = "key", description = "A daemon's resident proving keys: preload, evict.",
    mixinStandardHelpOptions = true, subcommands = {KeyCommand.Preload.class, KeyCommand.Evict.class})
final class KeyCommand
{
    /** Exactly one key file. */
    static final class Which
    {
        @Option(names = "--params", description = "bellperson .params on the daemon's host.")
        Path params;

        @Option(names = "--zkey", description = "snarkjs .zkey on the daemon's host.")
        Path zkey;

        KeyRef ref()
        {
            return params != null ? KeyRef.newBuilder().setParamsPath(params.toAbsolutePath().normalize().toString())
                .build() : KeyRef.newBuilder().setZkeyPath(zkey.toAbsolutePath().normalize().toString()).build();
        }
    }

    static String line(final KeyStatus k)
    {
        return k.getKind() + " " + k.getPath() + (k.getResident() ? " resident (loaded and checked in "
            + k.getLoadMs() + " ms)" : " not resident");
    }

    /** {@code jprove key preload}. */
    @Command(name = "preload", mixinStandardHelpOptions = true, description = "Load, check and keep a key.")
    static final class Preload implements Callable<Integer>
    {
        @ArgGroup(exclusive = true, multiplicity = "1")
        Which which;

        @Mixin
        DaemonOptions daemon;

        @Override
        public Integer call()
        {
            return CliSupport.run("key preload", false, () ->
            {
                try (DaemonClient client = daemon.connect())
                {
                    System.out.println(line(DaemonOptions.call(client, () -> client.preload(which.ref()))));
                }
                return CliSupport.OK;
            });
        }
    }

    /** {@code jprove key evict}. */
    @Command(name = "evict", mixinStandardHelpOptions = true, description = "Drop a resident key.")
    static final class Evict implements Callable<Integer>
    {
        @ArgGroup(exclusive = true, multiplicity = "1")
        Which which;

        @Mixin
        DaemonOptions daemon;

        @Override
        public Integer call()
        {
            return CliSupport.run("key evict", false, () ->
            {
                try (DaemonClient client = daemon.connect())
                {
                    System.out.println(line(DaemonOptions.call(client, () -> client.evict(which.ref()))));
                }
                return CliSupport.OK;
            });
        }
    }
}
