package org.gomoku.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.awt.Graphics2D;
import java.awt.GraphicsEnvironment;
import java.awt.event.InputEvent;
import java.awt.event.MouseEvent;
import java.awt.image.BufferedImage;
import java.io.File;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import javax.swing.SwingUtilities;
import org.gomoku.Point;
import org.junit.jupiter.api.Test;

/** Starts the demo in a real window (Xvfb in CI), plays through the UI, saves a screenshot. */
class DemoUiTest {
    private static <T> T onEdt(Supplier<T> s) throws Exception {
        AtomicReference<T> out = new AtomicReference<>();
        SwingUtilities.invokeAndWait(() -> out.set(s.get()));
        return out.get();
    }

    /** Clicks a board point the way a mouse does: press and release events on the panel. */
    private static void click(GomokuDemo demo, Point p) throws Exception {
        SwingUtilities.invokeAndWait(() -> {
            BoardPanel board = demo.boardPanel();
            java.awt.Point px = board.pixelOf(p);
            long now = System.currentTimeMillis();
            for (int id : new int[] {MouseEvent.MOUSE_PRESSED, MouseEvent.MOUSE_RELEASED, MouseEvent.MOUSE_CLICKED}) {
                board.dispatchEvent(new MouseEvent(board, id, now, InputEvent.BUTTON1_DOWN_MASK, px.x, px.y, 1, false, MouseEvent.BUTTON1));
            }
        });
    }

    /** Presses the button with this text, as a click would. */
    private static void press(GomokuDemo demo, String text) throws Exception {
        SwingUtilities.invokeAndWait(() -> find(demo.getContentPane(), text).doClick());
    }

    private static javax.swing.AbstractButton find(java.awt.Container root, String text) {
        for (java.awt.Component c : root.getComponents()) {
            if (c instanceof javax.swing.AbstractButton b && text.equals(b.getText())) {
                return b;
            }
            if (c instanceof java.awt.Container inner) {
                javax.swing.AbstractButton b = findOrNull(inner, text);
                if (b != null) {
                    return b;
                }
            }
        }
        throw new AssertionError("no button " + text);
    }

    private static javax.swing.AbstractButton findOrNull(java.awt.Container root, String text) {
        try {
            return find(root, text);
        } catch (AssertionError e) {
            return null;
        }
    }

    private static void awaitMoves(GomokuDemo demo, int count) throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        while (onEdt(() -> demo.isThinking() || demo.game().moves().size() < count)) {
            assertTrue(System.currentTimeMillis() < deadline, "the computer did not answer");
            Thread.sleep(20);
        }
    }

    @Test
    void playsThroughTheUiAndSavesAScreenshot() throws Exception {
        assumeFalse(GraphicsEnvironment.isHeadless(), "needs a display (run under xvfb-run)");
        GomokuDemo demo = onEdt(() -> {
            GomokuDemo d = new GomokuDemo();
            d.setSize(820, 900);
            d.setVisible(true);
            return d;
        });
        try {
            click(demo, Point.parse("h8"));
            // While the computer thinks, the event thread stays free.
            long start = System.nanoTime();
            onEdt(() -> demo.statusText());
            assertTrue((System.nanoTime() - start) / 1_000_000 < 500, "the event thread was blocked");
            awaitMoves(demo, 2);
            click(demo, Point.parse("h8")); // occupied: refused, nothing changes
            assertEquals(2, (int) onEdt(() -> demo.game().moves().size()));
            click(demo, Point.parse("i9").equals(onEdt(() -> demo.game().lastMove())) ? Point.parse("g7") : Point.parse("i9"));
            awaitMoves(demo, 4);
            click(demo, Point.parse("j7").equals(onEdt(() -> demo.game().lastMove())) ? Point.parse("f9") : Point.parse("j7"));
            awaitMoves(demo, 6);
            assertTrue(onEdt(() -> demo.statusText()).contains("to move"));

            // Undo against the computer goes back to the player's turn.
            press(demo, "Undo");
            assertEquals(4, (int) onEdt(() -> demo.game().moves().size()));
            // Replay steps through the moves without changing the game.
            press(demo, "Replay");
            press(demo, "▶");
            assertTrue(onEdt(() -> demo.statusText()).startsWith("Replay: move 1 of 4"), onEdt(() -> demo.statusText()));
            press(demo, "End replay");
            assertEquals(4, (int) onEdt(() -> demo.game().moves().size()));
            // Save text round-trips through the demo's loader.
            String saved = onEdt(() -> demo.game().save());
            SwingUtilities.invokeAndWait(() -> demo.loadText(saved));
            assertEquals(saved, onEdt(() -> demo.game().save()));
            click(demo, Point.parse("j7").equals(onEdt(() -> demo.game().lastMove())) ? Point.parse("f9") : Point.parse("j7"));
            awaitMoves(demo, 6);

            // Resizing redraws from the new size: the same point maps to the same cell.
            SwingUtilities.invokeAndWait(() -> demo.setSize(700, 760));
            SwingUtilities.invokeAndWait(() -> {});
            Point back = onEdt(() -> {
                java.awt.Point px = demo.boardPanel().pixelOf(Point.parse("h8"));
                return demo.boardPanel().pointAt(px.x, px.y);
            });
            assertEquals(Point.parse("h8"), back);

            BufferedImage image = onEdt(() -> {
                BufferedImage img = new BufferedImage(demo.getContentPane().getWidth(), demo.getContentPane().getHeight(), BufferedImage.TYPE_INT_RGB);
                Graphics2D g = img.createGraphics();
                demo.getContentPane().paint(g);
                g.dispose();
                return img;
            });
            File out = new File(System.getProperty("demo.screenshot", "target/demo-screenshot.png"));
            out.getParentFile().mkdirs();
            assertTrue(ImageIO.write(image, "png", out));
            assertTrue(out.length() > 1000);
        } finally {
            SwingUtilities.invokeAndWait(demo::dispose);
        }
    }
}
