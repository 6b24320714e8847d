package org.gomoku.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Component;
import java.awt.Container;
import java.awt.Graphics2D;
import java.awt.Window;
import java.awt.event.InputEvent;
import java.awt.event.MouseEvent;
import java.awt.image.BufferedImage;
import java.io.File;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import javax.swing.AbstractButton;
import javax.swing.JComponent;
import javax.swing.SwingUtilities;
import org.gomoku.Point;

/** Drives the demo's real windows as a player would, from a test thread; every look and touch runs on the event thread. */
final class UiDriver {
    private UiDriver() {}

    /** The value of {@code s}, computed on the event thread. */
    static <T> T onEdt(Supplier<T> s) throws Exception {
        AtomicReference<T> out = new AtomicReference<>();
        SwingUtilities.invokeAndWait(() -> out.set(s.get()));
        return out.get();
    }

    /** Runs {@code r} on the event thread and waits for it. */
    static void run(Runnable r) throws Exception {
        SwingUtilities.invokeAndWait(r);
    }

    /** Clicks a board point the way a mouse does: press and release events on the panel. */
    static void click(BoardPanel board, Point p) throws Exception {
        run(() -> {
            java.awt.Point px = board.pixelOf(p);
            long now = System.currentTimeMillis();
            for (int id : new int[] {MouseEvent.MOUSE_PRESSED, MouseEvent.MOUSE_RELEASED, MouseEvent.MOUSE_CLICKED}) {
                board.dispatchEvent(new MouseEvent(board, id, now, InputEvent.BUTTON1_DOWN_MASK, px.x, px.y, 1, false, MouseEvent.BUTTON1));
            }
        });
    }

    /** Chooses the menu item named {@code name}, as a click on it would. */
    static void choose(GomokuDemo demo, String name) throws Exception {
        run(() -> {
            AbstractButton item = demo.menuItem(name);
            assertTrue(item.isEnabled(), name + " is enabled");
            item.doClick();
        });
    }

    /** Waits up to 30 s for {@code condition} (checked on the event thread); fails saying {@code what}. */
    static void await(Supplier<Boolean> condition, String what) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        while (!onEdt(condition)) {
            assertTrue(System.currentTimeMillis() < deadline, what);
            Thread.sleep(20);
        }
    }

    /** The showing window of {@code type}, once one opens. */
    static <T extends Window> T awaitWindow(Class<T> type) throws Exception {
        AtomicReference<T> found = new AtomicReference<>();
        await(() -> {
            for (Window w : Window.getWindows()) {
                if (type.isInstance(w) && w.isShowing()) {
                    found.set(type.cast(w));
                }
            }
            return found.get() != null;
        }, "no " + type.getSimpleName() + " opened");
        return found.get();
    }

    /** Paints {@code component} into {@code name} in the screenshot folder ({@code target/}). */
    static void screenshot(JComponent component, String name) throws Exception {
        BufferedImage image = onEdt(() -> {
            BufferedImage img = new BufferedImage(component.getWidth(), component.getHeight(), BufferedImage.TYPE_INT_RGB);
            Graphics2D g = img.createGraphics();
            component.paint(g);
            g.dispose();
            return img;
        });
        File out = new File(System.getProperty("demo.screenshots", "target"), name);
        out.getParentFile().mkdirs();
        assertTrue(ImageIO.write(image, "png", out));
        assertTrue(out.length() > 1000);
    }

    /** The component named {@code name} of {@code type} under {@code root}, or null. */
    static <T extends Component> T named(Container root, Class<T> type, String name) {
        for (Component c : root.getComponents()) {
            if (type.isInstance(c) && name.equals(c.getName())) {
                return type.cast(c);
            }
            if (c instanceof Container inner) {
                T found = named(inner, type, name);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
