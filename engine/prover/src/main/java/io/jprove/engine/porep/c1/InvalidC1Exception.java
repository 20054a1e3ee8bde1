package io.jprove.engine.porep.c1;

/**
 * A C1 output that is malformed (not JSON, truncated, a wrong type or length, an unknown field or variant, a value
 * that is not a canonical field element) or inconsistent (a path that does not open to its root, a label that is
 * not the hash of its parents, a shape that is not the sector size's): one message naming where, as a JSON path
 * such as {@code $.vanilla_proofs.StackedDrg2KiBV1[0][1].comm_d_proofs.data.Single.path.path[3]}.
 */
public final class InvalidC1Exception extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    /** The JSON path of the offending value. */
    private final String jsonPath;

    /**
     * @param jsonPath where, {@code $} being the document
     * @param reason   what is wrong there
     */
    public InvalidC1Exception(final String jsonPath, final String reason)
    {
        super(jsonPath + ": " + reason);
        this.jsonPath = jsonPath;
    }

    /** @return the JSON path of the offending value. */
    public String jsonPath()
    {
        return jsonPath;
    }
}
