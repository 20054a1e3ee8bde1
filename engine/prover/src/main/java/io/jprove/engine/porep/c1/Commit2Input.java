package io.jprove.engine.porep.c1;

/**
 * The wrapper lotus-bench writes ({@code Commit2In}) and cuzk reads ({@code C1OutputWrapper}): the sector number, the
 * C1 output's serde JSON bytes (base64 in the file, as Go writes a byte slice) and the sector size, in JSON
 * {@code {"SectorNum":n,"Phase1Out":"<base64>","SectorSize":bytes}}.
 *
 * @param sectorNum  the sector number
 * @param phase1Out  the C1 output's JSON bytes
 * @param sectorSize the sector size in bytes
 */
public record Commit2Input(long sectorNum, byte[] phase1Out, long sectorSize)
{
}
