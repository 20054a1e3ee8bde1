package io.jprove.kernels.cuda;

import java.lang.classfile.ClassFile;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.TypeKind;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DynamicConstantDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.AccessFlag;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Implements {@link CudaApi} over FFM: one downcall handle per method, built from the method's Java signature and
 * {@link CudaSymbol}, held in a {@code static final} field of a hidden class generated here (so the JIT treats each
 * handle as a constant, as hand-written wrappers would), whose methods call it and, for {@code void} methods, pass the
 * result to {@link CudaDriver#check(int, int)}. A symbol the driver lacks binds to a handle that throws naming it.
 * Nothing per function is written by hand beyond its prototype.
 */
final class CudaBinding
{
    private static final ClassDesc MH = ConstantDescs.CD_MethodHandle;

    private CudaBinding()
    {
    }

    /** The bound functions: the implementation and each method's symbol, in the order of {@link #methods()}. */
    record Bound(CudaApi api, List<String> symbols)
    {
    }

    /** @return {@link CudaApi}'s methods in a fixed order (by name). */
    static List<Method> methods()
    {
        final List<Method> methods = new ArrayList<>(Arrays.asList(CudaApi.class.getDeclaredMethods()));
        methods.sort(Comparator.comparing(Method::getName));
        return methods;
    }

    @SuppressWarnings("restricted") // binding native functions is the point of this class
    static Bound bind(final SymbolLookup library, final Linker linker)
    {
        final List<Method> methods = methods();
        final List<MethodHandle> handles = new ArrayList<>(methods.size());
        final List<String> symbols = new ArrayList<>(methods.size());
        for (final Method m : methods)
        {
            final CudaSymbol named = m.getAnnotation(CudaSymbol.class);
            final String[] candidates = named == null ? new String[] {m.getName()} : named.value();
            final FunctionDescriptor descriptor = FunctionDescriptor.of(JAVA_INT, layouts(m));
            MemorySegment symbol = null;
            String found = candidates[0];
            for (final String candidate : candidates)
            {
                if (library != null && symbol == null)
                {
                    symbol = library.find(candidate).orElse(null);
                    found = candidate;
                }
            }
            symbols.add(symbol == null ? candidates[0] : found);
            handles.add(symbol != null ? linker.downcallHandle(symbol, descriptor)
                : missing(candidates[0], descriptor.toMethodType()));
        }
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClassWithClassData(
                generate(methods), List.copyOf(handles), true);
            final CudaApi api = (CudaApi)lookup.findConstructor(lookup.lookupClass(),
                MethodType.methodType(void.class)).invoke();
            return new Bound(api, List.copyOf(symbols));
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException("cannot bind the CUDA driver functions", t);
        }
    }

    private static MemoryLayout[] layouts(final Method m)
    {
        final Class<?>[] types = m.getParameterTypes();
        final MemoryLayout[] layouts = new MemoryLayout[types.length];
        for (int i = 0; i < types.length; i++)
        {
            layouts[i] = types[i] == int.class ? JAVA_INT : types[i] == long.class ? JAVA_LONG
                : types[i] == byte.class ? JAVA_BYTE : ADDRESS;
        }
        return layouts;
    }

    /** The class: a field per handle, filled from the class data; each method invokes its handle exactly. */
    private static byte[] generate(final List<Method> methods)
    {
        final ClassDesc self = ClassDesc.of(CudaBinding.class.getPackageName(), "CudaApiImpl");
        final ClassDesc driver = ClassDesc.of(CudaDriver.class.getName());
        return ClassFile.of().build(self, cb ->
        {
            cb.withFlags(AccessFlag.FINAL, AccessFlag.SYNTHETIC);
            cb.withInterfaceSymbols(ClassDesc.of(CudaApi.class.getName()));
            for (int i = 0; i < methods.size(); i++)
            {
                cb.withField("h" + i, MH, ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC | ClassFile.ACC_FINAL);
            }
            cb.withMethodBody(ConstantDescs.CLASS_INIT_NAME, ConstantDescs.MTD_void, ClassFile.ACC_STATIC, code ->
            {
                for (int i = 0; i < methods.size(); i++)
                {
                    code.ldc(DynamicConstantDesc.ofNamed(ConstantDescs.BSM_CLASS_DATA_AT,
                        ConstantDescs.DEFAULT_NAME, MH, i));
                    code.putstatic(self, "h" + i, MH);
                }
                code.return_();
            });
            cb.withMethodBody(ConstantDescs.INIT_NAME, ConstantDescs.MTD_void, ClassFile.ACC_PUBLIC, code ->
            {
                code.aload(0);
                code.invokespecial(ConstantDescs.CD_Object, ConstantDescs.INIT_NAME, ConstantDescs.MTD_void);
                code.return_();
            });
            for (int i = 0; i < methods.size(); i++)
            {
                final Method m = methods.get(i);
                final int index = i;
                final MethodTypeDesc declared = MethodType.methodType(m.getReturnType(), m.getParameterTypes())
                    .describeConstable().orElseThrow();
                final MethodTypeDesc native_ = MethodType.methodType(int.class, m.getParameterTypes())
                    .describeConstable().orElseThrow();
                cb.withMethodBody(m.getName(), declared, ClassFile.ACC_PUBLIC | ClassFile.ACC_FINAL, code ->
                    body(code, self, driver, index, m, native_));
            }
        });
    }

    private static void body(final CodeBuilder code, final ClassDesc self, final ClassDesc driver, final int index,
        final Method m, final MethodTypeDesc nativeType)
    {
        code.getstatic(self, "h" + index, MH);
        int slot = 1;
        for (final Class<?> type : m.getParameterTypes())
        {
            final TypeKind kind = TypeKind.from(type);
            code.loadLocal(kind, slot);
            slot += kind.slotSize();
        }
        code.invokevirtual(MH, "invokeExact", nativeType);
        if (m.getReturnType() == void.class)
        {
            code.loadConstant(index);
            code.invokestatic(driver, "check", MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_int,
                ConstantDescs.CD_int));
            code.return_();
        }
        else
        {
            code.ireturn();
        }
    }

    @SuppressWarnings("unused") // reached through the handles made for symbols the driver lacks
    private static int missingSymbol(final String name)
    {
        if (!CudaDriver.isLoaded())
        {
            throw new IllegalStateException("CUDA driver unavailable (" + name + "): "
                + CudaDriver.unavailableReason());
        }
        throw new IllegalStateException(CudaDriver.LIBRARY_NAME + " has no symbol " + name + "; the driver is too old");
    }

    private static MethodHandle missing(final String name, final MethodType type)
    {
        try
        {
            final MethodHandle thrower = MethodHandles.lookup().findStatic(CudaBinding.class, "missingSymbol",
                MethodType.methodType(int.class, String.class));
            return MethodHandles.dropArguments(MethodHandles.insertArguments(thrower, 0, name), 0,
                type.parameterList());
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
