package org.gomoku.demo;

import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Component;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.GridLayout;
import java.awt.RenderingHints;
import java.awt.Toolkit;
import java.awt.datatransfer.StringSelection;
import java.awt.event.ActionEvent;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.swing.AbstractAction;
import javax.swing.Action;
import javax.swing.BorderFactory;
import javax.swing.Box;
import javax.swing.BoxLayout;
import javax.swing.Icon;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextArea;
import javax.swing.JTextField;
import javax.swing.Timer;
import org.gomoku.Gomoku;
import org.gomoku.GomokuException;
import org.gomoku.Point;
import org.gomoku.Rule;
import org.gomoku.Stone;

/**
 * The demo's online mode: one room of a {@code gomoku serve} server, played
 * on the demo's own board. The server owns the game: the board, the last
 * move, the winning line and renju's forbidden points are drawn from its
 * {@code state} messages only, and a click is sent as a move request, never
 * played here. Undo, draw offers, resign and rematch are requests the
 * opponent (or the server) answers; an open request of the opponent's shows
 * Accept and Refuse buttons. The seat's token is kept for as long as the
 * window lives, so a dropped connection takes the seat back with Reconnect.
 *
 * <p>Everything here runs on the event thread: the connection delivers the
 * server's messages there and never blocks it.
 */
final class OnlinePlay {
    /** Shortest interval between keep-alive pings, whatever the server's idle timeout. */
    private static final int MIN_PING_MS = 5_000;
    /** The clock's redraw interval. */
    private static final int CLOCK_TICK_MS = 200;

    private final Texts texts;
    private final BoardPanel board;
    private final JLabel status;
    private final Runnable changed;

    private final JPanel panel = new JPanel(new BorderLayout());
    private final JLabel connectionLabel = label("online.connection");
    private final JLabel roomLabel = label("online.room");
    private final JTextField link = new JTextField();
    private final JLabel blackLabel = label("online.black");
    private final JLabel whiteLabel = label("online.white");
    private final JLabel clockLabel = label("online.clock");
    private final JLabel watchersLabel = label("online.watchers");
    private final JPanel offerBar = new JPanel(new BorderLayout(4, 4));
    private final JLabel offerText = label("online.offer");
    private final JButton accept;
    private final JButton refuse;
    private final JTextArea note = new JTextArea(4, 20);
    private final Timer pinger = new Timer(MIN_PING_MS, e -> send(Protocol.request("ping")));
    private final Timer clockTimer = new Timer(CLOCK_TICK_MS, e -> showClock());

    /** Asks to take back one's last move; the opponent answers. */
    final Action undo;
    /** Offers a draw; the opponent answers. */
    final Action draw;
    /** Gives the game up. */
    final Action resign;
    /** Asks for another game with colours swapped (or accepts the opponent's ask). */
    final Action rematch;
    /** Opens a new connection and takes the seat back with its token. */
    final Action reconnect;
    /** Puts the room's link on the clipboard. */
    final Action copyLink;

    private OnlineDialog.Request request;
    private URI uri;
    private OnlineConnection connection;
    /** Counts connections, so that a closed one's last messages are dropped. */
    private int connections;
    private boolean connected;
    private String room;
    private String token;
    /** One's colour, null while watching. */
    private Stone colour;
    private Protocol.State state;
    /** When the side to move runs out of time (System.nanoTime), or 0 while no clock runs. */
    private long clockEnds;

    /**
     * The online mode drawing on {@code board} and {@code status}; {@code changed}
     * runs after anything that changes what the window should enable or title.
     */
    OnlinePlay(Texts texts, BoardPanel board, JLabel status, Runnable changed) {
        this.texts = texts;
        this.board = board;
        this.status = status;
        this.changed = changed;
        undo = action("menu.online.undo", () -> send(Protocol.request("undo")));
        draw = action("menu.online.draw", () -> send(Protocol.request("draw_offer")));
        resign = action("menu.online.resign", () -> send(Protocol.request("resign")));
        rematch = action("menu.online.rematch", () -> send(Protocol.request("rematch")));
        reconnect = action("menu.online.reconnect", this::reconnect);
        copyLink = action("menu.online.copy", this::copyLink);
        accept = new JButton(texts.get("online.accept"));
        accept.setName("online.accept");
        accept.addActionListener(e -> answer(true));
        refuse = new JButton(texts.get("online.refuse"));
        refuse.setName("online.refuse");
        refuse.addActionListener(e -> answer(false));
        buildPanel();
        refresh();
    }

