package org.gomoku.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.awt.Component;
import java.awt.Container;
import java.awt.Frame;
import java.awt.GraphicsEnvironment;
import java.awt.event.InputEvent;
import java.awt.event.MouseEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.SwingUtilities;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The migration examples in {@code bindings/java/examples/}: each program
 * compiles as a student would build it (plain javac, -Xlint:all -Werror, the
 * "after" one against these bindings), starts in a real window (Xvfb in CI)
 * and plays through its UI: clicks on the board, 悔棋, a five, and in the
 * "after" program renju's forbidden point.
 */
class ExamplesTest {
    static final Path EXAMPLES = Path.of("examples");

    @TempDir
    Path temp;

    /** Compiles one example's sources into a fresh folder and returns a class loader for it. */
    private ClassLoader compile(String example) throws IOException {
        Path out = temp.resolve(example);
        Files.createDirectories(out);
        List<String> arguments = new ArrayList<>(List.of(
                "-Xlint:all", "-Werror", "--release", "17", "-encoding", "UTF-8",
                "-cp", System.getProperty("java.class.path"), "-d", out.toString()));
        try (Stream<Path> files = Files.walk(EXAMPLES.resolve(example))) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> arguments.add(f.toString()));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = javac.run(null, errors, errors, arguments.toArray(String[]::new));
        assertEquals(0, status, example + " does not compile:\n" + errors.toString(StandardCharsets.UTF_8));
        return new URLClassLoader(new URL[] {out.toUri().toURL()}, getClass().getClassLoader());
    }

    private static <T> T onEdt(Callable<T> call) throws Exception {
        AtomicReference<T> out = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        SwingUtilities.invokeAndWait(() -> {
            try {
                out.set(call.call());
            } catch (Exception e) {
                failure.set(e);
            }
        });
        if (failure.get() != null) {
            throw failure.get();
        }
        return out.get();
    }

    /** The running example: its window, board panel, status label and model, reached as a player sees them. */
    private static final class Running {
        final JFrame frame;
        final ClassLoader loader;

        Running(JFrame frame, ClassLoader loader) {
            this.frame = frame;
            this.loader = loader;
        }

        <T extends Component> T find(Class<T> type, java.util.function.Predicate<T> test) {
            return findIn(frame.getContentPane(), type, test);
        }

        JPanel board() {
            return find(JPanel.class, p -> p.getClass().getSimpleName().equals("BoardPanel"));
        }

        String status() throws Exception {
            return onEdt(() -> find(JLabel.class, l -> true).getText());
        }

        /** The stone codes of the model behind the board panel. */
        int stone(int x, int y) throws Exception {
            return onEdt(() -> {
                Object model = field(board(), "board");
                return (Integer) model.getClass().getMethod("getPiece", int.class, int.class).invoke(model, x, y);
            });
        }

        int stones() throws Exception {
            int count = 0;
            for (int x = 0; x < 15; x++) {
                for (int y = 0; y < 15; y++) {
                    count += stone(x, y) != 0 ? 1 : 0;
                }
            }
            return count;
        }

        /** Puts stones straight into the model (setting up a position), as {x, y, player} triples. */
        void setUp(int[]... stones) throws Exception {
            onEdt(() -> {
                Object model = field(board(), "board");
                Method place = model.getClass().getMethod("place", int.class, int.class, int.class);
                for (int[] s : stones) {
                    place.invoke(model, s[0], s[1], s[2]);
                }
                return null;
            });
        }

        void click(int x, int y) throws Exception {
            onEdt(() -> {
                JPanel panel = board();
                int margin = (Integer) staticField(panel.getClass(), "MARGIN");
                int cell = (Integer) staticField(panel.getClass(), "CELL_SIZE");
                int px = margin + x * cell;
                int py = margin + y * cell;
                for (int id : new int[] {MouseEvent.MOUSE_PRESSED, MouseEvent.MOUSE_RELEASED, MouseEvent.MOUSE_CLICKED}) {
                    panel.dispatchEvent(new MouseEvent(panel, id, System.currentTimeMillis(), InputEvent.BUTTON1_DOWN_MASK, px, py, 1, false, MouseEvent.BUTTON1));
                }
                return null;
            });
        }

        void press(String text) throws Exception {
            onEdt(() -> {
                find(JButton.class, b -> text.equals(b.getText())).doClick();
                return null;
            });
        }

        void awaitStones(int count) throws Exception {
            long deadline = System.currentTimeMillis() + 20_000;
            while (stones() != count) {
                assertTrue(System.currentTimeMillis() < deadline, "expected " + count + " stones, have " + stones() + "; status " + status());
                Thread.sleep(20);
            }
        }
    }

    private static <T extends Component> T findIn(Container root, Class<T> type, java.util.function.Predicate<T> test) {
        for (Component c : root.getComponents()) {
            if (type.isInstance(c) && test.test(type.cast(c))) {
                return type.cast(c);
            }
            if (c instanceof Container inner) {
                T found = findIn(inner, type, test);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        Field f = owner.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(owner);
    }

    private static Object staticField(Class<?> owner, String name) throws ReflectiveOperationException {
        Field f = owner.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(null);
    }

    /** Starts {@code gobang.Main} of an example and waits for its window. */
    private Running start(String example) throws Exception {
        ClassLoader loader = compile(example);
        List<Frame> before = List.of(Frame.getFrames());
        loader.loadClass("gobang.Main").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        long deadline = System.currentTimeMillis() + 10_000;
        while (true) {
            JFrame frame = onEdt(() -> {
                for (Frame f : Frame.getFrames()) {
                    if (!before.contains(f) && f.isShowing() && f instanceof JFrame j) {
                        return j;
                    }
                }
                return null;
            });
            if (frame != null) {
                return new Running(frame, loader);
            }
            assertTrue(System.currentTimeMillis() < deadline, example + " opened no window");
            Thread.sleep(20);
        }
    }

    /** Clicks (x, y), or its neighbour if the computer already took it, and waits for the answer. */
    private static void playAndAwaitAnswer(Running game, int x, int y, int stonesAfter) throws Exception {
        if (game.stone(x, y) != 0) {
            x++;
        }
        game.click(x, y);
        game.awaitStones(stonesAfter);
    }

    private void playsUndoesAndWins(String example, String blackWins) throws Exception {
        assumeFalse(GraphicsEnvironment.isHeadless(), "needs a display (run under xvfb-run)");
        Running game = start(example);
        try {
            assertEquals("五子棋", game.frame.getTitle());
            playAndAwaitAnswer(game, 7, 7, 2);
            assertEquals(1, game.stone(7, 7), "the player is black");
            playAndAwaitAnswer(game, 8, 8, 4);
            game.click(7, 7); // taken: nothing happens
            Thread.sleep(100);
            assertEquals(4, game.stones());
            assertTrue(game.status().contains("轮到你了"), game.status());
            game.press("悔棋");
            assertEquals(2, game.stones(), "悔棋 takes back the player's move and the answer");

            game.press("新游戏");
            assertEquals(0, game.stones());
            // Four black stones on the top row and four white ones far away: the fifth wins.
            game.setUp(new int[] {0, 0, 1}, new int[] {14, 14, 2}, new int[] {1, 0, 1}, new int[] {14, 13, 2},
                    new int[] {2, 0, 1}, new int[] {14, 11, 2}, new int[] {3, 0, 1}, new int[] {14, 9, 2});
            game.click(4, 0);
            assertEquals(blackWins, game.status());
            game.click(10, 10); // the game is over: nothing happens
            assertEquals(9, game.stones());
        } finally {
            SwingUtilities.invokeAndWait(game.frame::dispose);
        }
    }

    @Test
    void theProgramBeforeTheSwitchPlaysWithItsOwnRulesAndAi() throws Exception {
        playsUndoesAndWins("before", "黑方获胜");
    }

    @Test
    void theProgramAfterTheSwitchPlaysWithTheLibrary() throws Exception {
        playsUndoesAndWins("after", "黑棋五连获胜");
    }

    @Test
    void theProgramAfterTheSwitchRefusesRenjuForbiddenPoints() throws Exception {
        assumeFalse(GraphicsEnvironment.isHeadless(), "needs a display (run under xvfb-run)");
        Running game = start("after");
        try {
            // i8 j8 and k9 k10 (black) meet on k8: two open threes, forbidden for black under renju.
            game.setUp(new int[] {8, 7, 1}, new int[] {0, 0, 2}, new int[] {9, 7, 1}, new int[] {0, 2, 2},
                    new int[] {10, 8, 1}, new int[] {0, 4, 2}, new int[] {10, 9, 1}, new int[] {0, 6, 2});
            game.click(10, 7);
            assertEquals("这是黑棋的禁手点，请换一个位置", game.status());
            assertEquals(0, game.stone(10, 7), "the forbidden point stays empty");
            assertEquals(8, game.stones());
        } finally {
            SwingUtilities.invokeAndWait(game.frame::dispose);
        }
    }

    @Test
    void theExamplesShareTheirViewAndModel() throws Exception {
        // Only the rule checker, the AI engine and the controller change (and GameBoard gains toArray).
        for (String same : List.of("Main.java", "BoardPanel.java")) {
            assertEquals(read("before", same), read("after", same), same);
        }
        String before = read("before", "GameBoard.java");
        String after = read("after", "GameBoard.java");
        assertTrue(after.startsWith(before.substring(0, before.lastIndexOf('}'))), "GameBoard only gains a method");
    }

    private static String read(String example, String file) throws IOException {
        return Files.readString(EXAMPLES.resolve(example).resolve("gobang").resolve(file));
    }
}
