package io.jprove.engine.cli;

import java.io.IOException;

import io.jprove.engine.porep.ParameterSet;
import io.jprove.engine.porep.PorepParameterCache;

/**
 * Where a circuit's files in the parameter cache come from, as {@code c2} and {@code post} check it before proving:
 * jprove's own (marked beside them; they have no published digest), or Filecoin's, whose {@code .vk} digest is
 * checked against parameters.json's always (it is small, and it decides what a valid proof is) and whose
 * {@code .params} digest with {@code --check-digest} (minutes for a large file).
 */
final class ParameterOrigin
{
    private ParameterOrigin()
    {
    }

    /**
     * @param checkDigest whether {@code --check-digest} asks for the {@code .params} digest too
     * @return the origin in words, for the command's output
     * @throws IllegalArgumentException when a digest differs, or {@code --check-digest} is given for jprove's files
     */
    static String check(final PorepParameterCache.Located files, final ParameterSet set, final boolean checkDigest)
        throws IOException
    {
        if (files.jproveMade())
        {
            if (checkDigest)
            {
                throw new IllegalArgumentException("--check-digest: " + files.params().getParent() + " holds jprove's "
                    + "own parameters for this circuit (marker " + PorepParameterCache.markerName(set) + "), which "
                    + "have no published digest");
            }
            return "jprove's own (made by jprove setup, marked beside them): NOT Filecoin's published parameters; "
                + "this proof verifies against their .vk only, never on chain";
        }
        PorepParameterCache.checkDigest(files.vk(), set.publishedDigest(set.vkName()));
        if (checkDigest)
        {
            PorepParameterCache.checkDigest(files.params(), set.publishedDigest(set.paramsName()));
        }
        return "Filecoin's published files: .vk digest matches parameters.json" + (checkDigest
            ? ", and so does the .params digest" : " (--check-digest to check the .params too)");
    }
}
