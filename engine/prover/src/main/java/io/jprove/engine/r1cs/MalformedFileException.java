package io.jprove.engine.r1cs;

import java.nio.file.Path;

/**
 * A binary input file (recorded constraints, circom {@code .r1cs} or {@code .wtns}) is truncated, corrupted or
 * describes something jprove cannot prove. The message names the file, the section and the byte offset.
 */
public final class MalformedFileException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String section;
    private final long offset;

    /**
     * @param file    the file read.
     * @param section the part of the file (a section name, "header").
     * @param offset  the byte offset of the offending data from the start of the file.
     * @param problem what is wrong there.
     */
    public MalformedFileException(final Path file, final String section, final long offset, final String problem)
    {
        super(file + ": " + section + " at byte offset " + offset + ": " + problem);
        this.file = file;
        this.section = section;
        this.offset = offset;
    }

    /** @return the file read. */
    public Path file()
    {
        return file;
    }

    /** @return the part of the file at fault. */
    public String section()
    {
        return section;
    }

    /** @return the byte offset of the offending data. */
    public long offset()
    {
        return offset;
    }
}
