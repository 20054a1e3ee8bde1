package io.jprove.timeline;

import java.nio.charset.StandardCharsets;

/**
 * Name ids are the 32-bit FNV-1a hash of the name's UTF-8 bytes, so every process gives a name the same id and a
 * reader can merge events from several writers. Zero means "no name" and is never produced.
 */
public final class NameIds
{
    private static final int FNV_OFFSET_BASIS = 0x811C9DC5;
    private static final int FNV_PRIME = 0x01000193;

    private NameIds()
    {
    }

    /**
     * @param name a kernel, copy or stage name.
     * @return its id, never 0.
     */
    public static int of(final String name)
    {
        int hash = FNV_OFFSET_BASIS;
        for (final byte b : name.getBytes(StandardCharsets.UTF_8))
        {
            hash ^= b & 0xFF;
            hash *= FNV_PRIME;
        }
        return hash == 0 ? 1 : hash;
    }
}
