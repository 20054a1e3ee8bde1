package io.jprove.engine.r1cs;

/**
 * A witness does not satisfy a constraint: ⟨A_k, z⟩·⟨B_k, z⟩ ≠ ⟨C_k, z⟩ for constraint {@code k}.
 * <p>
 * The namespace path and annotation are known when the circuit was at hand to synthesize again (see
 * {@link ProverInputs#checkSatisfied()}); otherwise they are null.
 */
public final class UnsatisfiedConstraintException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final long index;
    private final String path;
    private final String annotation;

    /**
     * @param index      the constraint's index in synthesis order.
     * @param path       namespaces enclosing it, joined with '/', or null when unknown.
     * @param annotation the annotation given to {@code enforce}, or null when unknown.
     */
    public UnsatisfiedConstraintException(final long index, final String path, final String annotation)
    {
        super(message(index, path, annotation));
        this.index = index;
        this.path = path;
        this.annotation = annotation;
    }

    /** @return the constraint's index in synthesis order. */
    public long index()
    {
        return index;
    }

    /** @return the enclosing namespaces joined with '/', empty at the root, or null when unknown. */
    public String path()
    {
        return path;
    }

    /** @return the constraint's annotation, or null when unknown. */
    public String annotation()
    {
        return annotation;
    }

    private static String message(final long index, final String path, final String annotation)
    {
        final StringBuilder sb = new StringBuilder("constraint ").append(index);
        if (path != null)
        {
            sb.append(" '").append(path.isEmpty() ? "" : path + "/").append(annotation).append('\'');
        }
        return sb.append(" is not satisfied: a·b ≠ c").toString();
    }
}
