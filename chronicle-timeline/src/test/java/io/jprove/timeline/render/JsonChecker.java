package io.jprove.timeline.render;

/**
 * A strict JSON syntax checker for tests (RFC 8259 grammar; no values are built).
 */
final class JsonChecker
{
    private final String text;
    private int at;

    private JsonChecker(final String text)
    {
        this.text = text;
    }

    static void check(final String text)
    {
        final JsonChecker checker = new JsonChecker(text);
        checker.value();
        checker.space();
        if (checker.at != text.length())
        {
            throw checker.error("trailing characters");
        }
    }

    private void value()
    {
        space();
        if (at >= text.length())
        {
            throw error("unexpected end");
        }
        final char c = text.charAt(at);
        switch (c)
        {
            case '{' -> container('}', true);
            case '[' -> container(']', false);
            case '"' -> string();
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> number();
        }
    }

    private void container(final char close, final boolean object)
    {
        at++;
        space();
        if (text.charAt(at) == close)
        {
            at++;
            return;
        }
        while (true)
        {
            if (object)
            {
                space();
                string();
                space();
                expect(':');
            }
            value();
            space();
            if (text.charAt(at) == ',')
            {
                at++;
                continue;
            }
            expect(close);
            return;
        }
    }

    private void string()
    {
        expect('"');
        while (text.charAt(at) != '"')
        {
            final char c = text.charAt(at++);
            if (c < 0x20)
            {
                throw error("control character in string");
            }
            if (c == '\\')
            {
                final char e = text.charAt(at++);
                if (e == 'u')
                {
                    for (int i = 0; i < 4; i++)
                    {
                        if (Character.digit(text.charAt(at++), 16) < 0)
                        {
                            throw error("bad \\u escape");
                        }
                    }
                }
                else if ("\"\\/bfnrt".indexOf(e) < 0)
                {
                    throw error("bad escape");
                }
            }
        }
        at++;
    }

    private void number()
    {
        final int start = at;
        if (text.charAt(at) == '-')
        {
            at++;
        }
        while (at < text.length() && "0123456789.eE+-".indexOf(text.charAt(at)) >= 0)
        {
            at++;
        }
        final String number = text.substring(start, at);
        if (!number.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?"))
        {
            throw error("bad number " + number);
        }
    }

    private void literal(final String word)
    {
        if (!text.startsWith(word, at))
        {
            throw error("expected " + word);
        }
        at += word.length();
    }

    private void expect(final char c)
    {
        if (at >= text.length() || text.charAt(at) != c)
        {
            throw error("expected '" + c + "'");
        }
        at++;
    }

    private void space()
    {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0)
        {
            at++;
        }
    }

    private IllegalArgumentException error(final String what)
    {
        final int from = Math.max(0, at - 40);
        return new IllegalArgumentException(what + " at " + at + ": ..." + text.substring(from,
            Math.min(text.length(), at + 40)));
    }
}
