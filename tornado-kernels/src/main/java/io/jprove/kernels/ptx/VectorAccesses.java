package io.jprove.kernels.ptx;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pairs a block's 8-byte loads (and stores) of the 16-byte aligned halves of one 16-byte unit into one
 * {@code ld.v2.u64} ({@code st.v2.u64}): an Fr element's four limbs become two loads instead of four, half the memory
 * instructions. A pair qualifies when both use one address register known to be 16-byte aligned (its element offset
 * is a multiple of 16 bytes from an aligned array start, {@link Compilation#aligned}) or a shared symbol, at offsets o
 * and o + 8 with o a multiple of 16, and nothing between them touches memory or synchronizes; the later load moves up
 * to the earlier (its destination is written nowhere else), or the earlier store moves down to the later (its value
 * register is written nowhere else).
 */
final class VectorAccesses
{
    private static final Pattern ACCESS = Pattern.compile("(ld|st)\\.(global|shared)\\.u64 (?:(%rd\\d+), )?"
        + "\\[(%rd\\d+|[A-Za-z_]\\w*)(?:\\+(-?\\d+))?\\](?:, (%rd\\d+))?;");
    /** How far ahead the partner of an access is looked for. */
    private static final int WINDOW = 24;

    private VectorAccesses()
    {
    }

    private record Access(boolean load, String space, String register, String address, long offset)
    {
    }

    static List<String> pair(final Compilation c, final List<String> code)
    {
        final List<String> out = new ArrayList<>(code);
        for (int i = 0; i < out.size(); i++)
        {
            final Access first = parse(out.get(i));
            if (first == null || first.offset() % 16 != 0 || !alignedBase(c, first.address()))
            {
                continue;
            }
            for (int j = i + 1; j < Math.min(out.size(), i + 1 + WINDOW); j++)
            {
                final String line = out.get(j);
                final Access second = parse(line);
                if (second != null && second.load() == first.load() && second.space().equals(first.space())
                    && second.address().equals(first.address()) && second.offset() == first.offset() + 8)
                {
                    final String at = "[" + first.address() + (first.offset() != 0 ? "+" + first.offset() : "") + "]";
                    final String pair = "{" + first.register() + ", " + second.register() + "}";
                    if (first.load())
                    {
                        out.set(i, "ld." + first.space() + ".v2.u64 " + pair + ", " + at + ";");
                        out.remove(j);
                    }
                    else
                    {
                        out.set(j, "st." + first.space() + ".v2.u64 " + at + ", " + pair + ";");
                        out.remove(i);
                        i--;
                    }
                    break;
                }
                if (touchesMemory(line))
                {
                    break;
                }
            }
        }
        return out;
    }

    private static Access parse(final String line)
    {
        final Matcher m = ACCESS.matcher(line);
        if (!m.matches())
        {
            return null;
        }
        final boolean load = m.group(1).equals("ld");
        final String register = load ? m.group(3) : m.group(6);
        if (register == null)
        {
            return null;
        }
        return new Access(load, m.group(2), register, m.group(4), m.group(5) == null ? 0 : Long.parseLong(m.group(5)));
    }

    private static boolean alignedBase(final Compilation c, final String address)
    {
        return address.startsWith("%") ? c.aligned.contains(address) : true;
    }

    private static boolean touchesMemory(final String line)
    {
        return line.startsWith("ld.") || line.startsWith("st.") || line.startsWith("atom.") || line.startsWith("red.")
            || line.startsWith("bar.") || line.startsWith("shfl.") || line.startsWith("vote.")
            || line.startsWith("membar") || line.startsWith("fence");
    }
}
