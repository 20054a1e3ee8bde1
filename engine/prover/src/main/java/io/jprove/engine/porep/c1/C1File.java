package io.jprove.engine.porep.c1;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A C1 output as a file holds it: bare (serde JSON of {@code SealCommitPhase1Output}) or in the lotus-bench/cuzk
 * wrapper, told apart by the first key.
 *
 * @param output  the C1 output
 * @param wrapper the wrapper it came in, or null for a bare file
 */
public record C1File(C1Output output, Commit2Input wrapper)
{
    /**
     * @return the C1 output in {@code json}, bare or wrapped.
     * @throws InvalidC1Exception naming the JSON path of what is wrong
     */
    public static C1File parse(final byte[] json)
    {
        if (Commit2InputJson.isWrapper(json))
        {
            final Commit2Input wrapper = Commit2InputJson.read(json);
            return new C1File(Commit2InputJson.output(wrapper), wrapper);
        }
        return new C1File(C1JsonReader.read(json), null);
    }

    /**
     * @return the C1 output in {@code file}.
     * @throws IOException              when it cannot be read
     * @throws IllegalArgumentException naming the file and the JSON path of what is wrong
     */
    public static C1File read(final Path file) throws IOException
    {
        final byte[] json = Files.readAllBytes(file);
        try
        {
            return parse(json);
        }
        catch (final InvalidC1Exception e)
        {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** @return whether it came wrapped. */
    public boolean wrapped()
    {
        return wrapper != null;
    }
}
