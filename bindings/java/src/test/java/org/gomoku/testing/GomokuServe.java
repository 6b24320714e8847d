package org.gomoku.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The real network-play server, {@code gomoku serve}, started for a test on
 * loopback ports the system picks and a database file of the test's own, as
 * {@code cli/tests/serve_crash.rs} starts it: its addresses are read from the
 * lines it prints on stderr, and the rest of its log is drained so it never
 * blocks. The binary is the {@code gomoku.bin} system property (the POM points
 * it at the Rust release build).
 */
public final class GomokuServe implements AutoCloseable {
    private static final String HTTP_LINE = "gomoku serve: open http://";
    private static final String TCP_LINE = "gomoku serve: JSON lines on tcp ";

    private final Process process;
    private final String http;
    private final String tcp;

    private GomokuServe(Process process, String http, String tcp) {
        this.process = process;
        this.http = http;
        this.tcp = tcp;
    }

    /** The {@code gomoku} binary the tests run. */
    public static Path binary() {
        Path bin = Path.of(System.getProperty("gomoku.bin", "../../target/release/gomoku"));
        assertTrue(Files.isExecutable(bin), bin.toAbsolutePath() + " is missing: build it with `cargo build --release` at the repository root");
        return bin;
    }

    /** Starts a server with its page and WebSocket on a free loopback port, and the plain socket too if {@code tcp}. */
    public static GomokuServe start(Path db, boolean tcp) throws IOException, InterruptedException {
        return start(db, "127.0.0.1:0", tcp ? "127.0.0.1:0" : null);
    }

    /**
     * Starts a server listening on {@code listen} (HTTP and WebSocket) and,
     * unless null, {@code tcpListen} (JSON lines), storing its games in {@code db};
     * returns once it says where it listens.
     */
    public static GomokuServe start(Path db, String listen, String tcpListen) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary().toString(), "serve", "--listen", listen, "--db", db.toString()));
        if (tcpListen != null) {
            command.addAll(List.of("--tcp", tcpListen));
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("RUST_LOG", "warn");
        Process process = builder.start();
        process.getOutputStream().close();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread drain = new Thread(() -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line = err.readLine(); line != null; line = err.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the server is gone
            }
        }, "gomoku serve stderr");
        drain.setDaemon(true);
        drain.start();
        String http = null;
        String tcp = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (http == null || (tcpListen != null && tcp == null)) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line == null) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    process.destroyForcibly();
                    fail("gomoku serve did not start (exit " + (process.isAlive() ? "none" : process.exitValue()) + ")");
                }
                continue;
            }
            if (line.startsWith(HTTP_LINE)) {
                http = line.substring(HTTP_LINE.length()).replaceAll("/+$", "");
            } else if (line.startsWith(TCP_LINE)) {
                tcp = line.substring(TCP_LINE.length()).trim();
            }
        }
        return new GomokuServe(process, http, tcp);
    }

    /** The page's and the WebSocket's address, {@code 127.0.0.1:PORT}. */
    public String http() {
        return http;
    }

    /** The plain socket's address, {@code 127.0.0.1:PORT}, or null if not started with one. */
    public String tcp() {
        return tcp;
    }

    /** Kills the server at once (SIGKILL), as a crash would: its clients' connections drop. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** Stops the server (SIGTERM, then SIGKILL after 10 s). */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
