package io.jprove.kernels.cuda;

import java.lang.foreign.MemorySegment;

import org.junit.jupiter.api.Test;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KernelArgsTest
{
    /** Reads parameter {@code index} the way the driver does: through entry {@code index} of the void** array. */
    @SuppressWarnings("restricted")
    private static MemorySegment pointee(final KernelArgs args, final int index, final long bytes)
    {
        final MemorySegment array = args.pointerArray();
        return array.get(ADDRESS, index * ADDRESS.byteSize()).reinterpret(bytes);
    }

    @Test
    void shouldPointEachEntryAtItsValueWhenBuilt()
    {
        final KernelArgs args = KernelArgs.of().pointer(0x7f00_1234_5600L).i32(-7).i64(0x0123_4567_89ab_cdefL);
        assertEquals(3, args.count());
        assertEquals(3 * 8, args.pointerArray().byteSize());
        assertEquals(0x7f00_1234_5600L, pointee(args, 0, 8).get(JAVA_LONG, 0));
        assertEquals(-7, pointee(args, 1, 4).get(JAVA_INT, 0));
        assertEquals(0x0123_4567_89ab_cdefL, pointee(args, 2, 8).get(JAVA_LONG, 0));
        for (int i = 0; i < 3; i++)
        {
            final long entry = args.pointerArray().get(ADDRESS, i * 8L).address();
            assertEquals(args.valueAddress(i), entry);
            assertEquals(0, entry % 8, "value slots are 8-aligned");
        }
        assertEquals(0, args.pointerArray().address() % 8, "the array is pointer-aligned");
    }

    @Test
    void shouldMapBoxedTypesWhenBuiltFromValues()
    {
        final KernelArgs args = KernelArgs.of(42, 1L << 40, Integer.MIN_VALUE, -1L);
        assertEquals(4, args.count());
        assertEquals(42, pointee(args, 0, 4).get(JAVA_INT, 0));
        assertEquals(1L << 40, pointee(args, 1, 8).get(JAVA_LONG, 0));
        assertEquals(Integer.MIN_VALUE, pointee(args, 2, 4).get(JAVA_INT, 0));
        assertEquals(-1L, pointee(args, 3, 8).get(JAVA_LONG, 0));
    }

    @Test
    void shouldKeepEveryValueWhenGrowingPastInitialCapacity()
    {
        final KernelArgs args = KernelArgs.of();
        final int n = 37;
        for (int i = 0; i < n; i++)
        {
            if (i % 2 == 0)
            {
                args.i64(1000L * i + (1L << 33));
            }
            else
            {
                args.i32(-i);
            }
        }
        assertEquals(n, args.count());
        for (int i = 0; i < n; i++)
        {
            if (i % 2 == 0)
            {
                assertEquals(1000L * i + (1L << 33), pointee(args, i, 8).get(JAVA_LONG, 0), "argument " + i);
            }
            else
            {
                assertEquals(-i, pointee(args, i, 4).get(JAVA_INT, 0), "argument " + i);
            }
            assertEquals(args.valueAddress(i), args.pointerArray().get(ADDRESS, i * 8L).address());
        }
    }

    @Test
    void shouldRewriteValueInPlaceWhenSet()
    {
        final KernelArgs args = KernelArgs.of().pointer(16).i32(1).i64(2);
        final long arrayAddress = args.pointerArray().address();
        final long[] valueAddresses = {args.valueAddress(0), args.valueAddress(1), args.valueAddress(2)};
        args.setPointer(0, 0xdead_beef_0000L);
        args.setI32(1, 0x7fff_ffff);
        args.setI64(2, Long.MIN_VALUE);
        assertEquals(0xdead_beef_0000L, pointee(args, 0, 8).get(JAVA_LONG, 0));
        assertEquals(0x7fff_ffff, pointee(args, 1, 4).get(JAVA_INT, 0));
        assertEquals(Long.MIN_VALUE, pointee(args, 2, 8).get(JAVA_LONG, 0));
        assertEquals(arrayAddress, args.pointerArray().address(), "no reallocation when setting");
        for (int i = 0; i < 3; i++)
        {
            assertEquals(valueAddresses[i], args.valueAddress(i));
        }
    }

    @Test
    void shouldRefuseSetterWhenKindDiffers()
    {
        final KernelArgs args = KernelArgs.of(1, 2L);
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> args.setI64(0, 5));
        assertTrue(ex.getMessage().contains("argument 0 is an i32, not an i64"), ex.getMessage());
        assertThrows(IllegalArgumentException.class, () -> args.setPointer(1, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> args.setI32(2, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> args.valueAddress(-1));
    }

    @Test
    void shouldNamePositionWhenValueTypeIsUnsupported()
    {
        final IllegalArgumentException wrongType =
            assertThrows(IllegalArgumentException.class, () -> KernelArgs.of(1, "two"));
        assertTrue(wrongType.getMessage().contains("argument 1 is a java.lang.String"), wrongType.getMessage());
        final IllegalArgumentException nullValue =
            assertThrows(IllegalArgumentException.class, () -> KernelArgs.of(1, 2L, null));
        assertTrue(nullValue.getMessage().contains("argument 2 is null"), nullValue.getMessage());
    }

    @Test
    void shouldGiveEmptyArrayWhenNoArguments()
    {
        final KernelArgs args = KernelArgs.of();
        assertEquals(0, args.count());
        assertEquals(0, args.pointerArray().byteSize());
    }
}
