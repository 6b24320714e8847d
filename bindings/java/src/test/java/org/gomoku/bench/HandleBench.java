package org.gomoku.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gomoku.AiOptions;
import org.gomoku.Gomoku;
import org.gomoku.Point;
import org.gomoku.Rule;

/**
 * What a game costs from Java, beside the binding's own play+undo pair in the
 * same run: creating and closing a {@link Gomoku}, and the resident memory of
 * 10 000 live games. Not a test; run:
 * {@code mvn -q -f bindings/java/pom.xml test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=org.gomoku.bench.HandleBench}
 */
public final class HandleBench {
    private HandleBench() {}

    /** Nanoseconds per call of {@code body}, the best of five runs of {@code n}. */
    private static double perCall(Runnable body, int n) {
        double best = Double.MAX_VALUE;
        for (int run = 0; run < 5; run++) {
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                body.run();
            }
            best = Math.min(best, (System.nanoTime() - start) / (double) n);
        }
        return best;
    }

    /** This process's resident set in MiB (Linux /proc). */
    private static double residentMib() throws IOException {
        String[] statm = Files.readString(Path.of("/proc/self/statm")).trim().split(" ");
        return Long.parseLong(statm[1]) * 4096.0 / (1 << 20);
    }

    public static void main(String[] args) throws IOException {
        // Memory first, in a JVM that has done nothing else yet.
        new Gomoku().close();
        System.gc();
        double before = residentMib();
        List<Gomoku> live = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            Gomoku g = new Gomoku(15, Rule.RENJU);
            g.play(g.aiMove(AiOptions.of(2, 0)));
            live.add(g);
        }
        System.gc();
        double after = residentMib();
        System.out.printf("%d live games: %.1f MiB resident (native and JVM heap)%n", live.size(), after - before);
        live.forEach(Gomoku::close);

        int n = 200_000;
        try (Gomoku game = new Gomoku()) {
            Point h8 = new Point(7, 7);
            double pair = perCall(() -> {
                game.play(h8);
                game.undo();
            }, n);
            double create = perCall(() -> new Gomoku().close(), n);
            System.out.printf("play+undo %.0f ns, new Gomoku() and close %.0f ns: ratio %.2f%n", pair, create, create / pair);
        }
    }
}
