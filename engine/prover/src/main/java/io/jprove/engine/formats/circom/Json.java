package io.jprove.engine.formats.circom;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON that snarkjs writes: objects, arrays, strings (escapes included), numbers and literals. Values are
 * {@code Map<String, Object>}, {@code List<Object>}, {@code String}, {@code Double} or {@code Long}, {@code Boolean}
 * and null. Errors name the character offset. Arrays and objects nest at most {@link #MAX_DEPTH} deep (snarkjs's files
 * nest 3), so that a hostile file costs an error, not the stack.
 */
final class Json
{
    /** The deepest nesting of arrays and objects accepted. */
    static final int MAX_DEPTH = 64;

    private final String text;
    private int at;
    private int depth;

    private Json(final String text)
    {
        this.text = text;
    }

    /** @throws IllegalArgumentException naming the offset of a syntax error. */
    static Object parse(final String text)
    {
        final Json p = new Json(text);
        p.space();
        final Object v = p.value();
        p.space();
        if (p.at != text.length())
        {
            throw p.error("trailing characters");
        }
        return v;
    }

    private Object value()
    {
        if (at >= text.length())
        {
            throw error("unexpected end of input");
        }
        final char ch = text.charAt(at);
        if ((ch == '{' || ch == '[') && ++depth > MAX_DEPTH)
        {
            throw error("arrays and objects nest deeper than " + MAX_DEPTH);
        }
        return switch (ch)
        {
            case '{' -> nested(object());
            case '[' -> nested(array());
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private <T> T nested(final T value)
    {
        depth--;
        return value;
    }

    private Map<String, Object> object()
    {
        final Map<String, Object> out = new LinkedHashMap<>();
        at++;
        space();
        if (peek() == '}')
        {
            at++;
            return out;
        }
        while (true)
        {
            space();
            if (peek() != '"')
            {
                throw error("expected a key");
            }
            final String key = string();
            space();
            expect(':');
            space();
            out.put(key, value());
            space();
            if (peek() == ',')
            {
                at++;
                continue;
            }
            expect('}');
            return out;
        }
    }

    private List<Object> array()
    {
        final List<Object> out = new ArrayList<>();
        at++;
        space();
        if (peek() == ']')
        {
            at++;
            return out;
        }
        while (true)
        {
            space();
            out.add(value());
            space();
            if (peek() == ',')
            {
                at++;
                continue;
            }
            expect(']');
            return out;
        }
    }

    private String string()
    {
        final StringBuilder sb = new StringBuilder();
        at++;
        while (at < text.length())
        {
            final char ch = text.charAt(at++);
            if (ch == '"')
            {
                return sb.toString();
            }
            if (ch == '\\')
            {
                if (at >= text.length())
                {
                    break;
                }
                final char e = text.charAt(at++);
                switch (e)
                {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' ->
                    {
                        if (at + 4 > text.length())
                        {
                            throw error("truncated \\u escape");
                        }
                        try
                        {
                            sb.append((char)Integer.parseInt(text.substring(at, at + 4), 16));
                        }
                        catch (final NumberFormatException notHex)
                        {
                            throw error("\\u escape \"" + text.substring(at, at + 4) + "\" is not four hex digits");
                        }
                        at += 4;
                    }
                    default -> sb.append(e);
                }
            }
            else
            {
                sb.append(ch);
            }
        }
        throw error("unterminated string");
    }

    private Object number()
    {
        final int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0)
        {
            at++;
        }
        final String s = text.substring(start, at);
        if (s.isEmpty())
        {
            throw error("unexpected character '" + text.charAt(start) + "'");
        }
        try
        {
            return s.matches("-?\\d{1,18}") ? (Object)Long.parseLong(s) : (Object)Double.parseDouble(s);
        }
        catch (final NumberFormatException e)
        {
            at = start;
            throw error("malformed number " + s);
        }
    }

    private Object literal(final String word, final Object v)
    {
        if (!text.startsWith(word, at))
        {
            throw error("unexpected character '" + text.charAt(at) + "'");
        }
        at += word.length();
        return v;
    }

    private char peek()
    {
        if (at >= text.length())
        {
            throw error("unexpected end of input");
        }
        return text.charAt(at);
    }

    private void expect(final char ch)
    {
        if (peek() != ch)
        {
            throw error("expected '" + ch + "'");
        }
        at++;
    }

    private void space()
    {
        while (at < text.length() && Character.isWhitespace(text.charAt(at)))
        {
            at++;
        }
    }

    private IllegalArgumentException error(final String problem)
    {
        return new IllegalArgumentException("JSON at character " + at + ": " + problem);
    }
}