    private static JLabel label(String name) {
        JLabel label = new JLabel(" ");
        label.setName(name);
        label.setAlignmentX(Component.LEFT_ALIGNMENT);
        return label;
    }

    private Action action(String key, Runnable run) {
        Action action = new AbstractAction(texts.get(key)) {
            private static final long serialVersionUID = 1L;

            @Override
            public void actionPerformed(ActionEvent e) {
                run.run();
            }
        };
        action.putValue(Action.ACTION_COMMAND_KEY, key);
        return action;
    }

    private void buildPanel() {
        link.setEditable(false);
        link.setName("online.link");
        link.setAlignmentX(Component.LEFT_ALIGNMENT);
        link.setMaximumSize(new Dimension(Integer.MAX_VALUE, link.getPreferredSize().height));
        JPanel info = new JPanel();
        info.setLayout(new BoxLayout(info, BoxLayout.Y_AXIS));
        info.setBorder(BorderFactory.createEmptyBorder(6, 8, 6, 8));
        for (JComponent c : List.of(connectionLabel, roomLabel)) {
            info.add(c);
        }
        JLabel share = label("online.share");
        share.setText(texts.get("online.link"));
        info.add(Box.createVerticalStrut(6));
        info.add(share);
        info.add(link);
        info.add(Box.createVerticalStrut(8));
        blackLabel.setIcon(new StoneIcon(Stone.BLACK));
        whiteLabel.setIcon(new StoneIcon(Stone.WHITE));
        for (JComponent c : List.of(blackLabel, whiteLabel, clockLabel, watchersLabel)) {
            info.add(c);
            info.add(Box.createVerticalStrut(4));
        }
        offerText.setFont(offerText.getFont().deriveFont(Font.BOLD));
        JPanel answers = new JPanel(new GridLayout(1, 2, 4, 4));
        answers.add(accept);
        answers.add(refuse);
        offerBar.add(offerText, BorderLayout.CENTER);
        offerBar.add(answers, BorderLayout.SOUTH);
        offerBar.setBorder(BorderFactory.createCompoundBorder(
                BorderFactory.createLineBorder(new Color(25, 105, 230), 2), BorderFactory.createEmptyBorder(4, 6, 4, 6)));
        offerBar.setAlignmentX(Component.LEFT_ALIGNMENT);
        offerBar.setMaximumSize(new Dimension(Integer.MAX_VALUE, offerBar.getPreferredSize().height * 2));
        info.add(offerBar);

        note.setName("online.note");
        note.setEditable(false);
        note.setLineWrap(true);
        note.setWrapStyleWord(true);
        note.setOpaque(false);
        note.setFont(connectionLabel.getFont());
        note.setBorder(BorderFactory.createEmptyBorder(6, 8, 6, 8));

        JPanel buttons = new JPanel(new GridLayout(0, 2, 4, 4));
        buttons.setBorder(BorderFactory.createEmptyBorder(6, 6, 6, 6));
        for (Action a : List.of(undo, draw, resign, rematch, reconnect, copyLink)) {
            JButton b = new JButton(a);
            b.setName((String) a.getValue(Action.ACTION_COMMAND_KEY));
            buttons.add(b);
        }
        panel.setBorder(BorderFactory.createTitledBorder(texts.get("online.panel")));
        panel.setPreferredSize(new Dimension(300, 640));
        panel.add(info, BorderLayout.NORTH);
        panel.add(note, BorderLayout.CENTER);
        panel.add(buttons, BorderLayout.SOUTH);
    }

    /** The side panel: room, link, players, clock, open requests, messages and the actions. */
    JPanel panel() {
        return panel;
    }

    /** Whether a room is being played (or joined): the window shows this rather than its own game. */
    boolean isActive() {
        return request != null;
    }

    /** Connects to the server of {@code request} and creates or joins its room, leaving any room before. */
    void start(OnlineDialog.Request request) {
        leave();
        this.request = request;
        uri = OnlineConnection.socketUri(request.server());
        note.setText("");
        int size = request.joins() ? 15 : request.size();
        board.show(new BoardPanel.View(size, emptyStones(size), null, List.of(), List.of(), List.of(), null));
        connect();
    }

    /** Leaves the room (the seat stays reserved on the server) and closes the connection. */
    void leave() {
        if (connection != null) {
            send(Protocol.request("leave"));
            connection.close();
        }
        connections++;
        connection = null;
        connected = false;
        request = null;
        room = null;
        token = null;
        colour = null;
        state = null;
        pinger.stop();
        clockTimer.stop();
        refresh();
    }

