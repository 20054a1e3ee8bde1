package io.jprove.kernels;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Phaser;

/**
 * What a work-item knows about where it runs: its indices in a range of {@code groupCountX × groupCountY} groups of
 * {@code localSizeX} items, a barrier over its group, its group's shared memory, and the warp operations (shuffles
 * and votes, and matches) over the 32 consecutive items of its warp.
 *
 * <p>On the CPU one instance serves one work-item at a time; compiled kernels read the same values from the GPU's
 * special registers. Shared arrays are allocated in call order and must be requested at the start of the kernel,
 * before any branch or loop, with a constant length, so that every item of a group gets the same arrays in the same
 * order; their contents are undefined until written (the CPU happens to zero them, the GPU does not). The dynamic
 * shared memory is one block per group whose size the launch gives ({@link Launch#sharedBytes()}); its int and long
 * views alias it.
 *
 * <p>Warp operations follow CUDA's {@code __shfl_sync}/{@code __ballot_sync} with a full mask: every item of the warp
 * must make the same call, and a kernel that uses them must be launched with a multiple of {@link #WARP_SIZE} items
 * per group. Lane arguments are taken modulo 32, as the hardware does.
 */
public final class KernelContext
{
    /** Items per warp on every supported GPU, and on the CPU executor. */
    public static final int WARP_SIZE = 32;

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
     * @return the item's index in the whole x range: {@code groupIdX() * localSizeX() + localIdX()}.
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
     * @return the group's index along x.
     */
    public int groupIdX()
    {
        return group.groupId;
    }

    /**
     * @return the group's index along y (0 for a one-dimensional launch).
     */
    public int groupIdY()
    {
        return group.groupIdY;
    }

    /**
     * @return the number of items in the whole x range.
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
     * @return the number of groups along x.
     */
    public int groupCountX()
    {
        return group.groupCount;
    }

    /**
     * @return the number of groups along y (1 for a one-dimensional launch).
     */
    public int groupCountY()
    {
        return group.groupCountY;
    }

