package io.jprove.engine.r1cs;

/** Counts and namespace bookkeeping shared by the synthesizers; each one adds what its mode stores. */
abstract class BaseConstraintSystem implements ConstraintSystem
{
    private final Namespace namespace = new Namespace(this);
    private int namespaceDepth;
    int numInputs;
    int numAux;
    long numConstraints;

    @Override
    public void pushNamespace(final String name)
    {
        namespaceDepth++;
    }

    @Override
    public void popNamespace()
    {
        if (namespaceDepth == 0)
        {
            throw new SynthesisException("popNamespace without an open namespace (after constraint "
                + numConstraints + ")");
        }
        namespaceDepth--;
    }

    @Override
    public final Namespace namespace(final String name)
    {
        pushNamespace(name);
        return namespace;
    }

    @Override
    public final int numInputs()
    {
        return numInputs;
    }

    @Override
    public final int numAux()
    {
        return numAux;
    }

    @Override
    public final long numConstraints()
    {
        return numConstraints;
    }

    /** Runs a circuit after allocating ONE, and checks that its namespaces are balanced. */
    final void run(final Circuit circuit)
    {
        allocInput("ONE", LinearCombination.ONE_FUNCTION);
        circuit.synthesize(this);
        if (namespaceDepth != 0)
        {
            throw new SynthesisException("circuit left " + namespaceDepth + " namespace(s) open");
        }
    }

    static int nextIndex(final int count, final String kind)
    {
        if (count == Integer.MAX_VALUE)
        {
            throw new SynthesisException("more than " + Integer.MAX_VALUE + " " + kind + " variables");
        }
        return count;
    }
}
