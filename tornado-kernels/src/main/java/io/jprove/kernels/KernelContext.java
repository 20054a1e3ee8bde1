package io.jprove.kernels;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Phaser;

/**
 * What a work-item knows about where it runs: its indices in a one-dimensional range of {@code groupCountX} groups of
 * {@code localSizeX} items, a barrier over its group, and its group's shared memory.
 *
 * <p>On the CPU one instance serves one work-item at a time; compiled kernels read the same values from the GPU's
 * special registers. Shared arrays are allocated in call order and must be requested at the start of the kernel, before
 * any branch or loop, with a constant length, so that every item of a group gets the same arrays in the same order; their
 * contents are undefined until written (the CPU happens to zero them, the GPU does not).
 */
public final class KernelContext
{
    private final Group group;
    private int localId;
    private int sharedCalls;

    KernelContext(final Group group)
    {
        this.group = group;
    }

    void moveTo(final int localId)
    {
        this.localId = localId;
        this.sharedCalls = 0;
    }

    /**
     * @return the item's index in the whole range: {@code groupIdX() * localSizeX() + localIdX()}.
     */
    public int globalIdX()
    {
        return group.groupId * group.localSize + localId;
    }

    /**
     * @return the item's index within its group.
     */
    public int localIdX()
    {
        return localId;
    }

    /**
     * @return the group's index.
     */
    public int groupIdX()
    {
        return group.groupId;
    }

    /**
     * @return the number of items in the whole range.
     */
    public int globalSizeX()
    {
        return group.groupCount * group.localSize;
    }

    /**
     * @return the number of items per group.
     */
    public int localSizeX()
    {
        return group.localSize;
    }

    /**
     * @return the number of groups.
     */
    public int groupCountX()
    {
        return group.groupCount;
    }

    /**
     * Waits until every item of the group has reached this barrier; memory written before it by any item of the group
     * is visible after it. Every item of the group must reach the same barriers; an item that has returned no longer
     * counts (as on NVIDIA GPUs, where exited threads do not hold a barrier back).
     */
    public void barrier()
    {
        group.await();
    }

    /**
     * @param length number of ints, a compile-time constant.
     * @return the group's next shared int array.
     */
    public IntArray sharedInts(final int length)
    {
        return (IntArray)group.shared(sharedCalls++, length, false);
    }

    /**
     * @param length number of longs, a compile-time constant.
     * @return the group's next shared long array.
     */
    public LongArray sharedLongs(final int length)
    {
        return (LongArray)group.shared(sharedCalls++, length, true);
    }

    /** One group's state on the CPU: its index, barrier and shared arrays. */
    static final class Group
    {
        private final int groupCount;
        private final int localSize;
        private final Arena arena;
        private final boolean cooperative;
        private final List<Object> shared = new ArrayList<>();
        private int groupId;
        private Phaser phaser;

        Group(final int groupCount, final int localSize, final Arena arena, final boolean cooperative)
        {
            this.groupCount = groupCount;
            this.localSize = localSize;
            this.arena = arena;
            this.cooperative = cooperative;
        }

        void moveTo(final int groupId)
        {
            this.groupId = groupId;
            this.phaser = cooperative ? new Phaser(localSize) : null;
            synchronized (this)
            {
                for (final Object array : shared)
                {
                    if (array instanceof IntArray ints)
                    {
                        ints.segment().fill((byte)0);
                    }
                    else
                    {
                        ((LongArray)array).segment().fill((byte)0);
                    }
                }
            }
        }

        synchronized Object shared(final int call, final int length, final boolean longs)
        {
            if (call < shared.size())
            {
                final Object array = shared.get(call);
                final long have = array instanceof IntArray ints ? ints.length() : ((LongArray)array).length();
                if ((array instanceof LongArray) != longs || have != length)
                {
                    throw new IllegalStateException("shared array " + call + " requested with a different type or "
                        + "length by items of one group");
                }
                return array;
            }
            final Object array = longs ? LongArray.allocate(arena, length) : IntArray.allocate(arena, length);
            shared.add(array);
            return array;
        }

        /** The item is done: later barriers no longer wait for it. */
        void exited()
        {
            phaser.arriveAndDeregister();
        }

        /** An item failed: the others stop at their next barrier. */
        void fail()
        {
            phaser.forceTermination();
        }

        private void await()
        {
            if (phaser == null)
            {
                throw new IllegalStateException("barrier() called by a kernel prepared as barrier-free");
            }
            if (phaser.arriveAndAwaitAdvance() < 0)
            {
                throw new GroupFailedException();
            }
        }
    }

    /** Thrown at a barrier when another item of the group has failed. */
    static final class GroupFailedException extends IllegalStateException
    {
        private static final long serialVersionUID = 1L;

        GroupFailedException()
        {
            super("another work-item of the group failed");
        }
    }
}
