package io.jprove.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The prover library's layers point one way: each package imports only packages below it. Read from the sources'
 * import lines (a fully qualified name in code would slip past, and the house style imports), so the rule needs no
 * tool: the prover's math ({@code groth16}) knows no backend and no runtime; the backend API ({@code backend}: device
 * choice, host buffer pools, the timeline listener) knows no backend implementation and no runtime; the backends
 * ({@code cpu}, {@code gpu}) know no runtime. The application's packages (the command line, the daemon) are another
 * module that depends on this one, so nothing here can import them: the build enforces that rule.
 */
class LayeringTest
{
    private static final Path SOURCES = Path.of("src/main/java/io/jprove/engine");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?io\\.jprove\\.engine\\.([a-z0-9]+)\\.",
        Pattern.MULTILINE);

    /** Which engine packages each package must not import. */
    private static final Map<String, List<String>> FORBIDDEN = Map.of(
        "groth16", List.of("backend", "cpu", "gpu", "pipeline"),
        "backend", List.of("cpu", "gpu", "pipeline"),
        "cpu", List.of("gpu", "pipeline"),
        "gpu", List.of("cpu", "pipeline"),
        "pipeline", List.of("cpu", "gpu"));

    @Test
    void shouldImportOnlyDownwardsWhenPackagesAreLayered() throws IOException
    {
        final List<String> violations = new ArrayList<>();
        int files = 0;
        for (final Map.Entry<String, List<String>> rule : FORBIDDEN.entrySet())
        {
            final Path dir = SOURCES.resolve(rule.getKey());
            assertTrue(Files.isDirectory(dir), "no package " + dir.toAbsolutePath());
            try (Stream<Path> sources = Files.list(dir))
            {
                for (final Path source : sources.filter(p -> p.toString().endsWith(".java")).toList())
                {
                    files++;
                    final Matcher m = IMPORT.matcher(Files.readString(source));
                    while (m.find())
                    {
                        if (rule.getValue().contains(m.group(1)))
                        {
                            violations.add(SOURCES.relativize(source) + " imports " + m.group(1));
                        }
                    }
                }
            }
        }
        assertTrue(files > 50, "read only " + files + " files from " + SOURCES.toAbsolutePath());
        assertEquals(List.of(), violations);
    }
}
