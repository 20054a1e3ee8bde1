package io.jprove.kernels.cuda;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The {@code libcuda.so.1} symbols a {@link CudaApi} method binds to, first found wins: the names the CUDA 13
 * {@code cuda.h} macros resolve to ({@code cuMemAlloc} is {@code cuMemAlloc_v2}), then older fallbacks with the same
 * signature. A method without it binds to the symbol of its own name.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface CudaSymbol
{
    /** @return the symbols to try, in order. */
    String[] value();
}
