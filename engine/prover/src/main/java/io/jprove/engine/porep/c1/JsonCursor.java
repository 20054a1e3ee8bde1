package io.jprove.engine.porep.c1;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A strict pull reader over JSON bytes (RFC 8259) that knows where it is: the reader of a C1 file asks for the next
 * key, element or value it expects, and every mistake (a wrong token, a truncated file, a number that is negative,
 * fractional or too large, nesting deeper than {@value #MAX_DEPTH}) is one {@link InvalidC1Exception} whose JSON path
 * names the value, with the byte offset. Nothing is built but what the caller keeps, so a 50 MB file reads as fast as
 * its bytes can be scanned.
 */
final class JsonCursor
{
    /** Nesting deeper than this is refused (a C1 output nests 15 deep, a byte array included). */
    static final int MAX_DEPTH = 64;

    private final byte[] in;
    private final int end;
    private final String prefix;
    private int pos;
    private int depth;
    // one frame per open object or array, and one more for the element of a byte array being read
    private final boolean[] isArray = new boolean[MAX_DEPTH + 2];
    private final String[] keys = new String[MAX_DEPTH + 2];
    private final long[] indices = new long[MAX_DEPTH + 2];
    private final boolean[] first = new boolean[MAX_DEPTH + 2];

    /**
     * @param in     the document
     * @param prefix the path of the document's root ("$", or "$.Phase1Out → $" inside a wrapper)
     */
    JsonCursor(final byte[] in, final String prefix)
    {
        this.in = in;
        this.end = in.length;
        this.prefix = prefix;
    }

    /** Enters an object: the next token must be '{'. */
    void beginObject()
    {
        expect('{', "an object");
        push(false);
    }

    /** @return the next key of the current object, or null at its end (the object is left). */
    String nextKey()
    {
        skipSpace();
        if (pos < end && in[pos] == '}')
        {
            pos++;
            depth--;
            return null;
        }
        if (!first[depth])
        {
            if (pos >= end || in[pos] != ',')
            {
                throw unexpected("',' or '}'");
            }
            pos++;
            skipSpace();
        }
        first[depth] = false;
        if (pos >= end || in[pos] != '"')
        {
            throw unexpected("a key");
        }
        final String key = readString();
        skipSpace();
        if (pos >= end || in[pos] != ':')
        {
            throw unexpected("':'");
        }
        pos++;
        keys[depth] = key;
        return key;
    }

    /** Enters an array: the next token must be '['. */
    void beginArray()
    {
        expect('[', "an array");
        push(true);
        indices[depth] = -1;
    }

    /** @return whether another element follows (the path then names it), false at the array's end (it is left). */
    boolean nextElement()
    {
        skipSpace();
        if (pos < end && in[pos] == ']')
        {
            pos++;
            depth--;
            return false;
        }
        if (!first[depth])
        {
            if (pos >= end || in[pos] != ',')
            {
                throw unexpected("',' or ']'");
            }
            pos++;
        }
        first[depth] = false;
        indices[depth]++;
        return true;
    }

    /**
     * @param max the largest value allowed, unsigned ({@code -1} for any u64)
     * @return a non-negative integer no larger than {@code max}, as a long whose bits are the unsigned value.
     * @throws InvalidC1Exception for anything else, saying what was found.
     */
    long readUnsigned(final long max)
    {
        skipSpace();
        final int start = pos;
        if (pos >= end || in[pos] != '-' && (in[pos] < '0' || in[pos] > '9'))
        {
            throw unexpected("an unsigned integer");
        }
        scanNumber();
        final String t = text(start, pos);
        for (int i = 0; i < t.length(); i++)
        {
            if (t.charAt(i) < '0' || t.charAt(i) > '9')
            {
                throw error("expected an unsigned integer, found " + t, start);
            }
        }
        if (t.length() > 1 && t.charAt(0) == '0')
        {
            throw error("a number with a leading zero is not JSON: " + t, start);
        }
        final long value;
        try
        {
            value = Long.parseUnsignedLong(t);
        }
        catch (final NumberFormatException e)
        {
            throw error(t + " is out of range (at most " + Long.toUnsignedString(max) + ")", start);
        }
        if (Long.compareUnsigned(value, max) > 0)
        {
            throw error(t + " is out of range (at most " + Long.toUnsignedString(max) + ")", start);
        }
        return value;
    }

    /** Reads {@code null}. */
    void readNull()
    {
        skipSpace();
        if (end - pos >= 4 && in[pos] == 'n' && in[pos + 1] == 'u' && in[pos + 2] == 'l' && in[pos + 3] == 'l')
        {
            pos += 4;
            return;
        }
        throw unexpected("null");
    }

    /**
     * Reads an array of exactly 32 integers 0–255 ({@code [u8; 32]} as serde writes it).
     *
     * @return the 32 bytes
     */
    byte[] readBytes32()
    {
        skipSpace();
        if (pos >= end || in[pos] != '[')
        {
            throw unexpected("an array of 32 bytes");
        }
        final int open = pos;
        pos++;
        final byte[] out = new byte[32];
        int count = 0;
        skipSpace();
        if (pos < end && in[pos] == ']')
        {
            pos++;
            throw error("expected 32 bytes, found 0", open);
        }
        while (true)
        {
            if (count == 32)
            {
                throw error("expected 32 bytes, found more", pos);
            }
            out[count++] = (byte)readByteValue(count - 1);
            skipSpace();
            if (pos < end && in[pos] == ',')
            {
                pos++;
                continue;
            }
            if (pos < end && in[pos] == ']')
            {
                pos++;
                break;
            }
            throw unexpected("',' or ']' in an array of 32 bytes");
        }
        if (count != 32)
        {
            throw error("expected 32 bytes, found " + count, open);
        }
        return out;
    }

    private int readByteValue(final int index)
    {
        skipSpace();
        // the fast path: one to three plain digits
        int value = 0;
        final int start = pos;
        while (pos < end && in[pos] >= '0' && in[pos] <= '9' && pos - start < 3)
        {
            value = value * 10 + in[pos] - '0';
            pos++;
        }
        final boolean plain = pos > start && (pos - start == 1 || in[start] != '0') && value <= 255
            && (pos >= end || in[pos] < '0' || in[pos] > '9') && (pos >= end || in[pos] != '.' && in[pos] != 'e'
            && in[pos] != 'E');
        if (plain)
        {
            return value;
        }
        pos = start;
        depth++;
        isArray[depth] = true;
        indices[depth] = index;
        final long v = readUnsigned(255);
        depth--;
        return (int)v;
    }

    /** @return a string (escapes decoded; UTF-8 checked). */
    String readString()
    {
        skipSpace();
        if (pos >= end || in[pos] != '"')
        {
            throw unexpected("a string");
        }
        final int open = pos;
        pos++;
        final int start = pos;
        boolean escaped = false;
        while (true)
        {
            if (pos >= end)
            {
                throw error("unterminated string", open);
            }
            final int c = in[pos] & 0xff;
            if (c == '"')
            {
                break;
            }
            if (c < 0x20)
            {
                throw error("control character 0x" + Integer.toHexString(c) + " in a string", pos);
            }
            if (c == '\\')
            {
                escaped = true;
                pos++;
            }
            pos++;
        }
        final int close = pos;
        pos++;
        if (!escaped)
        {
            return utf8(start, close);
        }
        return unescape(start, close);
    }

    /**
     * @return the raw bytes between the quotes of a string without escapes (base64 text, for one), not copied
     *         beyond the slice.
     */
    ByteBuffer readPlainString()
    {
        skipSpace();
        if (pos >= end || in[pos] != '"')
        {
            throw unexpected("a string");
        }
        final int open = pos;
        int p = pos + 1;
        while (p < end && in[p] != '"')
        {
            if (in[p] == '\\' || (in[p] & 0xff) < 0x20)
            {
                throw error("expected plain base64 text, found an escape or control character", p);
            }
            p++;
        }
        if (p >= end)
        {
            throw error("unterminated string", open);
        }
        pos = p + 1;
        return ByteBuffer.wrap(in, open + 1, p - open - 1);
    }

    /** Checks that nothing but whitespace follows the document. */
    void end()
    {
        skipSpace();
        if (pos < end)
        {
            throw error("trailing characters after the document", pos);
        }
    }

    /** @return an error at the current path and offset. */
    InvalidC1Exception error(final String reason)
    {
        return error(reason, pos);
    }

    /** @return the current JSON path, e.g. {@code $.vanilla_proofs.StackedDrg2KiBV1[0][1]}. */
    String path()
    {
        final StringBuilder s = new StringBuilder(prefix);
        for (int d = 1; d <= depth; d++)
        {
            if (isArray[d])
            {
                if (indices[d] >= 0)
                {
                    s.append('[').append(indices[d]).append(']');
                }
            }
            else if (keys[d] != null)
            {
                s.append('.').append(keys[d]);
            }
        }
        return s.toString();
    }

    private InvalidC1Exception error(final String reason, final int at)
    {
        return new InvalidC1Exception(path(), reason + " (byte " + at + ")");
    }

    private InvalidC1Exception unexpected(final String expected)
    {
        skipSpace();
        if (pos >= end)
        {
            return error("unexpected end of input, expected " + expected + " (the file is truncated)", pos);
        }
        return error("expected " + expected + ", found " + describe(pos), pos);
    }

    private String describe(final int at)
    {
        final int c = in[at] & 0xff;
        if (c >= 0x20 && c < 0x7f)
        {
            final int stop = Math.min(end, at + 12);
            return "'" + text(at, stop) + (stop < end ? "…'" : "'");
        }
        return "byte 0x" + Integer.toHexString(c);
    }

    private void expect(final char c, final String what)
    {
        skipSpace();
        if (pos >= end || in[pos] != c)
        {
            throw unexpected(what);
        }
        pos++;
    }

    private void push(final boolean array)
    {
        if (depth == MAX_DEPTH)
        {
            throw error("nesting deeper than " + MAX_DEPTH, pos);
        }
        depth++;
        isArray[depth] = array;
        keys[depth] = null;
        first[depth] = true;
    }

    private void skipSpace()
    {
        while (pos < end)
        {
            final byte c = in[pos];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
            {
                return;
            }
            pos++;
        }
    }

    private void scanNumber()
    {
        if (pos < end && in[pos] == '-')
        {
            pos++;
        }
        while (pos < end && (in[pos] >= '0' && in[pos] <= '9' || in[pos] == '.' || in[pos] == 'e' || in[pos] == 'E'
            || in[pos] == '+' || in[pos] == '-'))
        {
            pos++;
        }
    }

    private String text(final int from, final int to)
    {
        return new String(in, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private String utf8(final int from, final int to)
    {
        try
        {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(in, from, to - from))
                .toString();
        }
        catch (final CharacterCodingException e)
        {
            throw error("a string that is not UTF-8", from);
        }
    }

    private String unescape(final int from, final int to)
    {
        final StringBuilder s = new StringBuilder();
        int p = from;
        while (p < to)
        {
            int q = p;
            while (q < to && in[q] != '\\')
            {
                q++;
            }
            s.append(utf8(p, q));
            if (q == to)
            {
                break;
            }
            final int c = in[q + 1];
            switch (c)
            {
                case '"', '\\', '/' -> s.append((char)c);
                case 'b' -> s.append('\b');
                case 'f' -> s.append('\f');
                case 'n' -> s.append('\n');
                case 'r' -> s.append('\r');
                case 't' -> s.append('\t');
                case 'u' ->
                {
                    if (q + 6 > to)
                    {
                        throw error("a \\u escape needs four hex digits", q);
                    }
                    try
                    {
                        s.append((char)Integer.parseInt(text(q + 2, q + 6), 16));
                    }
                    catch (final NumberFormatException e)
                    {
                        throw error("a \\u escape needs four hex digits", q);
                    }
                    p = q + 6;
                    continue;
                }
                default -> throw error("invalid escape \\" + (char)c, q);
            }
            p = q + 2;
        }
        return s.toString();
    }
}
