package io.jprove.kernels.msm;

import io.jprove.kernels.LongArray;

/**
 * Points an item keeps in its group's shared memory, limb-major: limb k of slot s of item i at
 * {@code (s·limbs + k)·width + i}, so the items of a warp touch consecutive words (no bank conflicts). Slots let a
 * kernel route different operands through one inlined addition: load x and y from the slots an operation names, add,
 * store x back.
 */
final class Slots
{
    private Slots()
    {
    }

    static void load(final LongArray shared, final int slot, final int item, final int width, final long[] to,
        final int limbs)
    {
        final long first = (long)slot * limbs * width + item;
        for (int k = 0; k < limbs; k++)
        {
            to[k] = shared.get(first + (long)k * width);
        }
    }

    static void store(final LongArray shared, final int slot, final int item, final int width, final long[] from,
        final int limbs)
    {
        final long first = (long)slot * limbs * width + item;
        for (int k = 0; k < limbs; k++)
        {
            shared.set(first + (long)k * width, from[k]);
        }
    }
}
