package io.jprove.engine.cli;

import java.nio.file.Path;

import io.jprove.engine.porep.PorepParameterCache;

import picocli.CommandLine.Option;

/**
 * The options of every command that proves a Filecoin circuit with parameters from Filecoin's parameter cache: where
 * the cache is, and where the circuit's recorded constraint matrices are kept. Use as
 * {@code @Mixin ParameterCacheOption parameters;}.
 */
final class ParameterCacheOption
{
    @Option(names = "--params-dir", description = "Filecoin's parameter cache, v28 file names (default: "
        + "$FIL_PROOFS_PARAMETER_CACHE, else /var/tmp/filecoin-proof-parameters); jprove setup makes jprove's own "
        + "there.")
    private Path paramsDir;

    @Option(names = "--cache", description = "Folder of the recorded constraint matrices (default ./.jprove/params).")
    private Path cache = Path.of(".jprove", "params");

    /** @return the parameter cache: {@code --params-dir}'s, else Filecoin's default. */
    Path directory()
    {
        return paramsDir != null ? paramsDir : PorepParameterCache.defaultDirectory();
    }

    /** @return the folder of the recorded constraint matrices. */
    Path matrices()
    {
        return cache;
    }
}