    /**
     * @return the item's lane in its warp: {@code localIdX() % 32}.
     */
    public int laneId()
    {
        return localId % WARP_SIZE;
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
     * Orders this item's memory accesses device-wide, as CUDA's {@code __threadfence()} ({@code membar.gl}): what it
     * wrote before the fence is visible to every item of every group before anything it writes after it. Paired with
     * an atomic counter, it lets the last group to finish read what the others wrote.
     */
    public void fence()
    {
        java.lang.invoke.VarHandle.fullFence();
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

    /**
     * @return the group's dynamic shared memory as ints ({@link Launch#sharedBytes()} / 4 of them).
     */
    public IntArray dynamicSharedInts()
    {
        return group.dynamicInts;
    }

    /**
     * @return the group's dynamic shared memory as longs ({@link Launch#sharedBytes()} / 8 of them).
     */
    public LongArray dynamicSharedLongs()
    {
        return group.dynamicLongs;
    }

    /**
     * @param value     this item's value.
     * @param laneMask  XOR-ed with this lane (modulo 32) to name the source lane.
     * @return the value of lane {@code laneId() ^ laneMask} ({@code shfl.sync.bfly}).
     */
    public int shuffleXor(final int value, final int laneMask)
    {
        return (int)group.exchange(localId, value, laneId() ^ (laneMask & 31));
    }

    /** @see #shuffleXor(int, int) */
    public long shuffleXor(final long value, final int laneMask)
    {
        return group.exchange(localId, value, laneId() ^ (laneMask & 31));
    }

    /**
     * @param value   this item's value.
     * @param srcLane the lane to read, modulo 32.
     * @return the value of that lane ({@code shfl.sync.idx}).
     */
    public int shuffle(final int value, final int srcLane)
    {
        return (int)group.exchange(localId, value, srcLane & 31);
    }

    /** @see #shuffle(int, int) */
    public long shuffle(final long value, final int srcLane)
    {
        return group.exchange(localId, value, srcLane & 31);
    }

    /**
     * @param value this item's value.
     * @param delta lanes down, modulo 32.
     * @return the value of lane {@code laneId() - delta}, or this item's own value when that is below 0
     *         ({@code shfl.sync.up}).
     */
    public int shuffleUp(final int value, final int delta)
    {
        final int source = laneId() - (delta & 31);
        return (int)group.exchange(localId, value, source < 0 ? laneId() : source);
    }

    /** @see #shuffleUp(int, int) */
    public long shuffleUp(final long value, final int delta)
    {
        final int source = laneId() - (delta & 31);
        return group.exchange(localId, value, source < 0 ? laneId() : source);
    }

    /**
     * @param value this item's value.
     * @param delta lanes up, modulo 32.
     * @return the value of lane {@code laneId() + delta}, or this item's own value when that is past 31
     *         ({@code shfl.sync.down}).
     */
    public int shuffleDown(final int value, final int delta)
    {
        final int source = laneId() + (delta & 31);
        return (int)group.exchange(localId, value, source > 31 ? laneId() : source);
    }

    /** @see #shuffleDown(int, int) */
    public long shuffleDown(final long value, final int delta)
    {
        final int source = laneId() + (delta & 31);
        return group.exchange(localId, value, source > 31 ? laneId() : source);
    }

    /**
     * @param predicate this item's vote.
     * @return bit l set when lane l voted true ({@code vote.sync.ballot}).
     */
    public int ballot(final boolean predicate)
    {
        return group.ballot(localId, predicate);
    }

    /**
     * @param predicate this item's vote.
     * @return whether any lane of the warp voted true ({@code vote.sync.any}).
     */
    public boolean anyLane(final boolean predicate)
    {
        return group.ballot(localId, predicate) != 0;
    }

    /**
     * @param predicate this item's vote.
     * @return whether every lane of the warp voted true ({@code vote.sync.all}).
     */
    public boolean allLanes(final boolean predicate)
    {
        return group.ballot(localId, predicate) == -1;
    }

    /**
     * @param value this item's value.
     * @return bit l set when lane l holds the same value ({@code match.any.sync}): the lanes a warp-aggregated atomic
     *         can serve with one operation, led by the lowest of them.
     */
    public int matchAny(final int value)
    {
        return group.match(localId, value);
    }

    /** One group's state on the CPU: its index, barrier, shared memory and warp exchange slots. */
    static final class Group
    {
        private final int groupCount;
        private final int groupCountY;
        private final int localSize;
        private final Arena arena;
        private final boolean cooperative;
        private final List<Object> shared = new ArrayList<>();
        private final MemorySegment dynamicShared;
        private final IntArray dynamicInts;
        private final LongArray dynamicLongs;
        private final long[] slots;
        private int groupId;
        private int groupIdY;
        private Phaser phaser;
        private Phaser[] warps;

        Group(final int groupCount, final int localSize, final Arena arena, final boolean cooperative)
        {
            this(groupCount, 1, localSize, 0, arena, cooperative);
        }

        Group(final int groupCount, final int groupCountY, final int localSize, final int sharedBytes,
            final Arena arena, final boolean cooperative)
        {
            this.groupCount = groupCount;
            this.groupCountY = groupCountY;
            this.localSize = localSize;
            this.arena = arena;
            this.cooperative = cooperative;
            this.dynamicShared = arena.allocate(Math.max(sharedBytes, 8), 16).asSlice(0, sharedBytes);
            this.dynamicInts = IntArray.wrap(dynamicShared.asSlice(0, sharedBytes & ~3L));
            this.dynamicLongs = LongArray.wrap(dynamicShared.asSlice(0, sharedBytes & ~7L));
            this.slots = cooperative ? new long[localSize] : null;
        }

        void moveTo(final int groupId, final int groupIdY)
        {
            this.groupId = groupId;
            this.groupIdY = groupIdY;
            this.phaser = cooperative ? new Phaser(localSize) : null;
            if (cooperative)
            {
                warps = new Phaser[(localSize + WARP_SIZE - 1) / WARP_SIZE];
                for (int w = 0; w < warps.length; w++)
                {
                    warps[w] = new Phaser(Math.min(WARP_SIZE, localSize - w * WARP_SIZE));
                }
            }
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
            dynamicShared.fill((byte)0);
        }

        void moveTo(final int groupId)
        {
            moveTo(groupId, 0);
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
        void exited(final int localId)
        {
            phaser.arriveAndDeregister();
            warps[localId / WARP_SIZE].arriveAndDeregister();
        }

        /** An item failed: the others stop at their next barrier or warp operation. */
        void fail()
        {
            phaser.forceTermination();
            for (final Phaser warp : warps)
            {
                warp.forceTermination();
            }
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

        /** Publishes this item's value to its warp, waits for the whole warp, and reads lane {@code source}'s. */
        long exchange(final int localId, final long value, final int source)
        {
            final Phaser warp = warp(localId);
            final int base = localId - localId % WARP_SIZE;
            slots[localId] = value;
            step(warp);
            final long result = slots[base + source];
            step(warp);
            return result;
        }

        int ballot(final int localId, final boolean predicate)
        {
            final Phaser warp = warp(localId);
            final int base = localId - localId % WARP_SIZE;
            slots[localId] = predicate ? 1 : 0;
            step(warp);
            int bits = 0;
            for (int l = 0; l < WARP_SIZE; l++)
            {
                bits |= (int)slots[base + l] << l;
            }
            step(warp);
            return bits;
        }

        int match(final int localId, final int value)
        {
            final Phaser warp = warp(localId);
            final int base = localId - localId % WARP_SIZE;
            slots[localId] = value;
            step(warp);
            int bits = 0;
            for (int l = 0; l < WARP_SIZE; l++)
            {
                bits |= ((int)slots[base + l] == value ? 1 : 0) << l;
            }
            step(warp);
            return bits;
        }

        private Phaser warp(final int localId)
        {
            if (warps == null)
            {
                throw new IllegalStateException("a warp operation called by a kernel prepared as barrier-free");
            }
            final Phaser warp = warps[localId / WARP_SIZE];
            if (warp.getRegisteredParties() < WARP_SIZE)
            {
                throw new IllegalStateException("a warp operation with lanes of the warp missing (returned, or a "
                    + "group size that is not a multiple of " + WARP_SIZE + ")");
            }
            return warp;
        }

        private static void step(final Phaser warp)
        {
            if (warp.arriveAndAwaitAdvance() < 0)
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