    private void connect() {
        connected = false;
        int mine = ++connections;
        connection = OnlineConnection.open(uri, new OnlineConnection.Listener() {
            @Override
            public void message(Protocol.Message message) {
                if (mine == connections) {
                    received(message);
                }
            }

            @Override
            public void closed(String why) {
                if (mine == connections) {
                    lost(why);
                }
            }
        });
        connectionLabel.setText(texts.format("online.connecting", uri));
        refresh();
    }

    private void reconnect() {
        if (request != null && (connection == null || connection.isOver())) {
            note(texts.get("online.reconnecting"));
            connect();
        }
    }

    private void send(String message) {
        if (connection != null) {
            connection.send(message);
        }
    }

    /** A click on the board: a move request for one's seat; the board changes when the server says so. */
    void clicked(Point p) {
        if (connected && colour != null && state != null && state.ongoing()) {
            send(Protocol.request("move", "move", p.toString()));
        }
    }

    private void received(Protocol.Message message) {
        switch (message.type()) {
            case "hello" -> hello(message.as(Protocol.Hello.class));
            case "seat" -> seat(message.as(Protocol.Seat.class));
            case "state" -> state(message.as(Protocol.State.class));
            case "undo_declined" -> note(texts.get("online.declined.undo"));
            case "draw_declined" -> note(texts.get("online.declined.draw"));
            case "error" -> failed(message.as(Protocol.Failure.class));
            default -> {
                // pong, and the requests the state's offers already show
            }
        }
    }

    /** The server greets: keep the connection alive as its limits ask, then enter the room. */
    private void hello(Protocol.Hello hello) {
        connected = true;
        connectionLabel.setText(texts.format("online.connected", uri.getRawAuthority()));
        connectionLabel.setToolTipText(hello.server());
        long idle = hello.limits() != null ? hello.limits().idleTimeoutMs() : 0;
        pinger.setDelay((int) Math.max(MIN_PING_MS, Math.min(Integer.MAX_VALUE, idle / 3)));
        pinger.restart();
        if (token != null) {
            send(Protocol.request("resume", "room", room, "token", token));
        } else if (room != null) {
            send(Protocol.request("watch", "room", room)); // the seat went to another connection
        } else if (request.joins()) {
            send(Protocol.request("join", "room", request.code(), "name", request.name()));
        } else {
            send(Protocol.request("create", "rule", Protocol.wire(request.rule()), "size", request.size(),
                    "color", request.colour(), "name", request.name(),
                    "opponent", request.computerLevel() == null ? null : Map.of("ai", request.computerLevel()),
                    "clock", request.turnMs() == null ? null : Map.of("turn_ms", request.turnMs())));
        }
        refresh();
    }

    private void seat(Protocol.Seat seat) {
        Stone before = colour;
        room = seat.room();
        token = seat.token();
        colour = Protocol.colour(seat.color());
        if (before != null && before != colour) {
            note(texts.format("online.newColour", texts.stone(colour)));
        }
        refresh();
    }

    private void state(Protocol.State next) {
        // A note stays until the next move or undo of the same game.
        if (state != null && state.game() == next.game() && !state.moves().equals(next.moves())) {
            note("");
        }
        room = next.room();
        state = next;
        Long remaining = next.clock() == null ? null : next.clock().remainingMs();
        clockEnds = remaining == null || !next.ongoing() ? 0 : System.nanoTime() + remaining * 1_000_000;
        if (clockEnds != 0) {
            clockTimer.start();
        } else {
            clockTimer.stop();
        }
        refresh();
    }

    private void failed(Protocol.Failure failure) {
        String code = failure.code() == null ? "" : failure.code();
        switch (code) {
            case "room_full" -> {
                if (request.joins()) {
                    send(Protocol.request("watch", "room", request.code()));
                }
            }
            case "replaced" -> {
                colour = null;
                token = null;
            }
            case "bad_token" -> {
                token = null;
                colour = null;
                send(Protocol.request("watch", "room", room));
            }
            default -> {
                // shown below; the request changed nothing
            }
        }
        String key = "online.error." + code;
        note(texts.has(key) ? texts.get(key) : texts.format("online.error", failure.message()));
        refresh();
    }

    private void lost(String why) {
        connected = false;
        pinger.stop();
        clockTimer.stop();
        connectionLabel.setText(texts.get("online.offline"));
        note(token != null ? texts.format("online.lost", why) : texts.format("online.failed", uri.getRawAuthority(), why));
        refresh();
    }

