package io.jprove.engine.r1cs;

/**
 * A rank-1 constraint system being described by a {@link Circuit}: variables (public inputs, with the constant
 * {@link Variable#ONE} as input 0, and private aux variables) and constraints ⟨A_k, z⟩·⟨B_k, z⟩ = ⟨C_k, z⟩ over the
 * vector z = (inputs, aux), in the spirit of bellman/bellperson.
 * <p>
 * Implementations, one per use of a circuit:
 * <ul>
 *   <li>{@link ProvingAssignment}: computes the witness, the evaluation vectors a, b, c and the A/B densities;</li>
 *   <li>{@link RecordingAssignment}: records the matrices A, B, C ({@link ConstraintMatrices}, CSR) once per
 *       shape;</li>
 *   <li>{@link WitnessAssignment}: computes only the witness, for {@link ConstraintMatrices#evaluate};</li>
 *   <li>{@link CountingAssignment}: counts inputs, aux variables and constraints.</li>
 * </ul>
 * Circuits should build linear combinations only when {@link #needsConstraints()} and compute values only when
 * {@link #needsWitness()}; both are hints — giving either regardless is correct, only slower. Variables are
 * {@code int} handles ({@link Variable}); linear combinations are reusable ({@link LinearCombination#clear()}).
 * Annotations and namespace names should be constants: they are not stored while proving, only used to locate an
 * unsatisfied constraint by synthesizing again. Not thread-safe.
 */
public interface ConstraintSystem
{
    /**
     * Allocates a private (aux) variable.
     *
     * @param annotation what the variable holds, for error messages.
     * @param value      computes its value; called only when {@link #needsWitness()}.
     * @return the variable's handle.
     */
    int alloc(String annotation, WitnessFunction value);

    /**
     * Allocates a public input.
     *
     * @param annotation what the input holds, for error messages.
     * @param value      computes its value; called only when {@link #needsWitness()}.
     * @return the input's handle.
     */
    int allocInput(String annotation, WitnessFunction value);

    /**
     * Enforces {@code a·b = c}. The combinations are read during the call and may be reused afterwards.
     *
     * @param annotation names the constraint in error messages.
     */
    void enforce(String annotation, LinearCombination a, LinearCombination b, LinearCombination c);

    /** Opens a namespace that encloses the following variables and constraints. */
    void pushNamespace(String name);

    /**
     * Closes the innermost namespace.
     *
     * @throws SynthesisException when no namespace is open.
     */
    void popNamespace();

    /**
     * Opens a namespace and returns the handle that closes it, for try-with-resources.
     *
     * @param name the namespace's name, a path segment in error messages.
     * @return the handle; the same instance every call.
     */
    Namespace namespace(String name);

    /** @return whether witness values are computed (the {@link WitnessFunction}s are called). */
    boolean needsWitness();

    /** @return whether the linear combinations given to {@link #enforce} are read. */
    boolean needsConstraints();

    /** @return public inputs allocated so far, ONE included. */
    int numInputs();

    /** @return aux variables allocated so far. */
    int numAux();

    /** @return constraints enforced so far. */
    long numConstraints();
}
