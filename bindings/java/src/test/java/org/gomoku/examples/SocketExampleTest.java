package org.gomoku.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.gomoku.testing.GomokuServe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plain-socket example {@code examples/socket/SocketClient.java} against
 * the real {@code gomoku serve --tcp}: it compiles as a student would build it
 * (plain javac, -Xlint:all -Werror, no library), stays under a hundred lines,
 * and plays whole games in processes of its own — two of them to five in a
 * row, and one, started as a single source file, against the server's
 * computer with moves typed on its standard input.
 */
class SocketExampleTest {
    static final Path EXAMPLE = Path.of("examples", "socket", "SocketClient.java");
    static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path temp;

    /** A running client: its process and the lines it prints, read as they come. */
    private static final class Client {
        final Process process;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        final List<String> seen = new ArrayList<>();

        Client(List<String> command) throws IOException {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
            Thread reader = new Thread(() -> {
                try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    lines.add("(output unreadable: " + e + ")");
                }
            });
            reader.setDaemon(true);
            reader.start();
        }

        /** The first printed line matching {@code pattern}, waiting up to 30 s. */
        Matcher await(String pattern) throws InterruptedException {
            Pattern p = Pattern.compile(pattern);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            for (String line : seen) {
                Matcher m = p.matcher(line);
                if (m.find()) {
                    return m;
                }
            }
            while (System.nanoTime() < deadline) {
                String line = lines.poll(100, TimeUnit.MILLISECONDS);
                if (line != null) {
                    seen.add(line);
                    Matcher m = p.matcher(line);
                    if (m.find()) {
                        return m;
                    }
                }
            }
            throw new AssertionError("no line matching " + pattern + " in " + seen);
        }

        /** Waits for the process to end and returns its exit code. */
        int exit() throws InterruptedException {
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the client did not finish: " + seen);
            return process.exitValue();
        }
    }

    private Path compile() throws IOException {
        Path out = temp.resolve("classes");
        Files.createDirectories(out);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = javac.run(null, errors, errors, "-Xlint:all", "-Werror", "--release", "17", "-encoding", "UTF-8",
                "-d", out.toString(), EXAMPLE.toString());
        assertEquals(0, status, "SocketClient.java does not compile:\n" + errors.toString(StandardCharsets.UTF_8));
        return out;
    }

    @Test
    void staysShortEnoughToRead() throws IOException {
        long lines = Files.readAllLines(EXAMPLE).size();
        assertTrue(lines < 100, "SocketClient.java has " + lines + " lines");
    }

    @Test
    void twoClientsPlayAGameToFive() throws Exception {
        Path classes = compile();
        try (GomokuServe server = GomokuServe.start(temp.resolve("games.sqlite"), true)) {
            List<String> run = List.of(JAVA, "-cp", classes.toString(), "SocketClient", server.tcp());
            List<String> create = new ArrayList<>(run);
            // Black's fifth move is refused (white took h12): it plays the next one given.
            create.addAll(List.of("create", "h8", "h9", "h10", "h11", "h12", "h7"));
            Client black = new Client(create);
            black.process.getOutputStream().close();
            String room = black.await("^room ([A-Z0-9]+): you play black$").group(1);
            black.await("^refused: .*empty");
            List<String> join = new ArrayList<>(run);
            join.addAll(List.of("join", room, "a1", "h12", "a3", "a5", "a7"));
            Client white = new Client(join);
            white.process.getOutputStream().close();
            white.await("^room " + room + ": you play white$");
            black.await("^refused: point h12 is occupied$");
            assertEquals("result: black (five)", black.await("^result: .*").group());
            assertEquals("result: black (five)", white.await("^result: .*").group());
            white.await("^moves \\[h8,a1,h9,h12,h10,a3,h11,a5,h7\\], ");
            assertEquals(0, black.exit());
            assertEquals(0, white.exit());
        }
    }

    @Test
    void oneClientStartedFromItsSourcePlaysTheComputerWithTypedMoves() throws Exception {
        try (GomokuServe server = GomokuServe.start(temp.resolve("games.sqlite"), true)) {
            Client alone = new Client(List.of(JAVA, EXAMPLE.toString(), server.tcp(), "computer", "1"));
            try (Writer keyboard = new java.io.OutputStreamWriter(alone.process.getOutputStream(), StandardCharsets.UTF_8)) {
                alone.await("^your move\\?$");
                keyboard.write("h8\n");
                keyboard.flush();
                alone.await("^moves \\[h8,[a-o]\\d+\\], black to move$");
                keyboard.write("resign\n");
            }
            assertEquals("result: white (resign)", alone.await("^result: .*").group());
            assertEquals(0, alone.exit());
        }
    }
}
