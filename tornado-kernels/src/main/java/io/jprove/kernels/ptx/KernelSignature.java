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
     * @param groupCount    groups.
     * @param localSize     items per group.
     * @param maxLocalSize  the device's limit.
     * @param args          arguments after the context.
     * @throws IllegalArgumentException naming the bad range or argument.
     */
    public void check(final String kernel, final int groupCount, final int localSize, final int maxLocalSize,
        final Object[] args)
    {
        if (groupCount < 1 || localSize < 1 || localSize > maxLocalSize)
        {
            throw new IllegalArgumentException("kernel " + kernel + ": bad range " + groupCount + " groups of "
                + localSize + " (1 to " + maxLocalSize + " items per group)");
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
                case INT_ARRAY -> args[i] instanceof IntArray;
                case LONG_ARRAY -> args[i] instanceof LongArray;
                case INT -> args[i] instanceof Integer;
                case LONG -> args[i] instanceof Long;
            };
            if (!ok)
            {
                throw new IllegalArgumentException("kernel " + kernel + ": argument " + i + " should be "
                    + params.get(i) + ", got " + (args[i] == null ? "null" : args[i].getClass().getName()));
            }
        }
    }
}
