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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.awt.GraphicsEnvironment;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.prefs.Preferences;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JRadioButton;
import javax.swing.JTextField;
import javax.swing.SwingUtilities;
import org.gomoku.Gomoku;
import org.gomoku.Language;
import org.gomoku.Point;
import org.gomoku.Rule;
import org.gomoku.Stone;
import org.gomoku.testing.GomokuServe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's online mode against the real {@code gomoku serve} (on a free
 * loopback port, a database in a temporary folder), in real windows (Xvfb in
 * CI): two windows, one in English and one in Chinese, play a renju room by
 * clicking their boards — a forbidden point refused, an undo refused and one
 * accepted, five in a row, a rematch with colours swapped, the server killed
 * and restarted with both seats taken back by Reconnect, a resignation — and
 * one window plays the server's computer. Screenshots go to {@code target/}.
 */
class OnlineUiTest {
    @TempDir
    Path temp;

    private Locale systemLocale;
    private Preferences preferences;

    @BeforeEach
    void needADisplay() {
        assumeFalse(GraphicsEnvironment.isHeadless(), "needs a display (run under xvfb-run)");
        systemLocale = Locale.getDefault();
        preferences = Preferences.userRoot().node("/org/gomoku/online-test-" + ProcessHandle.current().pid());
    }

    @AfterEach
    void restore() throws Exception {
        if (preferences == null) {
            return; // skipped: no display
        }
        Locale.setDefault(systemLocale);
        preferences.removeNode();
    }

    /** A demo window speaking {@code locale}'s language, at {@code x} on the screen. */
    private GomokuDemo window(Locale locale, String node, int x) throws Exception {
        Locale.setDefault(locale);
        try {
            return onEdt(() -> {
                GomokuDemo d = new GomokuDemo(preferences.node(node));
                d.setBounds(x, 0, 1000, 760);
                d.setVisible(true);
                return d;
            });
        } finally {
            Locale.setDefault(systemLocale);
        }
    }

    /** Fills the online dialog as a player would: {@code fill} sets its fields, then Connect. */
    private static void playOnline(GomokuDemo demo, java.util.function.Consumer<OnlineDialog> fill) throws Exception {
        // The dialog is modal: open it later, as a click would, and answer it from here.
        SwingUtilities.invokeLater(() -> demo.menuItem("menu.online.play").doClick());
        OnlineDialog dialog = awaitWindow(OnlineDialog.class);
        run(() -> {
            fill.accept(dialog);
            named(dialog, JButton.class, "online.connect").doClick();
        });
        await(() -> !dialog.isShowing(), "the online dialog did not close");
    }

    private static void type(OnlineDialog dialog, String field, String text) {
        named(dialog, JTextField.class, field).setText(text);
    }

    /** Chooses the item of the list named {@code field} that reads {@code label}. */
    private static void select(OnlineDialog dialog, String field, String label) {
        JComboBox<?> box = named(dialog, JComboBox.class, field);
        for (int i = 0; i < box.getItemCount(); i++) {
            if (box.getItemAt(i).toString().equals(label)) {
                box.setSelectedIndex(i);
                return;
            }
        }
        throw new AssertionError("no " + label + " in " + field);
    }

    private static Protocol.State state(GomokuDemo demo) throws Exception {
        return onEdt(() -> demo.online().state());
    }

    private static int moves(GomokuDemo demo) throws Exception {
        Protocol.State s = state(demo);
        return s == null ? -1 : s.moves().size();
    }

    /** Clicks {@code move} on {@code player}'s board and waits until both windows show it. */
    private static void play(GomokuDemo player, GomokuDemo other, String move) throws Exception {
        int before = moves(player);
        click(player.boardPanel(), Point.parse(move));
        await(() -> {
            Protocol.State a = player.online().state();
            Protocol.State b = other.online().state();
            return a.moves().size() == before + 1 && b.moves().size() == before + 1 && move.equals(b.lastMove());
        }, move + " was not played");
        Point p = Point.parse(move);
        assertEquals(before % 2 == 0 ? Stone.BLACK : Stone.WHITE, onEdt(() -> player.boardPanel().view().stones()[p.y()][p.x()]));
    }

    private static void press(GomokuDemo demo, String button) throws Exception {
        run(() -> {
            JButton b = named(demo.online().panel(), JButton.class, button);
            assertTrue(b.isShowing() && b.isEnabled(), button + " can be pressed");
            b.doClick();
        });
    }

