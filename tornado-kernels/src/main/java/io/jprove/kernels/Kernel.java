package io.jprove.kernels;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code public static void} method whose first parameter is a {@link KernelContext} as a kernel: one call
 * per work-item, run by an {@link Accelerator}. The other parameters are {@link IntArray}, {@link LongArray},
 * {@code int} and {@code long}. What the body may contain is listed in the {@code io.jprove.kernels.ptx} package
 * documentation; anything else is refused when the kernel is prepared.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Kernel
{
}
