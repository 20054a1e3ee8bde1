package io.jprove.kernels.ptx;

import io.jprove.kernels.ptx.KernelSignature.ParamKind;
import io.jprove.kernels.ptx.State.Frame;
import io.jprove.kernels.ptx.Val.Ref;
import io.jprove.kernels.ptx.Val.Reg;

import java.lang.classfile.Opcode;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.reflect.Method;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Compiles {@link io.jprove.kernels.Kernel} methods to PTX ({@code .version 8.0}, {@code .target sm_90}). See the
 * package documentation for the supported subset; everything else is refused with a {@link KernelCompileException}.
 */
public final class KernelCompiler
{
    /** Bumped whenever generated code may change, so cached PTX from older compilers is not reused. */
    public static final String VERSION = "jprove-ptx-2";

    /** BLS12-381 base field modulus p (381 bits), REFERENCE: p = (x−1)²·r/3 + x, x = −0xd201000000010000. */
    static final BigInteger FQ_MODULUS = new BigInteger("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b"
        + "0f6241eabfffeb153ffffb9feffffffffaaab", 16);

    /** BLS12-381 scalar field modulus r (255 bits), r = x⁴ − x² + 1. */
    static final BigInteger FR_MODULUS = new BigInteger(
        "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);

    private static final KernelCompiler STANDARD = new KernelCompiler(Map.of(
        "io/jprove/field/Fq", new MontgomeryChains("Fq", FQ_MODULUS, 12),
        "io/jprove/field/Fr", new MontgomeryChains("Fr", FR_MODULUS, 8)));

    /** Compilations of one kernel at most while its loops settle (each restart settles one loop). */
    private static final int MAX_RESTARTS = 2_000;

    private final Map<String, MontgomeryChains> fields;

    private KernelCompiler(final Map<String, MontgomeryChains> fields)
    {
        this.fields = Map.copyOf(fields);
    }

    /**
     * @return the compiler with the {@code io.jprove.field.Fq} and {@code io.jprove.field.Fr} intrinsics.
     */
    public static KernelCompiler standard()
    {
        return STANDARD;
    }

    MontgomeryChains field(final String owner)
    {
        return fields.get(owner);
    }

    /**
     * Compiles a kernel.
     *
     * @param kernel a {@link io.jprove.kernels.Kernel} method.
     * @return the PTX module and what launching needs.
     * @throws KernelCompileException naming the method, bytecode offset and line of an unsupported construct.
     */
    public PtxKernel compile(final Method kernel)
    {
        try
        {
            return compileSettlingLoops(kernel, false);
        }
        catch (final KernelCompileException ex)
        {
            if (!ex.indexNotConstant)
            {
                throw ex;
            }
            return compileSettlingLoops(kernel, true);
        }
    }

    /**
     * Compiles until every loop's form is settled: a loop found to need its general form (a run-time trip count, or
     * an unrolling too large) restarts the compilation with that loop general from its first iteration, and a large
     * loop whose counter indexes a local array restarts it with that loop unrolled after all.
     */
    private PtxKernel compileSettlingLoops(final Method kernel, final boolean unrollBoundedLoops)
    {
        final Set<String> general = new HashSet<>();
        final Set<String> large = new HashSet<>();
        final Set<String> unrolled = new HashSet<>();
        final Set<String> joins = new HashSet<>();
        for (int attempt = 0; ; attempt++)
        {
            try
            {
                return compile(kernel, unrollBoundedLoops, general, large, unrolled, joins);
            }
            catch (final Compilation.Restart restart)
            {
                if (attempt >= MAX_RESTARTS)
                {
                    throw new KernelCompileException("cannot compile kernel " + kernel.getDeclaringClass()
                        .getSimpleName() + "." + kernel.getName() + ": its loops did not settle after " + MAX_RESTARTS
                        + " compilations");
                }
            }
        }
    }

    private PtxKernel compile(final Method kernel, final boolean unrollBoundedLoops, final Set<String> general,
        final Set<String> large, final Set<String> unrolled, final Set<String> joins)
    {
        final KernelSignature signature = KernelSignature.of(kernel);
        final Class<?> owner = kernel.getDeclaringClass();
        final String name = owner.getSimpleName() + "." + kernel.getName();
        final MethodCode root = MethodCode.load(owner, owner.getName().replace('.', '/'), kernel.getName(),
            java.lang.invoke.MethodType.methodType(void.class, kernel.getParameterTypes()).toMethodDescriptorString());
        if (root == null)
        {
            throw new KernelCompileException("cannot compile kernel " + name + ": its bytecode was not found");
        }
        final String entry = entryName(kernel);
        final Compilation c = new Compilation(this, owner, name, root, unrollBoundedLoops, general, large, unrolled,
            joins);
        c.checkShape(root);
        final StringBuilder params = new StringBuilder();
        final Val[] locals = new Val[Math.max(root.maxLocals, 1)];
        java.util.Arrays.fill(locals, Val.DEAD);
        locals[0] = new Ref(Ref.Kind.CONTEXT, 0, false, 0);
        int slot = 1;
        for (int i = 0; i < signature.params().size(); i++)
        {
            slot = parameter(c, entry, signature.params().get(i), i, params, locals, slot);
        }
        special(c);
        final Frame frame = new Frame(root, -1, locals, new ArrayList<>(), new ArrayList<>());
        frame.fromPc = -1;
        final String body = c.run(new State(new ArrayList<>(java.util.List.of(frame)), new TreeMap<>()));
        final io.jprove.kernels.Kernel bounds = kernel.getAnnotation(io.jprove.kernels.Kernel.class);
        final KernelTraits traits = new KernelTraits(c.usesBarrier, c.usesWarp, c.usesDynamicShared,
            bounds.maxLocalSize(), bounds.minGroupsPerMultiprocessor());
        final StringBuilder ptx = new StringBuilder();
        ptx.append("// generated by jprove ").append(VERSION).append(" from ").append(name).append('\n');
        ptx.append(traits.headerLine()).append('\n');
        ptx.append(".version 8.0\n.target sm_90\n.address_size 64\n\n");
        if (c.usesDynamicShared)
        {
            ptx.append(".extern .shared .align 16 .b8 ").append(Builtins.DYNAMIC_SHARED).append("[];\n\n");
        }
        ptx.append(".visible .entry ").append(entry).append("(\n").append(params).append(")\n");
        if (traits.maxLocalSize() > 0)
        {
            ptx.append(".maxntid ").append(traits.maxLocalSize()).append(", 1, 1\n");
            if (traits.minGroups() > 0)
            {
                ptx.append(".minnctapersm ").append(traits.minGroups()).append('\n');
            }
        }
        ptx.append("{\n");
        ptx.append(c.declarations());
        for (final Map.Entry<Integer, Integer> shared : c.sharedBytes.entrySet())
        {
            ptx.append("\t.shared .align 16 .b8 sh").append(shared.getKey()).append('[').append(shared.getValue())
                .append("];\n");
        }
        ptx.append(body).append("}\n");
        return new PtxKernel(name, entry, ptx.toString(), signature, traits);
    }

    /**
     * @param kernel a kernel method.
     * @return the name of its PTX entry.
     */
    public static String entryName(final Method kernel)
    {
        return "jprove_" + (kernel.getDeclaringClass().getSimpleName() + "_" + kernel.getName())
            .replaceAll("[^A-Za-z0-9_]", "_");
    }

    private static int parameter(final Compilation c, final String entry, final ParamKind kind, final int index,
        final StringBuilder params, final Val[] locals, final int slot)
    {
        final String p = entry + "_p" + index;
        final String sep = params.isEmpty() ? "\t" : ",\n\t";
        switch (kind)
        {
            case INT_ARRAY, LONG_ARRAY ->
            {
                params.append(sep).append(".param .u64 ").append(p).append("_ptr,\n\t.param .u64 ").append(p)
                    .append("_len");
                final Reg raw = c.fresh(true);
                final Reg pointer = c.fresh(true);
                final Reg length = c.fresh(true);
                c.prologue.add("ld.param.u64 " + raw + ", [" + p + "_ptr];");
                c.prologue.add("cvta.to.global.u64 " + pointer + ", " + raw + ";");
                c.prologue.add("ld.param.u64 " + length + ", [" + p + "_len];");
                c.globals.put(index, new Val[] {pointer, length});
                locals[slot] = new Ref(Ref.Kind.GLOBAL, index, kind == ParamKind.LONG_ARRAY, 0);
                return slot + 1;
            }
            case INT ->
            {
                params.append(sep).append(".param .b32 ").append(p);
                final Reg r = c.fresh(false);
                c.prologue.add("ld.param.b32 " + r + ", [" + p + "];");
                locals[slot] = r;
                return slot + 1;
            }
            default ->
            {
                params.append(sep).append(".param .b64 ").append(p);
                final Reg r = c.fresh(true);
                c.prologue.add("ld.param.b64 " + r + ", [" + p + "];");
                locals[slot] = r;
                return slot + 2;
            }
        }
    }

    private static void special(final Compilation c)
    {
        final Reg tid = c.fresh(false);
        final Reg ctaid = c.fresh(false);
        final Reg ntid = c.fresh(false);
        final Reg nctaid = c.fresh(false);
        final Reg globalId = c.fresh(false);
        final Reg globalSize = c.fresh(false);
        final Reg ctaidY = c.fresh(false);
        final Reg nctaidY = c.fresh(false);
        final Reg lane = c.fresh(false);
        c.prologue.add("mov.u32 " + tid + ", %tid.x;");
        c.prologue.add("mov.u32 " + ctaid + ", %ctaid.x;");
        c.prologue.add("mov.u32 " + ntid + ", %ntid.x;");
        c.prologue.add("mov.u32 " + nctaid + ", %nctaid.x;");
        c.prologue.add("mad.lo.s32 " + globalId + ", " + ctaid + ", " + ntid + ", " + tid + ";");
        c.prologue.add("mul.lo.s32 " + globalSize + ", " + nctaid + ", " + ntid + ";");
        c.prologue.add("mov.u32 " + ctaidY + ", %ctaid.y;");
        c.prologue.add("mov.u32 " + nctaidY + ", %nctaid.y;");
        c.prologue.add("mov.u32 " + lane + ", %laneid;");
        c.special.put("localIdX", tid);
        c.special.put("groupIdX", ctaid);
        c.special.put("localSizeX", ntid);
        c.special.put("groupCountX", nctaid);
        c.special.put("globalIdX", globalId);
        c.special.put("globalSizeX", globalSize);
        c.special.put("groupIdY", ctaidY);
        c.special.put("groupCountY", nctaidY);
        c.special.put("laneId", lane);
    }

    /**
     * A key for cached PTX: a digest of the compiler version, the intrinsic table and the bytecode of the kernel and
     * of every method it calls.
     *
     * @param kernel a {@link io.jprove.kernels.Kernel} method.
     * @return 64 hex digits.
     */
    public String cacheKey(final Method kernel)
    {
        final MessageDigest digest = MethodCode.sha256();
        digest.update(VERSION.getBytes(StandardCharsets.UTF_8));
        digest.update((FieldIntrinsic.EVEN_ODD_MUL ? "mul=even-odd" : "mul=rows").getBytes(StandardCharsets.UTF_8));
        for (final Map.Entry<String, MontgomeryChains> e : new TreeMap<>(fields).entrySet())
        {
            digest.update((e.getKey() + "=" + e.getValue().modulus).getBytes(StandardCharsets.UTF_8));
        }
        final io.jprove.kernels.Kernel bounds = kernel.getAnnotation(io.jprove.kernels.Kernel.class);
        if (bounds != null)
        {
            digest.update(("bounds=" + bounds.maxLocalSize() + "/" + bounds.minGroupsPerMultiprocessor())
                .getBytes(StandardCharsets.UTF_8));
        }
        final Class<?> owner = kernel.getDeclaringClass();
        final ArrayDeque<String[]> work = new ArrayDeque<>();
        final Set<String> seen = new HashSet<>();
        work.add(new String[] {owner.getName().replace('.', '/'), kernel.getName(),
            java.lang.invoke.MethodType.methodType(void.class, kernel.getParameterTypes()).toMethodDescriptorString()});
        while (!work.isEmpty())
        {
            final String[] m = work.poll();
            if (!seen.add(m[0] + "." + m[1] + m[2]) || fields.containsKey(m[0]) || m[0].startsWith("java/"))
            {
                continue;
            }
            final MethodCode code = MethodCode.load(owner, m[0], m[1], m[2]);
            if (code == null)
            {
                continue;
            }
            code.digest(digest);
            for (final var insn : code.insns)
            {
                if (insn instanceof InvokeInstruction inv && inv.opcode() == Opcode.INVOKESTATIC)
                {
                    work.add(new String[] {inv.owner().asInternalName(), inv.name().stringValue(),
                        inv.type().stringValue()});
                }
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
