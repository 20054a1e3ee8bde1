package io.jprove.engine.r1cs;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Names constraint {@code k} of a circuit by synthesizing it again without witness, tracking namespaces, until the
 * k-th {@code enforce}. Proving keeps no per-constraint names, so this costs nothing unless a check fails.
 */
final class ConstraintLocator extends BaseConstraintSystem
{
    private final long target;
    private final Deque<String> path = new ArrayDeque<>();
    private String foundPath;
    private String foundAnnotation;

    private ConstraintLocator(final long target)
    {
        this.target = target;
    }

    /** @return the exception naming constraint {@code index}: its namespace path and annotation when found. */
    static UnsatisfiedConstraintException locate(final Circuit circuit, final long index)
    {
        final ConstraintLocator locator = new ConstraintLocator(index);
        try
        {
            locator.run(circuit);
        }
        catch (final Found ignored)
        {
            return new UnsatisfiedConstraintException(index, locator.foundPath, locator.foundAnnotation);
        }
        return new UnsatisfiedConstraintException(index, null, null);
    }

    @Override
    public int alloc(final String annotation, final WitnessFunction value)
    {
        return nextIndex(numAux++, "aux");
    }

    @Override
    public int allocInput(final String annotation, final WitnessFunction value)
    {
        return Variable.input(nextIndex(numInputs++, "input"));
    }

    @Override
    public void enforce(final String annotation, final LinearCombination a, final LinearCombination b,
        final LinearCombination c)
    {
        if (numConstraints == target)
        {
            foundPath = String.join("/", path.reversed());
            foundAnnotation = annotation;
            throw Found.INSTANCE;
        }
        numConstraints++;
    }

    @Override
    public void pushNamespace(final String name)
    {
        super.pushNamespace(name);
        path.push(name);
    }

    @Override
    public void popNamespace()
    {
        super.popNamespace();
        path.pop();
    }

    @Override
    public boolean needsWitness()
    {
        return false;
    }

    @Override
    public boolean needsConstraints()
    {
        return false;
    }

    /** Stops the circuit once the constraint is reached; carries no stack trace. */
    private static final class Found extends RuntimeException
    {
        private static final long serialVersionUID = 1L;
        static final Found INSTANCE = new Found();

        private Found()
        {
            super(null, null, false, false);
        }
    }
}
