package io.jprove.engine.r1cs;

/**
 * A namespace opened by {@link ConstraintSystem#namespace(String)}; closing it pops it. Each constraint system hands
 * out one reusable instance, so opening a namespace allocates nothing: close each exactly once, in LIFO order
 * (try-with-resources does).
 */
public final class Namespace implements AutoCloseable
{
    private final ConstraintSystem cs;

    Namespace(final ConstraintSystem cs)
    {
        this.cs = cs;
    }

    /** Pops the innermost namespace. */
    @Override
    public void close()
    {
        cs.popNamespace();
    }
}
