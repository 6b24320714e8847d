package org.gomoku.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.awt.GraphicsEnvironment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable jar ({@code target/gomoku-demo.jar}, built by {@code package})
 * copied alone into a folder with {@code libgomoku.so} beside it starts, plays
 * a move against the computer in a real window and exits: no library path,
 * no class path, nothing else.
 */
class DemoJarIT {
    @TempDir
    Path folder;

    /** Runs {@code java -jar gomoku-demo.jar --smoke} in {@link #folder}; returns its exit status and output. */
    private String[] runJar() throws Exception {
        Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(javaBin.toString(), "-Duser.home=" + folder, "-jar", "gomoku-demo.jar", "--smoke")
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .start();
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the demo did not exit");
        return new String[] {String.valueOf(p.exitValue()), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)};
    }

    @Test
    void theJarRunsFromAFolderWithTheLibraryBesideIt() throws Exception {
        assumeFalse(GraphicsEnvironment.isHeadless(), "needs a display (run under xvfb-run)");
        Files.copy(Path.of(System.getProperty("demo.jar")), folder.resolve("gomoku-demo.jar"));
        String library = System.mapLibraryName("gomoku");
        Files.copy(Path.of(System.getProperty("gomoku.library.path"), library), folder.resolve(library));
        String[] run = runJar();
        assertEquals("0", run[0], run[1]);
        assertTrue(run[1].contains("smoke test passed"), run[1]);
    }

    @Test
    void withoutTheLibraryTheJarSaysWhereItLooked() throws Exception {
        Files.copy(Path.of(System.getProperty("demo.jar")), folder.resolve("gomoku-demo.jar"));
        String[] run = runJar();
        assertNotEquals("0", run[0], run[1]);
        assertTrue(run[1].contains("libgomoku not found"), run[1]);
        assertTrue(run[1].contains("beside the jar=" + folder.toRealPath()) || run[1].contains("beside the jar=" + folder), run[1]);
    }
}