    private void note(String text) {
        note.setText(text);
    }

    private void answer(boolean yes) {
        Protocol.Offers offers = state == null ? null : state.offers();
        if (offers == null || colour == null) {
            return;
        }
        String opponent = Protocol.wire(colour.opponent());
        if (opponent.equals(offers.undo())) {
            send(Protocol.request("undo_reply", "accept", yes));
        } else if (opponent.equals(offers.draw())) {
            send(Protocol.request("draw_reply", "accept", yes));
        } else if (yes && offers.rematch() != null && offers.rematch().contains(opponent)) {
            send(Protocol.request("rematch"));
        }
    }

    private void copyLink() {
        if (room != null) {
            Toolkit.getDefaultToolkit().getSystemClipboard().setContents(new StringSelection(link.getText()), null);
            note(texts.get("online.copied"));
        }
    }

    /** What the opponent asks of us now (its text), or null. */
    private String openRequest() {
        if (state == null || colour == null || state.offers() == null) {
            return null;
        }
        Protocol.Offers offers = state.offers();
        String opponent = Protocol.wire(colour.opponent());
        if (opponent.equals(offers.undo())) {
            return texts.get("online.offer.undo");
        }
        if (opponent.equals(offers.draw())) {
            return texts.get("online.offer.draw");
        }
        List<String> rematches = offers.rematch() == null ? List.of() : offers.rematch();
        if (rematches.contains(opponent) && !rematches.contains(Protocol.wire(colour))) {
            return texts.get("online.offer.rematch");
        }
        return null;
    }

    /** Redraws the board, the panel and the status line from the last state, and enables what can be done now. */
    private void refresh() {
        boolean seated = connected && colour != null && state != null;
        boolean ongoing = state != null && state.ongoing();
        boolean opponent = state != null && state.names() != null && colour != null && state.names().of(colour.opponent()) != null;
        int moves = state == null || state.moves() == null ? 0 : state.moves().size();
        undo.setEnabled(seated && ongoing && opponent && moves > (colour == Stone.BLACK ? 0 : 1));
        draw.setEnabled(seated && ongoing && opponent && state.offers() != null && state.offers().draw() == null);
        resign.setEnabled(seated && ongoing && opponent);
        List<String> rematches = state == null || state.offers() == null || state.offers().rematch() == null ? List.of() : state.offers().rematch();
        rematch.setEnabled(seated && !ongoing && !rematches.contains(Protocol.wire(colour)));
        reconnect.setEnabled(request != null && !connected && (connection == null || connection.isOver()));
        copyLink.setEnabled(room != null);

        String asked = connected ? openRequest() : null;
        offerBar.setVisible(asked != null);
        offerText.setText(asked == null ? " " : "<html>" + asked + "</html>");
        refuse.setVisible(asked != null && !asked.equals(texts.get("online.offer.rematch")));

        roomLabel.setText(room == null ? " " : texts.format("online.roomCode", room)
                + (state != null && state.game() > 1 ? " · " + texts.format("online.game", state.game()) : ""));
        link.setText(room == null ? "" : OnlineConnection.shareLink(uri, room));
        link.setCaretPosition(0);
        blackLabel.setText(player(Stone.BLACK));
        whiteLabel.setText(player(Stone.WHITE));
        watchersLabel.setText(state != null && state.spectators() > 0 ? texts.format("online.spectators", state.spectators()) : " ");
        showClock();
        if (request != null) {
            if (state != null) {
                showBoard();
            }
            status.setText(describe());
        }
        changed.run();
    }

    /** A seat as the panel shows it: the name, whether it is one's own, connected, away or the computer. */
    private String player(Stone seat) {
        String who = texts.stone(seat);
        if (state == null || state.names() == null) {
            return who;
        }
        String name = state.names().of(seat);
        if (name == null) {
            return who + ": " + texts.get("online.waiting");
        }
        Protocol.Computer computer = state.computer();
        if (computer != null && seat == Protocol.colour(computer.color())) {
            return who + ": " + texts.format("player.computer", computer.level());
        }
        String how = texts.get(state.players() != null && state.players().of(seat) ? "online.here" : "online.away");
        return who + ": " + name + (seat == colour ? " (" + texts.get("online.you") + ")" : "") + " — " + how;
    }

    private void showClock() {
        if (state == null || state.clock() == null) {
            clockLabel.setText(" ");
            return;
        }
        long left = clockEnds == 0 ? state.clock().turnMs() : Math.max(0, (clockEnds - System.nanoTime()) / 1_000_000);
        clockLabel.setText(texts.format("online.clockLeft", String.format(Locale.ROOT, "%.1f", left / 1000.0)));
    }

