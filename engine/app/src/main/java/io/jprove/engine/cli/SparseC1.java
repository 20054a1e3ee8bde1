package io.jprove.engine.cli;

import java.util.Arrays;
import java.util.SplittableRandom;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.seal.SparseSector;
import io.jprove.engine.porep.vanilla.VanillaProver;

/** The C1 outputs the PoRep benchmarks prove when given none: consistent sparse sectors of any size, in seconds. */
final class SparseC1
{
    private SparseC1()
    {
    }

    /**
     * @return sector {@code n + 1} of miner 1000: every ticket byte {@code 3 + n}, every seed byte {@code 5 + n}, its
     *         data from random seed {@code n + 1}
     */
    static C1Output of(final RegisteredSealProof proof, final int n)
    {
        final byte[] ticket = new byte[32];
        final byte[] seed = new byte[32];
        Arrays.fill(ticket, (byte)(3 + n));
        Arrays.fill(seed, (byte)(5 + n));
        final SparseSector s = SparseSector.make(proof, ProverId.ofMiner(1000), n + 1, ticket, seed,
            new SplittableRandom(n + 1));
        return VanillaProver.commitPhase1(proof, s, s.replicaId(), s.commD(), s.commR(), seed, ticket);
    }
}
