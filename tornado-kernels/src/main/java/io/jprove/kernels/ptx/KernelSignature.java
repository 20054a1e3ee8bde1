package io.jprove.kernels.ptx;

import io.jprove.kernels.IntArray;
import io.jprove.kernels.Kernel;
import io.jprove.kernels.KernelContext;
import io.jprove.kernels.LongArray;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The parameters of a kernel after its {@link KernelContext}, and the checks a launch makes on its arguments.
 *
 * @param params one kind per parameter after the context, in order.
 */
public record KernelSignature(List<ParamKind> params)
{
    /** What a kernel parameter is, and how it is passed to the GPU. */
    public enum ParamKind
    {
        /** {@link IntArray}: a device pointer and a length (both {@code .u64}). */
        INT_ARRAY,
        /** {@link LongArray}: a device pointer and a length (both {@code .u64}). */
        LONG_ARRAY,
        /** {@code int}: one {@code .b32}. */
        INT,
        /** {@code long}: one {@code .b64}. */
        LONG
    }

    /**
     * Finds and checks a kernel method.
     *
     * @param owner declaring class.
     * @param name  method name, not overloaded.
     * @return the method.
     * @throws IllegalArgumentException naming what is wrong.
     */
    public static Method find(final Class<?> owner, final String name)
    {
        Method found = null;
        for (final Method method : owner.getDeclaredMethods())
        {
            if (method.getName().equals(name))
            {
                if (found != null)
                {
                    throw new IllegalArgumentException("kernel " + owner.getName() + "." + name + " is overloaded");
                }
                found = method;
            }
        }
        if (found == null)
        {
            throw new IllegalArgumentException("no method " + name + " in " + owner.getName());
        }
        of(found);
        return found;
    }

    /**
     * @param method a {@link Kernel} method.
     * @return its signature.
     * @throws IllegalArgumentException when the method is not a valid kernel.
     */
    public static KernelSignature of(final Method method)
    {
        final String where = method.getDeclaringClass().getName() + "." + method.getName();
        final int modifiers = method.getModifiers();
        if (!method.isAnnotationPresent(Kernel.class) || !Modifier.isStatic(modifiers)
            || !Modifier.isPublic(modifiers) || method.getReturnType() != void.class)
        {
            throw new IllegalArgumentException(where + " is not a public static void @Kernel method");
        }
        final Class<?>[] types = method.getParameterTypes();
        if (types.length == 0 || types[0] != KernelContext.class)
        {
            throw new IllegalArgumentException(where + ": the first parameter must be a KernelContext");
        }
        final List<ParamKind> params = new ArrayList<>();
        for (int i = 1; i < types.length; i++)
        {
            params.add(kindOf(types[i], where, i));
        }
        return new KernelSignature(List.copyOf(params));
    }

    private static ParamKind kindOf(final Class<?> type, final String where, final int index)
    {
        if (type == IntArray.class)
        {
            return ParamKind.INT_ARRAY;
        }
        if (type == LongArray.class)
        {
            return ParamKind.LONG_ARRAY;
        }
        if (type == int.class)
        {
            return ParamKind.INT;
        }
        if (type == long.class)
        {
            return ParamKind.LONG;
        }
        throw new IllegalArgumentException(where + ": parameter " + index + " has type " + type.getName()
            + "; kernels take IntArray, LongArray, int and long");
    }

    /**
     * Checks a launch's range and arguments.
     *
     * @param kernel        name for messages.
     * @param launch        the range and dynamic shared memory.
     * @param maxLocalSize  the device's limit.
     * @param traits        the kernel's needs (launch bounds, whole warps).
     * @param args          arguments after the context.
     * @throws IllegalArgumentException naming the bad range or argument.
     */
    public void check(final String kernel, final io.jprove.kernels.Launch launch, final int maxLocalSize,
        final KernelTraits traits, final Object[] args)
    {
        final int localSize = launch.localSize();
        final int limit = traits.maxLocalSize() > 0 ? Math.min(maxLocalSize, traits.maxLocalSize()) : maxLocalSize;
        if (localSize > limit)
        {
            throw new IllegalArgumentException("kernel " + kernel + ": bad range " + launch.groupsX() + " groups of "
                + localSize + " (1 to " + limit + " items per group" + (traits.maxLocalSize() > 0
                ? ", as its @Kernel(maxLocalSize) promises" : "") + ")");
        }
        if (traits.usesWarp() && localSize % io.jprove.kernels.KernelContext.WARP_SIZE != 0)
        {
            throw new IllegalArgumentException("kernel " + kernel + " uses warp operations, so its groups must be "
                + "whole warps (a multiple of 32 items), not " + localSize);
        }
        if (launch.sharedBytes() > 0 && !traits.usesDynamicShared())
        {
            throw new IllegalArgumentException("kernel " + kernel + " is launched with " + launch.sharedBytes()
                + " bytes of dynamic shared memory but never reads it");
        }
        if (args.length != params.size())
        {
            throw new IllegalArgumentException("kernel " + kernel + " takes " + params.size() + " arguments after "
                + "the context, got " + args.length);
        }
        for (int i = 0; i < args.length; i++)
        {
            final boolean ok = switch (params.get(i))
            {
                case INT_ARRAY -> args[i] instanceof IntArray || args[i] instanceof io.jprove.kernels.DeviceMemory m
                    && m.byteSize() % Integer.BYTES == 0;
                case LONG_ARRAY -> args[i] instanceof LongArray || args[i] instanceof io.jprove.kernels.DeviceMemory m
                    && m.byteSize() % Long.BYTES == 0;
                case INT -> args[i] instanceof Integer;
                case LONG -> args[i] instanceof Long;
            };
            if (!ok)
            {
                throw new IllegalArgumentException("kernel " + kernel + ": argument " + i + " should be "
                    + params.get(i) + " (or device memory of whole elements), got " + describe(args[i]));
            }
        }
    }

    /**
     * Device memory passed as an array must start 16-byte aligned, so that the compiler's paired 8-byte accesses
     * ({@code ld.v2.u64}) are aligned on the GPU; allocations are, and so is a view at an offset that is a multiple of
     * 16. Every accelerator checks it, so a kernel that runs on one runs on the others.
     *
     * @param kernel  name for messages.
     * @param index   the argument's position.
     * @param address the memory's address (or offset within its allocation).
     * @throws IllegalArgumentException when it is not a multiple of 16.
     */
    public static void checkAligned(final String kernel, final int index, final long address)
    {
        if ((address & 15) != 0)
        {
            throw new IllegalArgumentException("kernel " + kernel + ": argument " + index + " is device memory at "
                + "an address that is not 16-byte aligned (0x" + Long.toHexString(address) + "); arrays must start "
                + "on a 16-byte boundary — view memory at offsets that are multiples of 16");
        }
    }

    private static String describe(final Object arg)
    {
        if (arg instanceof io.jprove.kernels.DeviceMemory m)
        {
            return "device memory of " + m.byteSize() + " bytes";
        }
        return arg == null ? "null" : arg.getClass().getName();
    }
}
