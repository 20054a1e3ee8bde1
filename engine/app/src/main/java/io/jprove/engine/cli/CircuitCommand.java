package io.jprove.engine.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.circuits.ReferenceCircuits;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.post.PostCircuit;
import io.jprove.engine.post.PostShape;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.CircuitStatistics;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.CountingAssignment;
import io.jprove.engine.r1cs.FingerprintAssignment;
import io.jprove.engine.r1cs.R1csDump;
import io.jprove.engine.r1cs.R1csFingerprint;
import io.jprove.engine.r1cs.StatisticsAssignment;
import io.jprove.engine.update.UpdateCircuit;
import io.jprove.engine.update.UpdatePoseidonCircuit;
import io.jprove.engine.update.UpdateShape;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jprove circuit}: facts about the built-in circuits, their R1CS fingerprint and dumps. */
@Command(name = "circuit", description = "Facts about the built-in circuits: counts, R1CS fingerprint, dumps.",
    subcommands = {CircuitCommand.Info.class, CircuitCommand.Dump.class, CircuitCommand.Compare.class})
final class CircuitCommand
{
    /** Bytes of one Fr element in the shared layout. */
    private static final long ELEMENT_BYTES = 32;

    /** Which circuit: a PoRep preset or any named one; exactly one. */
    static final class Target
    {
        private static final String SNAPDEALS_POSEIDON = "snapdeals-poseidon-";

        @Option(names = "--preset", required = true,
            description = "A PoRep partition: tiny, 2KiB, 8MiB, 512MiB, 32GiB or 64GiB.")
        String preset;

        @Option(names = "--circuit", required = true, description = "A named circuit: a Filecoin reference circuit "
            + "(poseidon2 … porep_2kib, window_post_2kib …, as the R1CS oracle names them), porep-PRESET, "
            + "window-post-SIZE, winning-post-SIZE (SIZE 2KiB, 8MiB, 512MiB, 32GiB, 64GiB), snapdeals-SIZE, "
            + "snapdeals-poseidon-SIZE (also 1KiB … 32KiB, 16MiB) or poseidon-chain-N.")
        String name;

        /** @return a line naming the circuit. */
        String describe()
        {
            if (preset != null)
            {
                return SectorShape.preset(preset).toString();
            }
            final PostShape post = PostShape.byName(name);
            if (post != null)
            {
                return post.toString();
            }
            if (name.startsWith(SNAPDEALS_POSEIDON))
            {
                return "SnapDeals-Poseidon, " + UpdateShape.of(name.substring(SNAPDEALS_POSEIDON.length()));
            }
            final UpdateShape update = UpdateShape.byName(name);
            return update != null ? update.toString() : name;
        }

        /**
         * @return the circuit, blank where a blank one exists (the shape does not depend on the witness).
         * @throws IllegalArgumentException naming what exists when there is no such circuit.
         */
        Circuit circuit()
        {
            if (preset != null)
            {
                return new PorepCircuit(SectorShape.preset(preset), 0);
            }
            if (ReferenceCircuits.names().contains(name))
            {
                return ReferenceCircuits.of(name);
            }
            final PostShape post = PostShape.byName(name);
            if (post != null)
            {
                return PostCircuit.blank(post);
            }
            if (name.startsWith(SNAPDEALS_POSEIDON))
            {
                return UpdatePoseidonCircuit.blank(UpdateShape.of(name.substring(SNAPDEALS_POSEIDON.length())));
            }
            final UpdateShape update = UpdateShape.byName(name);
            if (update != null)
            {
                return UpdateCircuit.blank(update);
            }
            try
            {
                return NamedCircuit.of(name).shape();
            }
            catch (final IllegalArgumentException e)
            {
                throw new IllegalArgumentException(e.getMessage() + "; window-post-SIZE, winning-post-SIZE, "
                    + "snapdeals-SIZE; or a reference circuit: " + ReferenceCircuits.names());
            }
        }
    }

    /**
     * {@code jprove circuit info --preset 32GiB}: counts, the R1CS fingerprint (terms, densities,
     * {@code TestConstraintSystem::hash()}), domain and estimated proving memory, from the blank circuit.
     */
    @Command(name = "info", description = {"Counts, R1CS fingerprint (nnz of A, B, C, the A/B densities, "
        + "TestConstraintSystem::hash()), domain size and estimated memory of a circuit, from its blank circuit.",
        "The fingerprint streams every row through BLAKE2s in two synthesis passes (counts, then rows), in memory "
            + "bounded by a bit per variable; a 32GiB partition takes minutes."})
    static final class Info implements Callable<Integer>
    {
        @ArgGroup(exclusive = true, multiplicity = "1")
        Target target;

        // picocli's form for a flag that is on by default: named by its negation, which sets it false
        @Option(names = "--no-fingerprint", negatable = true,
            description = "print the counts only, without the R1CS fingerprint (default: computed)")
        boolean fingerprint = true;

        @Option(names = "--witness", description = "also compute the random witness to measure the share of 0/1 aux "
            + "values (about as long as witness generation)")
        boolean witness;

