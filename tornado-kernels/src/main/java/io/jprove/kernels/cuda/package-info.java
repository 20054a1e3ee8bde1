/**
 * The CUDA driver API over FFM: {@code libcuda.so.1} only — no CUDA runtime, no NVRTC, no JNI.
 * <p>
 * {@link io.jprove.kernels.cuda.CudaDriver} says whether a driver is present and holds the driver functions, each
 * declared once as a Java prototype in {@code CudaApi} and bound by {@code CudaBinding}, which generates the
 * implementation (a hidden class whose methods invoke constant downcall handles); every call goes through one checked
 * path that names the function, the {@code CUresult} and the Java call site;
 * {@link io.jprove.kernels.cuda.CudaDevice} enumerates devices and retains their primary contexts;
 * {@link io.jprove.kernels.cuda.CudaContext} owns everything made in it. Every failed call throws a
 * {@link io.jprove.kernels.cuda.CudaException} naming the function, the {@code CUresult} name and code, and the
 * caller.
 * <pre>{@code
 * try (CudaContext context = CudaDevice.get(0).primaryContext();
 *      CudaModule module = context.loadModule(ptx);
 *      DeviceBuffer buffer = context.allocate(bytes))
 * {
 *     buffer.copyFromHost(input);
 *     module.function("kernel").launch(blocks, threads, null, KernelArgs.of(buffer, n));
 *     buffer.copyToHost(output);          // waits for the kernel (same default stream)
 * }
 * }</pre>
 * Who owns which memory:
 * <table>
 *   <caption>Memory and its owner</caption>
 *   <tr><th>what</th><th>allocated by</th><th>freed by</th><th>threads</th></tr>
 *   <tr><td>{@link io.jprove.kernels.cuda.DeviceBuffer}</td><td>{@code cuMemAlloc_v2}</td>
 *       <td>its close, else its context's close</td><td>any</td></tr>
 *   <tr><td>{@link io.jprove.kernels.cuda.PinnedBuffer} segment</td><td>{@code cuMemHostAlloc} in a shared arena
 *       </td><td>its close (segment invalidated first), else its context's close</td><td>any</td></tr>
 *   <tr><td>host memory the caller owns, registered by {@link io.jprove.kernels.cuda.CudaContext#register}</td>
 *       <td>{@code cuMemHostRegister_v2} (the memory stays the caller's)</td><td>the returned handle's close, before
 *       the caller unmaps it</td><td>any</td></tr>
 *   <tr><td>{@link io.jprove.kernels.cuda.KernelArgs} arrays</td><td>automatic arenas</td>
 *       <td>the garbage collector</td><td>one at a time</td></tr>
 *   <tr><td>out-parameters of driver calls</td><td>a confined arena per call</td><td>the end of the call</td>
 *       <td>the caller</td></tr>
 * </table>
 * Unsafe spots, each because the driver hands back raw pointers: {@link io.jprove.kernels.cuda.PinnedBuffer}
 * reinterprets the pinned pointer to its allocated size; {@link io.jprove.kernels.cuda.CudaException} reads the
 * driver's static error strings up to their NUL.
 */
package io.jprove.kernels.cuda;
