package org.gomoku.demo;

import static org.gomoku.demo.UiDriver.await;
import static org.gomoku.demo.UiDriver.awaitWindow;
import static org.gomoku.demo.UiDriver.choose;
import static org.gomoku.demo.UiDriver.click;
import static org.gomoku.demo.UiDriver.named;
import static org.gomoku.demo.UiDriver.onEdt;
import static org.gomoku.demo.UiDriver.run;
import static org.gomoku.demo.UiDriver.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.awt.Color;
import java.awt.GraphicsEnvironment;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.prefs.Preferences;
import javax.swing.JButton;
import javax.swing.JMenu;
import javax.swing.MenuSelectionManager;
import org.gomoku.Gomoku;
import org.gomoku.Language;
import org.gomoku.Point;
import org.gomoku.Reason;
import org.gomoku.Rule;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts the demo in a real window (Xvfb in CI) in English and in Chinese,
 * drives it through its menus and the board as a player would, and saves
 * screenshots of each locale in {@code target/}.
 */
class DemoUiTest {
    @TempDir
    Path temp;

    private Locale systemLocale;
    private Preferences preferences;

    @BeforeEach
    void useATestHistoryAndPreferences() {
        assumeFalse(GraphicsEnvironment.isHeadless(), "needs a display (run under xvfb-run)");
        systemLocale = Locale.getDefault();
        System.setProperty(GomokuDemo.HISTORY_PROPERTY, temp.resolve("history.txt").toString());
        preferences = Preferences.userRoot().node("/org/gomoku/demo-test-" + ProcessHandle.current().pid());
    }

    @AfterEach
    void restore() throws Exception {
        if (preferences == null) {
            return; // skipped: no display
        }
        Locale.setDefault(systemLocale);
        System.clearProperty(GomokuDemo.HISTORY_PROPERTY);
        preferences.removeNode();
    }