        @Override
        public Integer call()
        {
            final Circuit circuit;
            final String description;
            try
            {
                circuit = target.circuit();
                description = target.describe();
            }
            catch (final IllegalArgumentException e)
            {
                System.err.println(e.getMessage());
                return 2;
            }
            final long t0 = System.nanoTime();
            final ConstraintCounts counts = CountingAssignment.count(circuit);
            final long t1 = System.nanoTime();
            System.out.println(description);
            System.out.printf("public inputs   %,d (ONE included)%n", counts.numInputs());
            System.out.printf("aux variables   %,d%n", counts.numAux());
            System.out.printf("constraints     %,d (%,d with the prover's input × 0 = 0 row per input)%n",
                counts.numConstraints(), counts.rows());
            final long domain = new CircuitStatistics(counts, -1, 0, 0, 0).domainSize();
            System.out.printf("domain size     2^%d = %,d (constraints + one row per input)%n",
                Long.numberOfTrailingZeros(domain), domain);
            System.out.printf("counted in      %.1f s%n", (t1 - t0) / 1e9);
            if (fingerprint)
            {
                final R1csFingerprint f = FingerprintAssignment.measure(circuit, counts, null);
                System.out.printf("nnz A / B / C   %,d / %,d / %,d (A with the prover's rows: %,d)%n", f.nnzA(),
                    f.nnzB(), f.nnzC(), f.nnzAWithProverRows());
                System.out.printf("density         A_aux %,d, B_aux %,d, B_inputs %,d (C_aux %,d, A_inputs %,d, "
                    + "C_inputs %,d before the prover's rows)%n", f.aAux(), f.bAux(), f.bInputs(), f.cAux(),
                    f.aInputs(), f.cInputs());
                System.out.printf("A density       %.2f %% of aux; B density %.2f %% of aux%n",
                    100.0 * f.aAux() / Math.max(1, f.numAux()), 100.0 * f.bAux() / Math.max(1, f.numAux()));
                System.out.println("hash            " + f.hash() + " (TestConstraintSystem::hash())");
                System.out.printf("fingerprinted   in %.1f s (a second pass, hashing every row)%n",
                    (System.nanoTime() - t1) / 1e9);
            }
            if (witness)
            {
                final long t2 = System.nanoTime();
                final CircuitStatistics s = StatisticsAssignment.measure(circuit, true);
                System.out.printf("0/1 aux values  %.2f %% (random witness), in %.1f s%n", 100 * s.booleanShare(),
                    (System.nanoTime() - t2) / 1e9);
            }
            final long peak = CliSupport.peakResidentBytes();
            if (peak > 0)
            {
                System.out.printf("peak resident   %s (this process)%n", gib(peak));
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

    /** {@code jprove circuit dump --circuit poseidon2 --out poseidon2.r1cs.txt.gz}: the R1CS as text. */
    @Command(name = "dump", description = {"Writes a circuit's R1CS as text in the layout of Filecoin's reference "
        + "dumps (row, A, B, C as canonical KIND:INDEX:COEFF terms, annotation), to diff with `circuit compare`.",
        "A name ending in .gz is gzipped. Three synthesis passes (counts, hash, rows)."})
    static final class Dump implements Callable<Integer>
    {
        @ArgGroup(exclusive = true, multiplicity = "1")
        Target target;

        @Option(names = "--out", required = true, description = "the constraints file (.r1cs.txt[.gz])")
        Path out;

        @Option(names = "--vars", description = "also the variables file (.vars.txt[.gz]) with the circuit's "
            + "witness (a PoRep preset's: a random one)")
        Path vars;

        @Override
        public Integer call()
        {
            final Circuit circuit;
            try
            {
                circuit = target.circuit();
            }
            catch (final IllegalArgumentException e)
            {
                System.err.println(e.getMessage());
                return 2;
            }
            final Circuit dumped = vars != null && target.preset != null
                ? new PorepCircuit(SectorShape.preset(target.preset), 1) : circuit;
            final long t0 = System.nanoTime();
            final R1csFingerprint f;
            try
            {
                f = R1csDump.write(dumped, target.preset != null ? target.preset : target.name, target.describe(),
                    out, vars);
            }
            catch (final java.io.UncheckedIOException e)
            {
                System.err.println(e.getMessage() + ": " + e.getCause().getMessage());
                for (final Path p : new Path[] {out, vars})
                {
                    try
                    {
                        if (p != null)
                        {
                            Files.deleteIfExists(p);
                        }
                    }
                    catch (final java.io.IOException ignored)
                    {
                        // nothing more to do: the error is reported
                    }
                }
                return 2;
            }
            System.out.println(f);
            System.out.printf("wrote %s%s in %.1f s%n", out, vars == null ? "" : " and " + vars,
                (System.nanoTime() - t0) / 1e9);
            return 0;
        }
    }

    /** {@code jprove circuit compare A B}: the first row where two dumps differ. */
    @Command(name = "compare", description = {"Compares two R1CS dumps (or two variables files) row by row, "
        + "annotations and names ignored, and prints the first difference.",
        "Exit status 0 when they agree, 1 when they differ, 2 when a file cannot be read."})
    static final class Compare implements Callable<Integer>
    {
        @Parameters(index = "0", description = "the expected dump (e.g. Filecoin's reference)")
        Path expected;

        @Parameters(index = "1", description = "the dump to check")
        Path actual;

        @Override
        public Integer call()
        {
            for (final Path p : new Path[] {expected, actual})
            {
                if (!Files.isReadable(p))
                {
                    System.err.println("cannot read " + p);
                    return 2;
                }
            }
            final String difference;
            try
            {
                difference = R1csDump.compare(expected, actual);
            }
            catch (final java.io.UncheckedIOException e)
            {
                System.err.println(e.getMessage() + ": " + e.getCause().getMessage());
                return 2;
            }
            if (difference == null)
            {
                System.out.println("identical: every row (or variable) agrees");
                return 0;
            }
            System.out.println(difference);
            return 1;
        }
    }
}
