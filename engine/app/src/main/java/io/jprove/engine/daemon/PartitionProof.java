package io.jprove.engine.daemon;

/**
 * A proved partition as the daemon keeps it (journal, database, API).
 *
 * @param proof        192 bytes (bellperson's encoding).
 * @param publicInputs its public inputs without ONE, 32 canonical little-endian bytes each.
 */
record PartitionProof(byte[] proof, byte[] publicInputs)
{
}
