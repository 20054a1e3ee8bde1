package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A module loaded by the driver ({@code cuModuleLoadDataEx}): JIT-compiled from PTX text, or from a cubin that
 * {@code ptxas} made for this device's architecture ahead of time (no JIT then), with the driver's logs captured
 * through {@code CU_JIT_INFO_LOG_BUFFER} and {@code CU_JIT_ERROR_LOG_BUFFER}. {@link #close()} unloads it; its
 * functions cannot be launched after that.
 */
public final class CudaModule implements AutoCloseable
{
    /** Room for each JIT log; longer logs are cut, which the driver reports by filling the buffer. */
    static final int LOG_BUFFER_BYTES = 64 * 1024;

    private static final int CU_JIT_INFO_LOG_BUFFER = 3;
    private static final int CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
    private static final int CU_JIT_ERROR_LOG_BUFFER = 5;
    private static final int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
    private static final int CU_JIT_LOG_VERBOSE = 12;
    private static final int OPTION_COUNT = 5;

    private final CudaContext context;
    private final MemorySegment handle;
    private final String infoLog;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Map<String, CudaFunction> functions = new ConcurrentHashMap<>();

    private CudaModule(final CudaContext context, final MemorySegment handle, final String infoLog)
    {
        this.context = context;
        this.handle = handle;
        this.infoLog = infoLog;
    }

    /** Compiles and loads {@code ptx}; the context is current. */
    static CudaModule load(final CudaContext context, final String ptx)
    {
        try (Arena arena = Arena.ofConfined())
        {
            return load(context, arena.allocateFrom(ptx), ptx.length() + " characters of PTX" + entryHint(ptx));
        }
    }

    /** Loads a cubin (an ELF image for this device's architecture); the context is current. */
    static CudaModule loadImage(final CudaContext context, final byte[] cubin, final String name)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment image = arena.allocate(cubin.length);
            MemorySegment.copy(cubin, 0, image, JAVA_BYTE, 0, cubin.length);
            return load(context, image, "a " + cubin.length + "-byte cubin of " + name);
        }
    }

    private static CudaModule load(final CudaContext context, final MemorySegment image, final String what)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment infoLog = arena.allocate(LOG_BUFFER_BYTES);
            final MemorySegment errorLog = arena.allocate(LOG_BUFFER_BYTES);
            final MemorySegment options = arena.allocate(JAVA_INT, OPTION_COUNT);
            final MemorySegment optionValues = arena.allocate(ADDRESS, OPTION_COUNT);
            // Each option value is a void*-sized slot: buffers are pointers, sizes and flags are integers stored in
            // the slot itself (the driver writes the logged size back there; the logs are read up to their NUL).
            setOption(options, optionValues, 0, CU_JIT_INFO_LOG_BUFFER, infoLog.address());
            setOption(options, optionValues, 1, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, LOG_BUFFER_BYTES);
            setOption(options, optionValues, 2, CU_JIT_ERROR_LOG_BUFFER, errorLog.address());
            setOption(options, optionValues, 3, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, LOG_BUFFER_BYTES);
            setOption(options, optionValues, 4, CU_JIT_LOG_VERBOSE, 1);
            final MemorySegment module = arena.allocate(ADDRESS);
            final int result = CudaDriver.API.cuModuleLoadDataEx(module, image, OPTION_COUNT, options, optionValues);
            final String info = log(infoLog);
            if (result != CudaDriver.CUDA_SUCCESS)
            {
                final String error = log(errorLog);
                throw new CudaException(result, "cuModuleLoadDataEx(" + what + ", " + context + ")",
                    "JIT error log:\n" + (error.isEmpty() ? "(empty)" : error)
                        + (info.isEmpty() ? "" : "\nJIT info log:\n" + info));
            }
            return new CudaModule(context, module.get(ADDRESS, 0), info);
        }
    }

    /**
     * A kernel of this module by its PTX {@code .entry} name; looked up once, then cached.
     *
     * @param name the entry name.
     * @return the function.
     * @throws CudaException {@code CUDA_ERROR_NOT_FOUND} when the module has no such entry.
     */
    public CudaFunction function(final String name)
    {
        checkOpen();
        return functions.computeIfAbsent(name, this::lookUp);
    }

    /**
     * What the JIT said while compiling (with verbose logging: registers, spills, shared memory per kernel).
     *
     * @return the info log, possibly empty.
     */
    public String infoLog()
    {
        return infoLog;
    }

    /**
     * The context the module lives in.
     *
     * @return the context.
     */
    public CudaContext context()
    {
        return context;
    }

    /**
     * Unloads the module ({@code cuModuleUnload}). A second close does nothing.
     */
    @Override
    public void close()
    {
        if (!closed.compareAndSet(false, true))
        {
            return;
        }
        context.forget(this);
        context.ensureCurrentForRelease();
        CudaDriver.API.cuModuleUnload(handle);
    }

    /**
     * Whether {@link #close()} has been called.
     *
     * @return true once unloaded.
     */
    public boolean isClosed()
    {
        return closed.get();
    }

    @Override
    public String toString()
    {
        return "module 0x" + Long.toHexString(handle.address()) + " in " + context;
    }

    void checkOpen()
    {
        if (closed.get())
        {
            throw new IllegalStateException(this + " is unloaded");
        }
    }

    private CudaFunction lookUp(final String name)
    {
        context.ensureCurrent();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment function = arena.allocate(ADDRESS);
            try
            {
                CudaDriver.API.cuModuleGetFunction(function, handle, arena.allocateFrom(name));
            }
            catch (final CudaException ex)
            {
                // the checked path knows the call site, not which entry was asked for: a reader needs both
                throw new CudaException(ex.result(), ex.call() + " for entry '" + name + "'", ex.detail());
            }
            return new CudaFunction(this, name, function.get(ADDRESS, 0));
        }
    }

    private static void setOption(
        final MemorySegment options, final MemorySegment values, final int index, final int option, final long value)
    {
        options.setAtIndex(JAVA_INT, index, option);
        values.setAtIndex(JAVA_LONG, index, value);
    }

    /**
     * The log text up to its NUL. The buffer starts zeroed and its last byte is forced to NUL, so this holds even if
     * the driver fills the buffer or does not write the size back.
     */
    private static String log(final MemorySegment buffer)
    {
        buffer.set(JAVA_BYTE, buffer.byteSize() - 1, (byte)0);
        return buffer.getString(0).strip();
    }

    /** The first {@code .entry} name, so an error says which kernel's PTX failed. */
    private static String entryHint(final String ptx)
    {
        final int entry = ptx.indexOf(".entry");
        if (entry < 0)
        {
            return "";
        }
        int start = entry + ".entry".length();
        while (start < ptx.length() && Character.isWhitespace(ptx.charAt(start)))
        {
            start++;
        }
        int end = start;
        while (end < ptx.length() && (Character.isJavaIdentifierPart(ptx.charAt(end)) || ptx.charAt(end) == '$'))
        {
            end++;
        }
        return end > start ? ", first entry " + ptx.substring(start, end) : "";
    }
}
