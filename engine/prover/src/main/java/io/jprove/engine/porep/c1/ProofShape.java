package io.jprove.engine.porep.c1;

import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.SectorShape;

/**
 * What a sector size fixes in its vanilla proofs: the data tree's depth, the replica trees' shape and the layers
 * (the column length). The {@code VanillaSealProof} variant names only the size, so this is all a C1 reader can
 * check before it knows the seal proof.
 *
 * @param variant     the variant name, e.g. "StackedDrg2KiBV1"
 * @param sizeName    the sector size, e.g. "2KiB"
 * @param dataTree    tree D's shape
 * @param replicaTree tree C's and tree R_last's shape
 * @param layers      SDR layers
 */
record ProofShape(String variant, String sizeName, TreeShape dataTree, TreeShape replicaTree, int layers)
{
    /** @return the shape of a seal proof's sector size. */
    static ProofShape of(final RegisteredSealProof proof)
    {
        final SectorShape s = proof.shape();
        return new ProofShape(C1Output.variantOf(proof), proof.sizeName(), s.dataTree(), s.replicaTree(), s.layers());
    }

    /** @return the shape of a variant name, or null when no sector size has it. */
    static ProofShape ofVariant(final String variant)
    {
        for (final RegisteredSealProof p : RegisteredSealProof.values())
        {
            if (C1Output.variantOf(p).equals(variant))
            {
                return of(p);
            }
        }
        return null;
    }

    /** @return the variant names, for an error message. */
    static String variants()
    {
        final java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (final RegisteredSealProof p : RegisteredSealProof.values())
        {
            names.add(C1Output.variantOf(p));
        }
        return String.join(", ", names);
    }
}
