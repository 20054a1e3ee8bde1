/**
 * Choosing the device a proof runs on: {@link io.jprove.engine.backend.BackendFactory} (one per kind of device, found
 * with {@link java.util.ServiceLoader}), {@link io.jprove.engine.backend.CpuBackendFactory} (always present) and
 * {@link io.jprove.engine.backend.DeviceSelection} ({@code --device cpu|cuda|cuda:N}). A CUDA backend joins a build
 * by registering its factory; until then asking for {@code cuda} is refused with a one-line reason.
 */
package io.jprove.engine.backend;
