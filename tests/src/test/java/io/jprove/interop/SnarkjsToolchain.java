package io.jprove.interop;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The pinned node toolchain of {@code tests/js} (snarkjs, circom2, circomlib, ffjavascript), run as child processes.
 * Tests that need it skip (JUnit assumptions) when node or the installed packages are absent on a developer's machine
 * (run {@code .ci/install-test-deps}); in CI ({@code CI=true}) an absent oracle fails them instead, so that a run
 * without the oracles cannot pass as a run with them.
 */
final class SnarkjsToolchain
{
    private final Path root;
    private final Path js;

    private SnarkjsToolchain(final Path root)
    {
        this.root = root;
        this.js = root.resolve("tests/js/node_modules");
    }

    /** @return the toolchain, or skips the calling test when it is not installed. */
    static SnarkjsToolchain require()
    {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("tests/js/package.json")))
        {
            dir = dir.getParent();
        }
        require(dir != null, "not inside the jprove tree: no tests/js/package.json above the working directory");
        final SnarkjsToolchain t = new SnarkjsToolchain(dir);
        require(Files.exists(t.js.resolve("snarkjs/build/cli.cjs")) && Files.exists(t.js.resolve("circom2/cli.js"))
            && Files.isDirectory(t.js.resolve("circomlib/circuits"))
            && Files.isDirectory(t.js.resolve("ffjavascript")), "snarkjs/circom2/circomlib/ffjavascript not installed"
            + " in tests/js/node_modules: run .ci/install-test-deps");
        require(onPath("node"), "node is not on the PATH");
        return t;
    }

    /** Skips the calling test unless {@code present}; in CI fails it. */
    private static void require(final boolean present, final String missing)
    {
        if (!present && "true".equals(System.getenv("CI")))
        {
            throw new AssertionError("CI=true and an oracle is missing: " + missing);
        }
        assumeTrue(present, missing);
    }

    private static boolean onPath(final String program)
    {
        final String path = System.getenv("PATH");
        return path != null && Stream.of(path.split(java.io.File.pathSeparator))
            .anyMatch(d -> Files.isExecutable(Path.of(d, program)));
    }

    /** @return the installed {@code tests/js/node_modules}. */
    Path js()
    {
        return js;
    }

    /** @return the prepared phase-2 ptau of the shared folder beside the project, if there is one. */
    Path sharedPtau(final int power)
    {
        return root.resolve("../shared/snarkjs/pot" + power + "_final.ptau").normalize();
    }

    /** Copies circomlib's circuits under {@code dir} (circom2 runs in a WASI sandbox that sees only its folder). */
    void copyCircomlib(final Path dir) throws IOException
    {
        final Path from = js.resolve("circomlib/circuits");
        try (Stream<Path> files = Files.walk(from))
        {
            for (final Path f : (Iterable<Path>)files::iterator)
            {
                final Path to = dir.resolve("circomlib/circuits").resolve(from.relativize(f).toString());
                if (Files.isDirectory(f))
                {
                    Files.createDirectories(to);
                }
                else
                {
                    Files.copy(f, to);
                }
            }
        }
    }

    /** Runs circom2 in {@code dir}. */
    String circom(final Path dir, final String... args)
    {
        return node(dir, js.resolve("circom2/cli.js").toString(), args);
    }

    /** Runs the snarkjs command line in {@code dir}. */
    String snarkjs(final Path dir, final String... args)
    {
        return node(dir, js.resolve("snarkjs/build/cli.cjs").toString(), args);
    }

    /** @return the exit status of a snarkjs command (its output is dropped). */
    int snarkjsStatus(final Path dir, final String... args)
    {
        return run(dir, js.resolve("snarkjs/build/cli.cjs").toString(), args).status;
    }

    private String node(final Path dir, final String script, final String... args)
    {
        final Result r = run(dir, script, args);
        if (r.status != 0)
        {
            throw new IllegalStateException("node " + script + " " + String.join(" ", args) + " exited " + r.status
                + ":\n" + r.output);
        }
        return r.output;
    }

    private record Result(int status, String output)
    {
    }

    private static Result run(final Path dir, final String script, final String... args)
    {
        final List<String> command = new ArrayList<>(List.of("node", script));
        command.addAll(List.of(args));
        try
        {
            final Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            final byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(5, TimeUnit.MINUTES))
            {
                p.destroyForcibly();
                throw new IllegalStateException("timed out: " + command);
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
