package io.jprove.engine.cli;

import io.jprove.engine.porep.PorepParameterCache;

import picocli.CommandLine.Option;

/**
 * How much of Filecoin's parameter files a proving command checks, beyond the {@code .vk}'s digest (always checked):
 * the {@code .params} digest with {@code --check-digest}, and the subgroup checks of its points, skipped with
 * {@code --unchecked}. Use as {@code @Mixin ParameterChecksOption checks;}.
 */
final class ParameterChecksOption
{
    @Option(names = "--check-digest", description = "Also check the .params file's digest against parameters.json's "
        + "(the .vk's is always checked); for Filecoin's files only.")
    private boolean checkDigest;

    @Option(names = "--unchecked", description = "Skip the subgroup checks of the parameters' points (trusted files "
        + "only). They are made on Filecoin's files unless --check-digest authenticated them, once per file (it is "
        + "remembered in ~/.cache/jprove/checked-keys); never on jprove's own.")
    private boolean unchecked;

    /** @return whether the {@code .params} file's digest is checked too. */
    boolean checkDigest()
    {
        return checkDigest;
    }

    /**
     * @return whether the points are tested for subgroup membership: minutes of work, so not for files authenticated
     *         by their digest, nor for jprove's own; a damaged file still yields no proof, as each one is verified
     *         against the {@code .vk} before it is written
     */
    boolean subgroupChecks(final PorepParameterCache.Located files)
    {
        return !unchecked && !files.jproveMade() && !checkDigest;
    }
}
