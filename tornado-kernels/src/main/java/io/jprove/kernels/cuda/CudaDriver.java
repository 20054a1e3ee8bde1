package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.util.List;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * The CUDA driver API ({@code libcuda.so.1}) over FFM: nothing else is loaded — no runtime library, no NVRTC, no JNI.
 * <p>
 * {@link #API} holds every function jprove calls, declared once in {@link CudaApi} and bound by {@link CudaBinding}.
 * Every call goes through one checked path, {@link #check(int, int)}: a failure throws a {@link CudaException} whose
 * message names the driver function, the {@code CUresult} (its name, code and the driver's description) and the
 * Java call site, as sppark's {@code CUDA_OK} does with the expression, file and line.
 * <p>
 * When {@code libcuda.so.1} cannot be loaded the class still initializes: {@link #isAvailable()} says false and any
 * call throws {@link IllegalStateException} naming why.
 */
public final class CudaDriver
{
    /** The only library jprove loads for the GPU. */
    public static final String LIBRARY_NAME = "libcuda.so.1";

    static final int CUDA_SUCCESS = 0;
    static final int CUDA_ERROR_NOT_READY = 600;

    private static final String LOAD_FAILURE;
    private static final SymbolLookup LIBRARY;

    static
    {
        SymbolLookup library = null;
        String failure = null;
        try
        {
            library = loadLibrary();
        }
        catch (final IllegalArgumentException | IllegalCallerException ex)
        {
            failure = ex.getMessage();
        }
        LIBRARY = library;
        LOAD_FAILURE = failure;
    }

    private static final CudaBinding.Bound BOUND = CudaBinding.bind(LIBRARY, Linker.nativeLinker());

    /** The driver functions; each {@code void} one throws on failure (see the class comment). */
    static final CudaApi API = BOUND.api();

    /** The symbol each function bound to, by {@link CudaBinding#methods()} index, for messages. */
    private static final List<String> SYMBOLS = BOUND.symbols();

    private static final StackWalker WALKER = StackWalker.getInstance();

    private CudaDriver()
    {
    }

    /**
     * Whether the CUDA driver can be used here: {@code libcuda.so.1} loads and {@code cuInit(0)} succeeds (it fails
     * with {@code CUDA_ERROR_NO_DEVICE} on a machine with the driver but no GPU). Never throws.
     *
     * @return true when CUDA calls can be made.
     */
    public static boolean isAvailable()
    {
        return LIBRARY != null && Init.RESULT == CUDA_SUCCESS;
    }

    /**
     * Why {@link #isAvailable()} is false, in words; empty when it is true.
     *
     * @return the reason the driver cannot be used, or an empty string.
     */
    public static String unavailableReason()
    {
        if (LIBRARY == null)
        {
            return LIBRARY_NAME + " could not be loaded: " + LOAD_FAILURE;
        }
        if (Init.RESULT != CUDA_SUCCESS)
        {
            return "cuInit(0) returned " + CudaResult.describe(Init.RESULT);
        }
        return "";
    }

    /**
     * The driver's CUDA version, e.g. 13000 for 13.0.
     *
     * @return the version as {@code 1000 * major + 10 * minor}.
     */
    public static int driverVersion()
    {
        requireAvailable();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment version = arena.allocate(JAVA_INT);
            API.cuDriverGetVersion(version);
            return version.get(JAVA_INT, 0);
        }
    }

    /**
     * Throws a {@link CudaException} when {@code result} is not {@code CUDA_SUCCESS}.
     *
     * @param result the {@code CUresult} a driver call returned.
     * @param call   the driver function and what it was called on, for the message.
     * @throws CudaException naming the call, the result's name and its code.
     */
    public static void check(final int result, final String call)
    {
        if (result != CUDA_SUCCESS)
        {
            throw new CudaException(result, call);
        }
    }

    /**
     * The checked path of every {@code void} {@link CudaApi} function (called by the generated implementation).
     *
     * @param result   what the function returned.
     * @param function its index in {@link CudaBinding#methods()}.
     * @throws CudaException naming the function's symbol, the result and the first caller outside the binding.
     */
    static void check(final int result, final int function)
    {
        if (result != CUDA_SUCCESS)
        {
            throw new CudaException(result, SYMBOLS.get(function) + " at " + callSite());
        }
    }

    /** The first frame outside this class and the generated binding: the line that called the driver. */
    private static String callSite()
    {
        return WALKER.walk(frames -> frames
            .filter(f -> !f.getClassName().equals(CudaDriver.class.getName())
                && !f.getClassName().contains("CudaApiImpl"))
            .findFirst()
            .map(f -> f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber()
                + ")")
            .orElse("an unknown caller"));
    }

    /**
     * Loads the library and initializes the driver once, or throws saying why it cannot be used.
     *
     * @throws IllegalStateException when {@code libcuda.so.1} cannot be loaded.
     * @throws CudaException         when {@code cuInit} failed.
     */
    static void requireAvailable()
    {
        if (LIBRARY == null)
        {
            throw new IllegalStateException("CUDA driver unavailable: " + unavailableReason());
        }
        check(Init.RESULT, "cuInit(0)");
    }

    /** Whether the library loaded (error names can then come from the driver itself). */
    static boolean isLoaded()
    {
        return LIBRARY != null;
    }

    /** {@code cuInit(0)} once, on first use, through the binding's raw path. */
    private static final class Init
    {
        static final int RESULT = LIBRARY == null ? -1 : API.cuInit(0);
    }

    /**
     * {@code cuInit(0)}, raw.
     *
     * @param flags must be 0.
     * @return the {@code CUresult}.
     * @throws IllegalStateException when the library is not loaded.
     */
    static int cuInit(final int flags)
    {
        return API.cuInit(flags);
    }

    @SuppressWarnings("restricted") // loading native code is the point of this class
    private static SymbolLookup loadLibrary()
    {
        return SymbolLookup.libraryLookup(LIBRARY_NAME, Arena.global());
    }
}
