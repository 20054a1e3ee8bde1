package io.jprove.kernels.ptx;

import java.util.List;

/**
 * One specialised block: a bytecode offset reached with one abstract state, its straight-line PTX and how it ends.
 * A block is recompiled when a later arrival widens its entry state (a constant that differs becomes a register).
 */
final class Spec
{
    final int id;
    final String key;
    final State entry;
    /**
     * The registers of {@link #entry} that belong to this block: the targets of the moves its incoming edges make.
     * A register merely passed in (a value computed elsewhere, perhaps held by other slots too) never receives moves;
     * a slot whose arrivals differ gets a register of its own first.
     */
    final java.util.Set<Val.Reg> owned = new java.util.HashSet<>();
    List<String> code;
    Term term;
    boolean queued;

    Spec(final int id, final String key, final State entry)
    {
        this.id = id;
        this.key = key;
        this.entry = entry;
    }

    String label()
    {
        return "$L" + id;
    }

    /** How a block ends. */
    sealed interface Term
    {
    }

    /** Jump (with moves into the target's entry registers). */
    record Goto(Edge edge) implements Term
    {
    }

    /** Two-way branch on a predicate register. */
    record Branch(String predicate, Edge taken, Edge fallThrough) implements Term
    {
    }

    /** The kernel returns. */
    record Exit() implements Term
    {
    }

    /** Java would throw here (division by zero, index out of bounds): the work-item traps. */
    record Trap() implements Term
    {
    }

    /**
     * A control transfer and the state it carries.
     *
     * @param target   the block entered.
     * @param arriving the state at the end of the source block.
     */
    record Edge(Spec target, State arriving)
    {
    }
}