    /** Draws the server's board: stones from its save text, and its last move, winning line and forbidden points. */
    private void showBoard() {
        try (Gomoku shown = Gomoku.load(state.save())) {
            board.show(new BoardPanel.View(shown.size(), BoardPanel.stones(shown.rows()), point(state.lastMove()),
                    points(state.winningLine()), points(state.forbidden()), List.of(), null));
        } catch (GomokuException e) {
            note(texts.format("online.error", e.getMessage()));
        }
    }

    private static Point point(String name) {
        return name == null ? null : Point.parse(name);
    }

    private static List<Point> points(List<String> names) {
        List<Point> points = new ArrayList<>();
        if (names != null) {
            names.forEach(n -> points.add(Point.parse(n)));
        }
        return points;
    }

    private static Stone[][] emptyStones(int size) {
        Stone[][] stones = new Stone[size][size];
        for (Stone[] row : stones) {
            Arrays.fill(row, Stone.EMPTY);
        }
        return stones;
    }

    /** The status line: the result, whose move it is, or what the room waits for. */
    private String describe() {
        if (request == null) {
            return " ";
        }
        if (state == null) {
            return connectionLabel.getText();
        }
        if (!state.ongoing()) {
            String result = resultText();
            Stone winner = Protocol.colour(state.result());
            if (colour == null || winner == null) {
                return result;
            }
            return texts.format(winner == colour ? "online.youWon" : "online.youLost", result);
        }
        Protocol.Names names = state.names();
        if (names == null || names.black() == null || names.white() == null) {
            return texts.get("online.waitingOpponent");
        }
        Stone mover = Protocol.colour(state.toMove());
        String moverName = texts.stone(mover);
        if (computerThinking()) {
            return texts.format("status.thinking", moverName);
        }
        if (colour == null) {
            return texts.format("status.toMove", moverName);
        }
        if (mover == colour) {
            boolean asked = state.offers() != null && Protocol.wire(colour).equals(state.offers().undo());
            return asked ? texts.get("online.undoAsked") : texts.format("status.you", moverName);
        }
        return texts.format("online.theirMove", moverName);
    }

    /**
     * Whether the server's computer is searching its move: it says so, and it
     * is its turn (a state sent with its move may still say it thinks).
     */
    private boolean computerThinking() {
        Protocol.Computer computer = state.computer();
        return computer != null && computer.thinking() && computer.color().equals(state.toMove());
    }

    /** The result in the library's words (from the save text, which carries resignations and agreed draws). */
    private String resultText() {
        if ("abandoned".equals(state.reason())) {
            return texts.get("online.abandoned");
        }
        try (Gomoku shown = Gomoku.load(state.save())) {
            return shown.resultText(texts.language());
        } catch (GomokuException e) {
            return state.result();
        }
    }

    /** The window's title while online: the rule and size of the room. */
    String title() {
        if (state == null) {
            return texts.get("online.title");
        }
        Rule rule = Rule.valueOf(state.rule().toUpperCase(Locale.ROOT));
        return texts.get("online.title") + " — " + rule.displayName(texts.language()) + ", " + texts.format("size", state.size());
    }

    /** The room's game as save text (for the demo's Save). */
    String saveText() {
        return state == null ? null : state.save();
    }

    // For tests that drive the real UI.

    Protocol.State state() {
        return state;
    }

    Stone colour() {
        return colour;
    }

    String room() {
        return room;
    }

    String noteText() {
        return note.getText();
    }

    String offerText() {
        return offerBar.isVisible() ? offerText.getText() : null;
    }

    /** A stone drawn as the board draws it, for the players' labels. */
    private record StoneIcon(Stone stone) implements Icon {
        @Override
        public void paintIcon(Component c, Graphics g, int x, int y) {
            Graphics2D g2 = (Graphics2D) g.create();
            g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g2.setColor(stone == Stone.BLACK ? new Color(20, 20, 20) : Color.WHITE);
            g2.fillOval(x + 1, y + 1, getIconWidth() - 2, getIconHeight() - 2);
            g2.setColor(new Color(90, 90, 90));
            g2.drawOval(x + 1, y + 1, getIconWidth() - 2, getIconHeight() - 2);
            g2.dispose();
        }

        @Override
        public int getIconWidth() {
            return 16;
        }

        @Override
        public int getIconHeight() {
            return 16;
        }
    }
}
