package org.gomoku;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** When libgomoku cannot be found, the error says where it looked. */
class MissingLibraryTest {
    /** Run in a fresh JVM whose library paths lead nowhere. */
    public static void main(String[] args) {
        System.out.println(Gomoku.version());
    }

    @Test
    void theErrorNamesEveryPlaceItLooked() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        "-Dgomoku.library.path=/nonexistent/gomoku",
                        "-Djna.library.path=/nonexistent/jna",
                        "-Djava.library.path=/nonexistent/java",
                        MissingLibraryTest.class.getName())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertNotEquals(0, p.waitFor());
        assertTrue(out.contains("libgomoku not found"), out);
        assertTrue(out.contains("gomoku.library.path=/nonexistent/gomoku (not a directory)"), out);
        assertTrue(out.contains("jna.library.path=/nonexistent/jna"), out);
        assertTrue(out.contains("cargo build --release"), out);
    }
}
