package io.jprove.kernels.ptx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges a block's bounds checks of one base index: accesses at {@code base + c} for several constants c against one
 * length need only the checks of the smallest and the largest c, since every index between them lies between two
 * indices inside [0, length) (lengths are far below 2^63, so nothing wraps). A block is straight-line code whose only
 * exits before its end are traps, so every access the merged checks cover does execute; what changes is only which
 * instruction traps, and a trapped launch fails as a whole, so no partial result can tell. This is how checks leave
 * unrolled loops: the four limb loads of an element cost two checks, not four.
 */
final class BoundsChecks
{
    /**
     * Defers a block's bounds-check traps: their predicates are or-ed together, and the item traps once, before the
     * block's next store, atomic, barrier or warp operation, or at its end. On the GPU a trap is a branch to a trap
     * block, and those branches cut the straight-line code that ptxas schedules into pieces: a twiddle load and its
     * check between two multiplications kept them from overlapping. Deferring keeps the guarantee that matters — an
     * item whose index is out of range (or whose divisor is zero) fails before anything it computed becomes visible,
     * and the launch fails as a whole — while a load at such an index may now execute first (and fault, which fails
     * the launch too).
     *
     * @param c    the compilation, for fresh predicates.
     * @param code the block's lines.
     * @return the lines with at most one trap per stretch of code between side effects.
     */
    static List<String> defer(final Compilation c, final List<String> code)
    {
        final List<String> out = new ArrayList<>(code.size());
        final java.util.Set<String> checks = new java.util.HashSet<>();
        String pending = null;
        for (final String line : code)
        {
            if (line.startsWith(CHECK))
            {
                checks.add(line.substring(CHECK.length(), line.indexOf(',')));
            }
            final java.util.regex.Matcher trap = TRAP.matcher(line);
            // Only bounds checks wait; a zero divisor's trap stays where it is, before the division.
            if (trap.matches() && checks.contains(trap.group(1)))
            {
                if (pending == null)
                {
                    pending = trap.group(1);
                }
                else
                {
                    final String both = c.freshPredicate();
                    out.add("or.pred " + both + ", " + pending + ", " + trap.group(1) + ";");
                    pending = both;
                }
                continue;
            }
            if (pending != null && sideEffect(line))
            {
                out.add("@" + pending + " trap;");
                pending = null;
            }
            out.add(line);
        }
        if (pending != null)
        {
            out.add("@" + pending + " trap;");
        }
        return out;
    }

    private static boolean sideEffect(final String line)
    {
        return line.startsWith("st.") || line.startsWith("atom.") || line.startsWith("red.")
            || line.startsWith("bar.") || line.startsWith("shfl.") || line.startsWith("vote.")
            || line.startsWith("trap") || line.startsWith("membar") || line.startsWith("fence");
    }

    private static final String CHECK = "setp.hs.u64 ";
    /** A predicated trap, as every check (and the zero-divisor test) ends. */
    private static final java.util.regex.Pattern TRAP = java.util.regex.Pattern.compile("@(%p\\d+) trap;");

    private BoundsChecks()
    {
    }

    /** One check: its line, and the index's base and offset. */
    private record Check(int line, String predicate, String base, long offset)
    {
    }

    /**
     * @param c    the compilation, for the block's index derivations and fresh registers.
     * @param code the block's lines.
     * @return the lines with each group of three or more checks of one base and length reduced to two.
     */
    static List<String> merge(final Compilation c, final List<String> code)
    {
        final Map<String, List<Check>> groups = new LinkedHashMap<>();
        for (int i = 0; i + 1 < code.size(); i++)
        {
            final String line = code.get(i);
            if (!line.startsWith(CHECK))
            {
                continue;
            }
            final String[] ops = line.substring(CHECK.length(), line.length() - 1).split(", ");
            if (ops.length != 3 || !code.get(i + 1).equals("@" + ops[0] + " trap;") || !ops[1].startsWith("%rd"))
            {
                continue;
            }
            final Compilation.Derived d = c.derived.get(ops[1]);
            final String base = d == null ? ops[1] : d.base().toString();
            final long offset = d == null ? 0 : d.offset();
            groups.computeIfAbsent(base + "|" + ops[2], k -> new ArrayList<>()).add(new Check(i, ops[0], base,
                offset));
        }
        final Map<Integer, List<String>> replaced = new LinkedHashMap<>();
        for (final Map.Entry<String, List<Check>> group : groups.entrySet())
        {
            final List<Check> checks = group.getValue();
            if (checks.size() < 3)
            {
                continue;
            }
            final String length = group.getKey().substring(group.getKey().indexOf('|') + 1);
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (final Check check : checks)
            {
                min = Math.min(min, check.offset());
                max = Math.max(max, check.offset());
            }
            final List<String> lines = new ArrayList<>();
            final String base = checks.get(0).base();
            for (final long offset : min == max ? new long[] {min} : new long[] {min, max})
            {
                String index = base;
                if (offset != 0)
                {
                    index = c.fresh(true).toString();
                    lines.add("add.s64 " + index + ", " + base + ", " + offset + ";");
                }
                final String p = c.freshPredicate();
                lines.add(CHECK + p + ", " + index + ", " + length + ";");
                lines.add("@" + p + " trap;");
            }
            replaced.put(checks.get(0).line(), lines);
            for (int k = 1; k < checks.size(); k++)
            {
                replaced.put(checks.get(k).line(), List.of());
            }
        }
        if (replaced.isEmpty())
        {
            return code;
        }
        final List<String> out = new ArrayList<>(code.size());
        for (int i = 0; i < code.size(); i++)
        {
            final List<String> instead = replaced.get(i);
            if (instead == null)
            {
                out.add(code.get(i));
                continue;
            }
            out.addAll(instead);
            i++; // the check's trap line
        }
        return out;
    }
}
