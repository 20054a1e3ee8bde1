package io.jprove.kernels.cuda;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The hand-written PTX the driver tests load: {@code test-kernels.ptx} beside this class, and a copy of one of its
 * kernels with a deliberate error.
 */
final class TestKernels
{
    /** The resource holding the good kernels: empty, count, add_u32, add_u64, fill_u64, reverse_block. */
    static final String RESOURCE = "test-kernels.ptx";

    /** A kernel whose {@code add.u33} is no PTX type: the JIT must refuse it and say where. */
    static final String BROKEN_PTX = """
        .version 8.0
        .target sm_90
        .address_size 64

        .visible .entry broken(
            .param .u64 broken_out
        )
        {
            .reg .b32 %r<3>;
            .reg .b64 %rd<3>;

            ld.param.u64 %rd1, [broken_out];
            cvta.to.global.u64 %rd2, %rd1;
            mov.u32 %r1, %tid.x;
            add.u33 %r2, %r1, 1;
            st.global.u32 [%rd2], %r2;
            ret;
        }
        """;

    private TestKernels()
    {
    }

    static String ptx()
    {
        try (InputStream in = TestKernels.class.getResourceAsStream(RESOURCE))
        {
            if (in == null)
            {
                throw new IllegalStateException(RESOURCE + " is missing from the test class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
