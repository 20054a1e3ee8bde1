package io.jprove.kernels.ptx;

import io.jprove.field.FieldDescription;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * The PTX text of each Fq and Fr chain on its own, on input registers {@code %a0…}, {@code %b0…}, with registers
 * numbered in the order the chain asks for them: what {@code PtxPinTest} pins besides whole kernels.
 */
public final class ChainText
{
    private ChainText()
    {
    }

    /** @return {@code Field.operation} → the chain's instructions, one a line, then its result registers. */
    public static Map<String, String> chains()
    {
        final Map<String, String> chains = new TreeMap<>();
        for (final FieldDescription field : new FieldDescription[] {FieldDescription.FQ, FieldDescription.FR})
        {
            final MontgomeryChains f = new MontgomeryChains(field);
            put(chains, f, "mulEvenOdd", (ops, in) -> f.mulEvenOdd(ops, in[0], in[1]));
            put(chains, f, "mulRows", (ops, in) -> f.mul(ops, in[0], in[1]));
            put(chains, f, "square", (ops, in) -> f.square(ops, in[0]));
            put(chains, f, "add", (ops, in) -> f.add(ops, in[0], in[1]));
            put(chains, f, "sub", (ops, in) -> f.sub(ops, in[0], in[1]));
            put(chains, f, "neg", (ops, in) -> f.sub(ops, zeros(ops, f.words), in[0]));
        }
        return chains;
    }

    private static String[] zeros(final WordOps ops, final int words)
    {
        final String zero = ops.constant(0);
        final String[] z = new String[words];
        java.util.Arrays.fill(z, zero);
        return z;
    }

    private static void put(final Map<String, String> chains, final MontgomeryChains f, final String op,
        final BiFunction<WordOps, String[][], String[]> chain)
    {
        final StringBuilder text = new StringBuilder();
        final WordOps ops = new WordOps()
        {
            private int next;

            @Override
            public String fresh()
            {
                return "%r" + next++;
            }

            @Override
            public String freshPredicate()
            {
                return "%p" + next++;
            }

            @Override
            public String constant(final int value)
            {
                final String r = fresh();
                text.append("mov.b32 ").append(r).append(", ").append(value).append(";\n");
                return r;
            }

            @Override
            public void op(final String mnemonic, final String dst, final String... srcs)
            {
                text.append(mnemonic).append(' ').append(dst).append(", ").append(String.join(", ", srcs))
                    .append(";\n");
            }
        };
        final String[][] in = new String[2][f.words];
        for (int j = 0; j < f.words; j++)
        {
            in[0][j] = "%a" + j;
            in[1][j] = "%b" + j;
        }
        final String[] result = chain.apply(ops, in);
        text.append("result ").append(String.join(", ", result)).append('\n');
        chains.put(f.name + "." + op, text.toString());
    }
}
