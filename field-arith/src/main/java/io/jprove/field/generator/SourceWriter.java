package io.jprove.field.generator;

import java.util.StringJoiner;
import java.util.function.IntFunction;

/** Java source text built line by line, with the brace-on-its-own-line layout and four-space indents of the project. */
final class SourceWriter
{
    private static final int COLUMNS = 120;

    private final StringBuilder text = new StringBuilder();
    private int depth;

    /** Appends one line at the current depth (an empty string gives an empty line). */
    SourceWriter line(final String line)
    {
        if (!line.isEmpty())
        {
            text.append("    ".repeat(depth)).append(line);
        }
        text.append('\n');
        return this;
    }

    /** Opens a block: a brace line, then one level deeper. */
    SourceWriter open()
    {
        line("{");
        depth++;
        return this;
    }

    /** Closes a block. */
    SourceWriter close()
    {
        depth--;
        line("}");
        return this;
    }

    /**
     * Appends a method or constructor header whose parameter list is {@code fixed} followed by {@code count} more
     * parameters named by {@code more}; the list is wrapped onto an indented second line when it passes 120 columns.
     */
    SourceWriter header(final String start, final String fixed, final int count, final IntFunction<String> more)
    {
        final StringJoiner params = new StringJoiner(", ");
        if (!fixed.isEmpty())
        {
            params.add(fixed);
        }
        for (int i = 0; i < count; i++)
        {
            params.add(more.apply(i));
        }
        final String oneLine = start + "(" + params + ")";
        if ("    ".repeat(depth).length() + oneLine.length() <= COLUMNS)
        {
            return line(oneLine);
        }
        line(start + "(");
        depth++;
        final String indent = "    ".repeat(depth);
        final StringBuilder current = new StringBuilder();
        final String[] each = (params + ")").split(", ");
        for (int i = 0; i < each.length; i++)
        {
            final String piece = each[i] + (i < each.length - 1 ? "," : "");
            if (current.length() > 0 && indent.length() + current.length() + 1 + piece.length() > COLUMNS)
            {
                line(current.toString());
                current.setLength(0);
            }
            current.append(current.length() > 0 ? " " : "").append(piece);
        }
        line(current.toString());
        depth--;
        return this;
    }

    /** @return {@code name0, name1, …} for indices {@code from} (inclusive) to {@code to} (exclusive). */
    static String names(final String name, final int from, final int to)
    {
        final StringJoiner names = new StringJoiner(", ");
        for (int i = from; i < to; i++)
        {
            names.add(name + i);
        }
        return names.toString();
    }

    /** @return {@code base} for 0, else {@code base + k}: the project's spelling of an offset index. */
    static String at(final String base, final int k)
    {
        return k == 0 ? base : base + " + " + k;
    }

    @Override
    public String toString()
    {
        return text.toString();
    }
}
