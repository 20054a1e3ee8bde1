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
 * <p>
 * The two optional values are CUDA's launch bounds ({@code __launch_bounds__}): they let ptxas spend registers for a
 * known group size and occupancy, and every accelerator refuses a launch with more items per group than promised.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Kernel
{
    /**
     * @return the most work-items a group of this kernel will have ({@code .maxntid}); 0 for no promise.
     */
    int maxLocalSize() default 0;

    /**
     * @return groups that should fit on one multiprocessor at once ({@code .minnctapersm}, with
     *         {@link #maxLocalSize()}); 0 for no request.
     */
    int minGroupsPerMultiprocessor() default 0;
}