    private static void awaitQuiet(GomokuDemo demo, int moves) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        while (onEdt(() -> demo.isThinking() || demo.game().moves().size() < moves)) {
            assertTrue(System.currentTimeMillis() < deadline, "the computer did not answer");
            Thread.sleep(20);
        }
    }

    /** Plays {@code move} unless the computer took it, else {@code instead}. */
    private static void playOneOf(GomokuDemo demo, String move, String instead) throws Exception {
        Point p = Point.parse(move);
        boolean taken = onEdt(() -> demo.game().stone(p) != org.gomoku.Stone.EMPTY);
        click(demo.boardPanel(), taken ? Point.parse(instead) : p);
    }

    private static HistoryDialog openHistory(GomokuDemo demo) throws Exception {
        choose(demo, "menu.game.history");
        return awaitWindow(HistoryDialog.class);
    }

    private static JButton button(java.awt.Container root, String name) {
        return named(root, JButton.class, name);
    }

    @Test
    void playsThroughTheMenusInEnglish() throws Exception {
        playThroughTheMenus(Locale.US, "");
    }

    @Test
    void playsThroughTheMenusInChinese() throws Exception {
        playThroughTheMenus(Locale.SIMPLIFIED_CHINESE, "-zh");
    }

    private void playThroughTheMenus(Locale locale, String suffix) throws Exception {
        Locale.setDefault(locale);
        Language language = Language.of(locale);
        boolean chinese = language == Language.CHINESE;
        GomokuDemo demo = onEdt(() -> {
            GomokuDemo d = new GomokuDemo(preferences);
            d.setSize(1000, 780);
            d.setVisible(true);
            return d;
        });
        try {
            // The menus speak the locale's language; rule names are the library's words.
            assertEquals(chinese ? "悔棋" : "Undo", onEdt(() -> demo.menuItem("menu.move.undo").getText()));
            assertEquals(chinese ? "背景颜色" : "Board colour", onEdt(() -> demo.menuItem("menu.view.colour").getText()));
            assertEquals(Rule.RENJU.displayName(language), onEdt(() -> demo.menuItem("rule.RENJU").getText()));
            assertTrue(onEdt(() -> demo.getTitle()).contains(Rule.FREESTYLE.displayName(language)));
            if (chinese) {
                java.awt.Font menuFont = onEdt(() -> demo.menuItem("menu.move.undo").getFont());
                assertEquals(-1, menuFont.canDisplayUpTo("悔棋背景颜色历史棋局"), "no CJK font: install fonts-wqy-zenhei (tests/run-all.sh does)");
            }

            click(demo.boardPanel(), Point.parse("h8"));
            // While the computer thinks, the event thread stays free.
            long start = System.nanoTime();
            onEdt(demo::statusText);
            assertTrue((System.nanoTime() - start) / 1_000_000 < 500, "the event thread was blocked");
            awaitQuiet(demo, 2);
            click(demo.boardPanel(), Point.parse("h8")); // occupied: refused, nothing changes
            assertEquals(2, (int) onEdt(() -> demo.game().moves().size()));
            playOneOf(demo, "i9", "g7");
            awaitQuiet(demo, 4);
            playOneOf(demo, "j7", "f9");
            awaitQuiet(demo, 6);
            assertTrue(onEdt(demo::statusText).contains(chinese ? "轮到黑棋落子" : "Black to move"), onEdt(demo::statusText));

            // Undo against the computer goes back to the player's turn.
            choose(demo, "menu.move.undo");
            assertEquals(4, (int) onEdt(() -> demo.game().moves().size()));
            // Replay steps through the moves without changing the game.
            choose(demo, "menu.view.replay");
            choose(demo, "menu.view.next");
            assertEquals(chinese ? "复盘：第 1 手，共 4 手" : "Replay: move 1 of 4", onEdt(demo::statusText));
            choose(demo, "menu.view.replay");
            assertEquals(4, (int) onEdt(() -> demo.game().moves().size()));
            // Save text round-trips through the demo's loader.
            String saved = onEdt(() -> demo.game().save());
            run(() -> demo.loadText(saved));
            assertEquals(saved, onEdt(() -> demo.game().save()));

            // The hint explains itself in the locale's language and numbers its points on the board.
            choose(demo, "menu.move.hint");
            await(() -> !demo.isThinking(), "the hint did not come");
            String hint = onEdt(demo::hintText);
            assertTrue(hint.contains("\n1  "), hint);
            assertTrue(hint.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN) == chinese, hint);
            List<Point> marks = onEdt(() -> demo.boardPanel().view().candidates());
            assertFalse(marks.isEmpty());
            assertTrue(hint.contains(marks.get(0).toString()), hint);

            choose(demo, "colour.maple");
            screenshot(demo.getRootPane(), "demo-screenshot" + suffix + ".png");
            run(() -> ((JMenu) demo.menuItem("menu.move")).doClick());
            screenshot(demo.getRootPane(), "demo-menu" + suffix + ".png");
            run(() -> MenuSelectionManager.defaultManager().clearSelectedPath());

            // Two players: a five ends the game, and it goes to the history with its result.
            choose(demo, "menu.mode.people");
            choose(demo, "menu.game.new");
            for (String move : "a1 b1 a2 b2 a3 b3 a4 b4 a5".split(" ")) {
                click(demo.boardPanel(), Point.parse(move));
            }
            assertEquals(Reason.FIVE, onEdt(() -> demo.game().reason()));
            String five = onEdt(() -> demo.game().resultText(language));
            assertEquals(five, onEdt(demo::statusText));
            await(() -> Gomoku.readHistory(GomokuDemo.historyFile()).size() == 1, "the finished game was not kept");
            // A resignation ends the next one.
            choose(demo, "menu.game.new");
            click(demo.boardPanel(), Point.parse("h8"));
            choose(demo, "menu.move.resign");
            assertEquals(Reason.RESIGNATION, onEdt(() -> demo.game().reason()));
            assertFalse(onEdt(() -> demo.menuItem("menu.move.hint").isEnabled()), "no hint once the game is over");
            await(() -> Gomoku.readHistory(GomokuDemo.historyFile()).size() == 2, "the resigned game was not kept");

            // The history lists both games, newest first, and replays them move by move.
            HistoryDialog history = openHistory(demo);
            try {
                await(() -> history.gameCount() == 2, "the history did not load");
                String resigned = onEdt(() -> (String) history.cell(0, 5));
                assertTrue(resigned.contains(chinese ? "认输" : "resignation"), resigned);
                assertEquals(five, onEdt(() -> history.cell(1, 5)));
                assertEquals(chinese ? "黑方玩家" : "Black player", onEdt(() -> history.cell(0, 1)));
                assertTrue(onEdt(() -> (String) history.cell(0, 0)).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d"));
                assertEquals(Rule.FREESTYLE.displayName(language), onEdt(() -> history.cell(0, 3)));
                run(() -> history.showMoves(0));
                run(() -> button(history, "history.next").doClick());
                assertEquals(1, (int) onEdt(history::shownMoves));
                run(() -> button(history, "history.last").doClick());
                assertEquals(1, (int) onEdt(history::shownMoves), "the resigned game has one move");
                run(() -> {
                    javax.swing.JTable table = named(history, javax.swing.JTable.class, "history.table");
                    table.setRowSelectionInterval(1, 1);
                });
                assertEquals(9, (int) onEdt(history::shownMoves));
                assertEquals(5, (int) onEdt(() -> history.boardPanel().view().winning().size()));
                run(() -> button(history, "history.previous").doClick());
                assertEquals(8, (int) onEdt(history::shownMoves));
                screenshot(history.getRootPane(), "demo-history" + suffix + ".png");
                run(() -> button(history, "history.continue").doClick());
                assertEquals(Reason.FIVE, onEdt(() -> demo.game().reason()));
            } finally {
                run(history::dispose);
            }
            assertEquals(2, Gomoku.readHistory(GomokuDemo.historyFile()).size(), "a game loaded from the history is not kept twice");

            // Resizing redraws from the new size: the same point maps to the same cell.
            for (int[] size : new int[][] {{520, 480}, {1400, 1000}}) {
                run(() -> demo.setSize(size[0], size[1]));
                run(() -> demo.validate());
                Point back = onEdt(() -> {
                    java.awt.Point px = demo.boardPanel().pixelOf(Point.parse("h8"));
                    return demo.boardPanel().pointAt(px.x, px.y);
                });
                assertEquals(Point.parse("h8"), back);
            }
        } finally {
            run(demo::dispose);
        }
    }

    @Test
    void theBoardColourIsRememberedBetweenRuns() throws Exception {
        Locale.setDefault(Locale.US);
        GomokuDemo first = onEdt(() -> new GomokuDemo(preferences));
        Color defaultColour = onEdt(() -> first.boardPanel().getBackground());
        choose(first, "colour.green");
        Color green = onEdt(() -> first.boardPanel().getBackground());
        assertFalse(green.equals(defaultColour));
        run(first::dispose);
        GomokuDemo second = onEdt(() -> new GomokuDemo(preferences));
        try {
            assertEquals(green, onEdt(() -> second.boardPanel().getBackground()));
            assertTrue(onEdt(() -> second.menuItem("colour.green").isSelected()));
        } finally {
            run(second::dispose);
        }
    }
}
