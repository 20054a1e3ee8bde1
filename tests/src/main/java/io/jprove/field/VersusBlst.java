package io.jprove.field;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link ArithmeticBenchmark} and prints, for every operation that blst also exposes through jblst, jprove's
 * time, blst's time from the same run, and their ratio (jprove / blst; below 1 means jprove is faster).
 * <p>
 * A benchmark method {@code x} is paired with {@code xBlst}. Extra arguments are JMH's own (e.g. {@code -f 1 -wi 3}).
 */
public final class VersusBlst
{
    private VersusBlst()
    {
    }

    public static void main(final String[] args) throws RunnerException, CommandLineOptionException
    {
        final Options options = new OptionsBuilder()
            .parent(new CommandLineOptions(args))
            .include(ArithmeticBenchmark.class.getSimpleName())
            .build();
        final Collection<RunResult> results = new Runner(options).run();
        final Map<String, Double> nsPerOp = new TreeMap<>();
        for (final RunResult result : results)
        {
            final String label = result.getParams().getBenchmark();
            final String method = label.substring(label.lastIndexOf('.') + 1);
            nsPerOp.put(method, result.getPrimaryResult().getScore());
        }
        System.out.println();
        System.out.printf("%-22s %14s %14s %8s%n", "operation", "jprove ns/op", "blst ns/op", "ratio");
        for (final Map.Entry<String, Double> e : nsPerOp.entrySet())
        {
            if (e.getKey().endsWith("Blst"))
            {
                continue;
            }
            final Double blst = nsPerOp.get(e.getKey() + "Blst");
            if (blst == null)
            {
                System.out.printf("%-22s %14.1f %14s %8s%n", e.getKey(), e.getValue(), "-", "-");
            }
            else
            {
                System.out.printf("%-22s %14.1f %14.1f %8.2f%n", e.getKey(), e.getValue(), blst, e.getValue() / blst);
            }
        }
    }
}
