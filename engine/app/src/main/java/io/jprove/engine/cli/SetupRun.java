package io.jprove.engine.cli;

import java.util.Locale;
import java.util.random.RandomGenerator;

import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.groth16.FixedBaseMultiplier;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupPhases;
import io.jprove.engine.r1cs.ConstraintMatrices;

/**
 * What {@code setup}, {@code demo}, {@code bench engine} and {@code bench setup} share: a {@link Groth16Setup} on
 * the chosen device (its fixed-base products, and the Lagrange basis's inverse NTT, on the first GPU when
 * {@code --device} chose CUDA; on the host's threads otherwise), behind a progress bar, and the one line that says
 * where it ran and how long each phase took.
 */
final class SetupRun
{
    /** A finished setup: the key (the caller closes it), its phases, where the products ran, how long it all took. */
    record Result(ProvingKey key, SetupPhases phases, String device, long nanos)
    {
        /** @return one line: how long, where, and each phase. */
        String line()
        {
            return String.format(Locale.ROOT, "setup in %.2f s, products on %s, host phases on %s: %s", nanos / 1e9,
                device, phases.host(), phases.summary());
        }
    }

    private SetupRun()
    {
    }

    /** Sets the circuit up on the selection's device. */
    static Result run(final ConstraintMatrices cs, final DeviceSelection selection, final int threads,
        final RandomGenerator rng)
    {
        try (FixedBaseMultiplier multiplier = selection.multiplier(threads))
        {
            return run(cs, multiplier, threads, rng);
        }
    }

    /** Sets the circuit up with {@code multiplier}'s products (which the caller closes). */
    static Result run(final ConstraintMatrices cs, final FixedBaseMultiplier multiplier, final int threads,
        final RandomGenerator rng)
    {
        final long t0 = System.nanoTime();
        final SetupPhases phases = new SetupPhases(CliSupport.progressBar("setup"));
        final ProvingKey key = Groth16Setup.generate(cs, rng, threads, phases, multiplier);
        return new Result(key, phases, multiplier.device(), System.nanoTime() - t0);
    }
}