    @Test
    void twoWindowsPlayARoomToTheEnd() throws Exception {
        GomokuServe server = GomokuServe.start(temp.resolve("games.sqlite"), false);
        String address = server.http();
        GomokuDemo ann = window(Locale.US, "ann", 0);
        GomokuDemo bo = window(Locale.SIMPLIFIED_CHINESE, "bo", 1000);
        Texts english = new Texts(Locale.US);
        Texts chinese = new Texts(Locale.SIMPLIFIED_CHINESE);
        try {
            assertEquals("Online", onEdt(() -> ann.menuItem("menu.online").getText()));
            assertEquals("请求悔棋", onEdt(() -> bo.menuItem("menu.online.undo").getText()));

            // Ann creates a renju room for a friend and is told to send the link.
            String renju = Rule.RENJU.displayName(Language.ENGLISH);
            playOnline(ann, d -> {
                type(d, "online.server", address);
                type(d, "online.name", "Ann");
                select(d, "online.rule", renju);
                select(d, "online.colour", english.get("online.colour.black"));
                select(d, "online.opponent", english.get("online.opponent.friend"));
            });
            await(() -> ann.online().state() != null, "Ann's room did not open");
            String code = onEdt(() -> ann.online().room());
            String link = onEdt(() -> named(ann.online().panel(), JTextField.class, "online.link").getText());
            assertEquals("http://" + address + "/#room=" + code, link);
            assertEquals(english.get("online.waitingOpponent"), onEdt(ann::statusText));
            assertFalse(onEdt(() -> ann.menuItem("menu.move").isEnabled()), "the own game's menus are off while online");
            assertTrue(onEdt(ann::getTitle).contains(renju), onEdt(ann::getTitle));

            // Bo pastes the link, which names the server too.
            playOnline(bo, d -> {
                named(d, JRadioButton.class, "online.join").doClick();
                type(d, "online.server", "");
                type(d, "online.name", "Bo");
                type(d, "online.code", link);
            });
            await(() -> ann.online().state().names().white() != null && bo.online().state() != null, "Bo did not join");
            assertEquals(Stone.WHITE, onEdt(() -> bo.online().colour()));
            assertEquals(Stone.BLACK, onEdt(() -> ann.online().colour()));
            String whiteSeat = onEdt(() -> named(ann.online().panel(), javax.swing.JLabel.class, "online.white").getText());
            assertTrue(whiteSeat.contains("Bo") && whiteSeat.contains(english.get("online.here")), whiteSeat);
            assertEquals(english.format("status.you", english.stone(Stone.BLACK)), onEdt(ann::statusText));

            play(ann, bo, "h8");
            play(bo, ann, "a1");
            // Bo clicks out of turn: the server refuses, and nobody's board changes.
            click(bo.boardPanel(), Point.parse("c3"));
            await(() -> bo.online().noteText().equals(chinese.get("online.error.not_your_turn")), "the refusal was not shown");
            assertEquals(2, moves(ann));
            for (String[] turn : new String[][] {{"a", "j8"}, {"b", "a3"}, {"a", "i7"}, {"b", "a5"}, {"a", "i9"}, {"b", "a7"}}) {
                boolean annMoves = turn[0].equals("a");
                play(annMoves ? ann : bo, annMoves ? bo : ann, turn[1]);
            }

            // Black to move under renju: i8 would make two open threes, and the server says so.
            assertTrue(state(ann).forbidden().contains("i8"), state(ann).forbidden().toString());
            assertTrue(onEdt(() -> ann.boardPanel().view().forbidden()).contains(Point.parse("i8")));
            screenshot(ann.getRootPane(), "demo-online-forbidden.png");
            click(ann.boardPanel(), Point.parse("i8"));
            await(() -> ann.online().noteText().equals(english.get("online.error.forbidden")), "the forbidden point was not refused");
            assertEquals(8, moves(ann));

            // Undo needs the opponent's consent: refused once, then accepted.
            choose(ann, "menu.online.undo");
            await(() -> chinese.get("online.offer.undo").equals(stripHtml(bo.online().offerText())), "Bo was not asked");
            screenshot(bo.getRootPane(), "demo-online-undo-zh.png");
            assertEquals(english.get("online.undoAsked"), onEdt(ann::statusText));
            press(bo, "online.refuse");
            await(() -> ann.online().noteText().equals(english.get("online.declined.undo")), "the refusal did not reach Ann");
            assertEquals(8, moves(ann));
            assertNull(onEdt(() -> bo.online().offerText()));
            choose(ann, "menu.online.undo");
            await(() -> bo.online().offerText() != null, "Bo was not asked again");
            press(bo, "online.accept");
            // Black's own move and white's answer are taken back: black to move again.
            await(() -> ann.online().state().moves().size() == 6 && bo.online().state().moves().size() == 6, "the undo did not happen");
            assertEquals("a5", state(bo).lastMove());
            assertTrue(state(ann).forbidden().isEmpty());

            for (String[] turn : new String[][] {{"a", "l3"}, {"b", "a9"}, {"a", "l4"}, {"b", "a11"}, {"a", "l5"}, {"b", "a13"}, {"a", "l6"}, {"b", "b1"}}) {
                boolean annMoves = turn[0].equals("a");
                play(annMoves ? ann : bo, annMoves ? bo : ann, turn[1]);
            }
            click(ann.boardPanel(), Point.parse("l7"));
            await(() -> !ann.online().state().ongoing() && !bo.online().state().ongoing(), "five did not end the game");
            assertEquals("black", state(bo).result());
            assertEquals("five", state(bo).reason());
            assertEquals(List.of("l3", "l4", "l5", "l6", "l7"), state(ann).winningLine().stream().sorted(
                    (p, q) -> Integer.compare(Point.parse(p).y(), Point.parse(q).y())).toList());
            assertEquals(5, (int) onEdt(() -> ann.boardPanel().view().winning().size()));
            assertEquals(Point.parse("l7"), onEdt(() -> bo.boardPanel().view().last()));
            assertEquals(english.format("online.youWon", resultText(ann, Language.ENGLISH)), onEdt(ann::statusText));
            assertTrue(onEdt(bo::statusText).endsWith("你输了。"), onEdt(bo::statusText));
            assertTrue(onEdt(bo::statusText).codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN));
            assertFalse(onEdt(() -> ann.menuItem("menu.online.resign").isEnabled()), "no resigning a finished game");
            screenshot(ann.getRootPane(), "demo-online.png");
            screenshot(bo.getRootPane(), "demo-online-zh.png");

            // A rematch, colours swapped, once both ask.
            choose(ann, "menu.online.rematch");
            await(() -> chinese.get("online.offer.rematch").equals(stripHtml(bo.online().offerText())), "Bo was not offered a rematch");
            press(bo, "online.accept");
            await(() -> ann.online().state().game() == 2 && bo.online().state().game() == 2 && ann.online().colour() == Stone.WHITE, "no rematch");
            assertEquals(Stone.BLACK, onEdt(() -> bo.online().colour()));
            assertEquals(english.format("online.newColour", english.stone(Stone.WHITE)), onEdt(() -> ann.online().noteText()));
            play(bo, ann, "h8");
            play(ann, bo, "h9");

            // The server dies: both windows offer Reconnect; once it is back on its
            // database, Reconnect takes each seat back with its token.
            server.kill();
            await(() -> ann.menuItem("menu.online.reconnect").isEnabled() && bo.menuItem("menu.online.reconnect").isEnabled(),
                    "the dropped connections were not noticed");
            assertTrue(onEdt(() -> ann.online().noteText()).startsWith("Connection lost"), onEdt(() -> ann.online().noteText()));
            server = GomokuServe.start(temp.resolve("games.sqlite"), address, null);
            choose(ann, "menu.online.reconnect");
            choose(bo, "menu.online.reconnect");
            await(() -> {
                Protocol.State a = ann.online().state();
                return a != null && a.players().black() && a.players().white() && !ann.menuItem("menu.online.reconnect").isEnabled()
                        && !bo.menuItem("menu.online.reconnect").isEnabled();
            }, "the seats were not taken back");
            assertEquals(Stone.WHITE, onEdt(() -> ann.online().colour()));
            assertEquals(2, moves(bo));
            assertEquals(2, state(ann).game());

            // Bo resigns: white wins.
            choose(bo, "menu.online.resign");
            await(() -> "resign".equals(ann.online().state().reason()), "the resignation did not end the game");
            assertEquals("white", state(ann).result());
            String resigned = resultText(ann, Language.ENGLISH);
            assertTrue(resigned.contains("resign"), resigned);
            assertEquals(english.format("online.youWon", resigned), onEdt(ann::statusText));

            // Leaving brings the window's own game back.
            choose(ann, "menu.online.leave");
            assertTrue(onEdt(() -> ann.menuItem("menu.move").isEnabled()));
            assertFalse(onEdt(() -> ann.online().isActive()));
            assertEquals(0, (int) onEdt(() -> ann.game().moves().size()));
            assertTrue(onEdt(() -> ann.boardPanel().view().last()) == null);
        } finally {
            run(ann::dispose);
            run(bo::dispose);
            server.close();
        }
    }

    @Test
    void oneWindowPlaysTheServersComputerOnAClock() throws Exception {
        try (GomokuServe server = GomokuServe.start(temp.resolve("games.sqlite"), false)) {
            GomokuDemo demo = window(Locale.US, "solo", 0);
            Texts english = new Texts(Locale.US);
            try {
                playOnline(demo, d -> {
                    type(d, "online.server", "ws://" + server.http() + "/ws");
                    select(d, "online.colour", english.get("online.colour.black"));
                    select(d, "online.opponent", english.get("online.opponent.computer"));
                    select(d, "online.level", english.format("level", 1));
                    select(d, "online.clock", english.format("online.clock.seconds", 60));
                });
                await(() -> demo.online().state() != null, "the room did not open");
                String white = onEdt(() -> named(demo.online().panel(), javax.swing.JLabel.class, "online.white").getText());
                assertTrue(white.contains(english.format("player.computer", 1)), white);
                assertTrue(onEdt(() -> named(demo.online().panel(), javax.swing.JLabel.class, "online.clock").getText()).startsWith("Clock: "));
                click(demo.boardPanel(), Point.parse("h8"));
                await(() -> demo.online().state().moves().size() == 2,
                        "the computer did not answer");
                // The computer agrees to an undo at once: back to the empty board.
                choose(demo, "menu.online.undo");
                await(() -> demo.online().state().moves().isEmpty(), "the undo did not happen");
                // A draw offer to the computer is declined.
                choose(demo, "menu.online.draw");
                await(() -> demo.online().noteText().equals(english.get("online.declined.draw")), "the computer did not answer the offer");
            } finally {
                run(demo::dispose);
            }
        }
    }

    /** The library's sentence for the result of the game {@code demo} shows, read from the server's save text. */
    private static String resultText(GomokuDemo demo, Language language) throws Exception {
        return onEdt(() -> {
            try (Gomoku finished = Gomoku.load(demo.online().state().save())) {
                return finished.resultText(language);
            }
        });
    }

    @Test
    void theEventThreadNeverWaitsForTheNetwork() throws Exception {
        GomokuDemo demo = window(Locale.US, "network", 0);
        Texts english = new Texts(Locale.US);
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            // A server that takes the connection and never answers the handshake.
            playOnline(demo, d -> type(d, "online.server", "127.0.0.1:" + silent.getLocalPort()));
            for (int i = 0; i < 10; i++) {
                long start = System.nanoTime();
                String status = onEdt(demo::statusText);
                assertTrue((System.nanoTime() - start) / 1_000_000 < 500, "the event thread was blocked");
                assertTrue(status.startsWith("Connecting to ws://127.0.0.1:"), status);
                Thread.sleep(50);
            }
            assertFalse(onEdt(() -> demo.menuItem("menu.online.reconnect").isEnabled()));
            choose(demo, "menu.online.leave");
            assertFalse(onEdt(() -> demo.online().isActive()));

            // Nobody listens: the window says so, and offers to try again.
            int closed;
            try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                closed = gone.getLocalPort();
            }
            playOnline(demo, d -> type(d, "online.server", "127.0.0.1:" + closed));
            await(() -> demo.menuItem("menu.online.reconnect").isEnabled(), "the failure was not noticed");
            String note = onEdt(() -> demo.online().noteText());
            assertTrue(note.startsWith(english.format("online.failed", "127.0.0.1:" + closed, "").trim()), note);
        } finally {
            run(demo::dispose);
        }
    }

    private static String stripHtml(String text) {
        return text == null ? null : text.replaceAll("<[^>]+>", "");
    }
}
