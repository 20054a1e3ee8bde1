package io.jprove.engine.porep.synthesis;

/**
 * The pieces a partition's witness is written in, each a run of consecutive aux variables that one thread writes:
 * the partition's opening, then per challenge, in the circuit's order, its data path, its 14 parents, its 64 bits,
 * its labels (one per layer) and its tail. Also the breakdown {@code bench synth} reports.
 */
public enum WitnessTask
{
    /** Replica id and its bits, the commitments, comm_r = Poseidon(comm_c, comm_r_last). */
    HEADER("replica id bits, commitments, Poseidon(comm_c, comm_r_last)"),
    /** The data leaf and its path to comm_d: a binary SHA-256 tree. */
    DATA_PATH("data leaf and its SHA-256 path to comm_d"),
    /** One parent's column, its Poseidon hash and its path to comm_c. */
    PARENT("parent column, its Poseidon hash and path to comm_c"),
    /** The challenge's 64 bits. */
    CHALLENGE_BITS("challenge bits"),
    /** One layer's label: the parents' bits and SHA-256 of 1,248 bytes. */
    LABEL("label: parents' bits and SHA-256 of 1,248 bytes"),
    /** The encoded node and its path to comm_r_last; the column hash and its path to comm_c. */
    TAIL("encoding, its path to comm_r_last, column hash and path to comm_c");

    private final String description;

    WitnessTask(final String description)
    {
        this.description = description;
    }

    /** @return what the task computes, in words. */
    public String description()
    {
        return description;
    }
}
