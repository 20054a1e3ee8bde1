package io.jprove.engine.cli;

import java.util.concurrent.Callable;

import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.r1cs.CircuitStatistics;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.CountingAssignment;
import io.jprove.engine.r1cs.StatisticsAssignment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jprove circuit}: facts about the built-in circuits. */
@Command(name = "circuit", description = "Facts about the built-in PoRep partition circuits.",
    subcommands = {CircuitCommand.Info.class})
final class CircuitCommand
{
    /** Bytes of one Fr element in the shared layout. */
    private static final long ELEMENT_BYTES = 32;

    /**
     * {@code jprove circuit info --preset 32GiB}: constraints, inputs, aux, density, domain and estimated proving
     * memory of one partition.
     */
    @Command(name = "info", description = "Constraints, inputs, aux, density, domain size and estimated memory of one"
        + " partition of a preset.")
    static final class Info implements Callable<Integer>
    {
        @Option(names = "--preset", required = true,
            description = "tiny, 2KiB, 512MiB, 32GiB or 64GiB")
        String preset;

        @Option(names = "--density", negatable = true, defaultValue = "true",
            description = "measure the A/B densities (reads every constraint; default: on)")
        boolean density;

        @Option(names = "--witness", description = "also compute the random witness to measure the share of 0/1 aux "
            + "values (about as long as witness generation)")
        boolean witness;

        @Override
        public Integer call()
        {
            final SectorShape shape;
            try
            {
                shape = SectorShape.preset(preset);
            }
            catch (final IllegalArgumentException e)
            {
                System.err.println(e.getMessage());
                return 2;
            }
            final PorepCircuit circuit = new PorepCircuit(shape, 1);
            final long t0 = System.nanoTime();
            final ConstraintCounts counts = CountingAssignment.count(circuit);
            final long t1 = System.nanoTime();
            System.out.println(shape);
            System.out.printf("constraints     %,d%n", counts.numConstraints());
            System.out.printf("public inputs   %,d (ONE included)%n", counts.numInputs());
            System.out.printf("aux variables   %,d%n", counts.numAux());
            final long domain = new CircuitStatistics(counts, -1, 0, 0, 0).domainSize();
            System.out.printf("domain size     2^%d = %,d (constraints + one row per input)%n",
                Long.numberOfTrailingZeros(domain), domain);
            System.out.printf("counted in      %.1f s%n", (t1 - t0) / 1e9);
            if (density || witness)
            {
                final CircuitStatistics s = StatisticsAssignment.measure(circuit, witness);
                System.out.printf("A density       %.2f %% of aux%n", 100 * s.aDensity());
                System.out.printf("B density       %.2f %% of aux, %d of %d inputs%n", 100 * s.bDensity(),
                    s.bInputDense(), counts.numInputs());
                if (witness)
                {
                    System.out.printf("0/1 aux values  %.2f %% (random witness)%n", 100 * s.booleanShare());
                }
                System.out.printf("measured in     %.1f s%n", (System.nanoTime() - t1) / 1e9);
            }
            final long rows = counts.rows();
            final long abc = 3 * rows * ELEMENT_BYTES;
            final long z = ((long)counts.numInputs() + counts.numAux()) * ELEMENT_BYTES;
            System.out.printf("memory (est.)   a, b, c %s + witness %s = %s per partition in proving mode;%n",
                gib(abc), gib(z), gib(abc + z));
            System.out.printf("                witness-only + SpMV holds the same, plus the recorded matrices%n");
            return 0;
        }

        private static String gib(final long bytes)
        {
            return String.format("%.2f GiB", bytes / (double)(1L << 30));
        }
    }
}
