package org.gomoku.demo;

import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.ExecutionException;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JCheckBox;
import javax.swing.JComboBox;
import javax.swing.JFileChooser;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.JSpinner;
import javax.swing.SpinnerNumberModel;
import javax.swing.SwingUtilities;
import javax.swing.SwingWorker;
import org.gomoku.AiOptions;
import org.gomoku.Gomoku;
import org.gomoku.GomokuException;
import org.gomoku.Point;
import org.gomoku.Result;
import org.gomoku.Rule;
import org.gomoku.Stone;

/**
 * A Swing game on libgomoku: player against player or against the computer,
 * colour choice, size, rule and difficulty, undo, resign, hint with a heat
 * map, replay, save and load. The computer thinks on a {@link SwingWorker}
 * with a copy of the game, so the board never freezes.
 *
 * <p>Run: {@code mvn -q compile exec:java} in {@code bindings/java}.
 */
public final class GomokuDemo extends JFrame {
    private static final long serialVersionUID = 1L;

    private final BoardPanel board = new BoardPanel();
    private final JLabel status = new JLabel(" ");
    private final JComboBox<String> mode = new JComboBox<>(new String[] {"Player vs computer", "Player vs player"});
    private final JComboBox<String> colour = new JComboBox<>(new String[] {"You: black (first)", "You: white (second)"});
    private final JSpinner size = new JSpinner(new SpinnerNumberModel(15, 5, 26, 1));
    private final JComboBox<Rule> rule = new JComboBox<>(Rule.values());
    private final JComboBox<Integer> level = new JComboBox<>();
    private final JCheckBox heat = new JCheckBox("Heat map");
    private final JButton stop = new JButton("Stop thinking");
    private final JButton prev = new JButton("◀");
    private final JButton next = new JButton("▶");
    private final JButton replay = new JButton("Replay");

    private transient Gomoku game;
    private transient SwingWorker<Point, Void> thinker;
    private transient Gomoku thinking;
    /** Counts changes to the game, so a stale AI answer is dropped. */
    private int generation;
    private Point hint;
    /** The replayed position's move count, or -1 when not replaying. */
    private int replayAt = -1;
    private String resigned;

    public GomokuDemo() {
        super("gomoku " + Gomoku.version());
        for (int l = 1; l <= Gomoku.maxLevel(); l++) {
            level.addItem(l);
        }
        level.setSelectedItem(Math.min(4, Gomoku.maxLevel()));
        setDefaultCloseOperation(DISPOSE_ON_CLOSE);
        JPanel settings = new JPanel(new FlowLayout(FlowLayout.LEFT));
        settings.add(mode);
        settings.add(colour);
        settings.add(new JLabel("Size"));
        settings.add(size);
        settings.add(rule);
        settings.add(new JLabel("Level"));
        settings.add(level);
        JPanel actions = new JPanel(new FlowLayout(FlowLayout.LEFT));
        actions.add(button("New game", this::startFromSettings));
        actions.add(button("Undo", this::undo));
        actions.add(button("Resign", this::resign));
        actions.add(button("Hint", this::hint));
        actions.add(heat);
        actions.add(stop);
        JPanel files = new JPanel(new FlowLayout(FlowLayout.LEFT));
        files.add(replay);
        files.add(prev);
        files.add(next);
        files.add(button("Save…", this::save));
        files.add(button("Load…", this::load));
        heat.addActionListener(e -> refresh());
        stop.addActionListener(e -> stopThinking());
        replay.addActionListener(e -> toggleReplay());
        prev.addActionListener(e -> stepReplay(-1));
        next.addActionListener(e -> stepReplay(1));
        JPanel top = new JPanel(new BorderLayout());
        top.add(settings, BorderLayout.NORTH);
        top.add(actions, BorderLayout.CENTER);
        top.add(files, BorderLayout.SOUTH);
        status.setBorder(BorderFactory.createEmptyBorder(4, 8, 4, 8));
        getContentPane().add(top, BorderLayout.NORTH);
        getContentPane().add(board, BorderLayout.CENTER);
        getContentPane().add(status, BorderLayout.SOUTH);
        board.setOnClick(this::clicked);
        startFromSettings();
        pack();
        setLocationByPlatform(true);
    }

    private static JButton button(String text, Runnable action) {
        JButton b = new JButton(text);
        b.addActionListener(e -> action.run());
        return b;
    }

    private boolean vsComputer() {
        return mode.getSelectedIndex() == 0;
    }

    private Stone human() {
        return colour.getSelectedIndex() == 0 ? Stone.BLACK : Stone.WHITE;
    }

    /** Starts a new game with the chosen size, rule, mode and colour. */
    void startFromSettings() {
        stopThinking();
        if (game != null) {
            game.close();
        }
        game = new Gomoku((Integer) size.getValue(), (Rule) rule.getSelectedItem());
        changed();
    }

    /** Everything after the game changed: drop hints, maybe let the computer move, redraw. */
    private void changed() {
        generation++;
        hint = null;
        replayAt = -1;
        resigned = null;
        maybeComputerMoves();
        refresh();
    }

    private boolean computersTurn() {
        return vsComputer() && !game.isOver() && resigned == null && game.sideToMove() != human();
    }

    private void maybeComputerMoves() {
        if (computersTurn() && thinker == null) {
            think(new AiOptions((Integer) level.getSelectedItem(), 1000, 0, 0, 0), true);
        }
    }

    /** Runs the AI on a copy of the game; plays its move, or shows it as a hint. */
    private void think(AiOptions options, boolean play) {
        int asked = generation;
        thinking = game.copy();
        Gomoku copy = thinking;
        thinker = new SwingWorker<>() {
            @Override
            protected Point doInBackground() {
                return copy.aiMove(options);
            }

            @Override
            protected void done() {
                thinker = null;
                thinking = null;
                try {
                    Point p = get();
                    if (asked == generation) {
                        if (play) {
                            game.play(p);
                            changed();
                        } else {
                            hint = p;
                        }
                    }
                } catch (InterruptedException | ExecutionException | GomokuException e) {
                    status.setText("The computer could not move: " + e.getMessage());
                } finally {
                    copy.close();
                }
                maybeComputerMoves();
                refresh();
            }
        };
        thinker.execute();
        refresh();
    }

    private void stopThinking() {
        if (thinking != null) {
            thinking.stopAi();
        }
    }

    void clicked(Point p) {
        if (replayAt >= 0 || thinker != null || resigned != null || game.isOver() || computersTurn()) {
            return;
        }
        try {
            game.play(p);
            changed();
        } catch (GomokuException e) {
            status.setText(e.getMessage());
        }
    }

    private void undo() {
        if (thinker != null) {
            stopThinking();
            generation++;
        }
        try {
            game.undo();
            // Against the computer, back to the player's turn.
            while (vsComputer() && game.sideToMove() != human() && !game.moves().isEmpty()) {
                game.undo();
            }
        } catch (GomokuException e) {
            status.setText(e.getMessage());
            return;
        }
        changed();
    }

    private void resign() {
        if (!game.isOver() && resigned == null) {
            Stone loser = vsComputer() ? human() : game.sideToMove();
            resigned = name(loser) + " resigned: " + name(loser.opponent()) + " wins.";
            refresh();
        }
    }

    private void hint() {
        if (thinker == null && !game.isOver() && resigned == null) {
            think(new AiOptions(0, 500, 0, 0, 0), false);
        }
    }

    private void toggleReplay() {
        replayAt = replayAt >= 0 ? -1 : 0;
        refresh();
    }

    private void stepReplay(int delta) {
        if (replayAt >= 0) {
            replayAt = Math.max(0, Math.min(game.moves().size(), replayAt + delta));
            refresh();
        }
    }

    private void save() {
        JFileChooser chooser = new JFileChooser();
        if (chooser.showSaveDialog(this) == JFileChooser.APPROVE_OPTION) {
            try {
                Files.writeString(chooser.getSelectedFile().toPath(), game.save(), StandardCharsets.UTF_8);
                status.setText("Saved to " + chooser.getSelectedFile());
            } catch (IOException e) {
                JOptionPane.showMessageDialog(this, e.getMessage(), "Save failed", JOptionPane.ERROR_MESSAGE);
            }
        }
    }

    private void load() {
        JFileChooser chooser = new JFileChooser();
        if (chooser.showOpenDialog(this) == JFileChooser.APPROVE_OPTION) {
            try {
                loadText(Files.readString(chooser.getSelectedFile().toPath(), StandardCharsets.UTF_8));
            } catch (IOException | GomokuException e) {
                JOptionPane.showMessageDialog(this, e.getMessage(), "Load failed", JOptionPane.ERROR_MESSAGE);
            }
        }
    }

    /** Replaces the game with one read from save text. */
    void loadText(String text) {
        Gomoku loaded = Gomoku.load(text);
        stopThinking();
        game.close();
        game = loaded;
        size.setValue(game.size());
        rule.setSelectedItem(game.rule());
        changed();
    }

    private static String name(Stone s) {
        return s == Stone.BLACK ? "Black" : "White";
    }

    /** Redraws the board and the status line from the game. */
    private void refresh() {
        Gomoku shown = game;
        boolean replaying = replayAt >= 0;
        if (replaying) {
            shown = game.copy();
            while (shown.moves().size() > replayAt) {
                shown.undo();
            }
        }
        int n = shown.size();
        int[][] rows = shown.rows();
        Stone[][] stones = new Stone[n][n];
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                stones[y][x] = Stone.of(rows[y][x]);
            }
        }
        boolean showForbidden = shown.rule() == Rule.RENJU && shown.sideToMove() == Stone.BLACK && !shown.isOver();
        List<Point> forbidden = showForbidden ? shown.forbiddenPoints() : List.of();
        int[][] scores = heat.isSelected() && !shown.isOver() ? shown.scores(0) : null;
        board.show(new BoardPanel.View(n, stones, shown.lastMove(), shown.winningLine(), forbidden, replaying ? null : hint, scores));
        status.setText(describe(shown, replaying));
        stop.setEnabled(thinker != null);
        prev.setEnabled(replaying);
        next.setEnabled(replaying);
        replay.setText(replaying ? "End replay" : "Replay");
        if (replaying) {
            shown.close();
        }
    }

    private String describe(Gomoku shown, boolean replaying) {
        if (replaying) {
            return "Replay: move " + replayAt + " of " + game.moves().size();
        }
        if (resigned != null) {
            return resigned;
        }
        Result r = shown.result();
        return switch (r) {
            case BLACK_WON, WHITE_WON -> name(shown.winner()) + " wins with five in a row.";
            case DRAW -> "Draw: no move left.";
            default -> {
                String who = name(shown.sideToMove()) + " to move";
                if (thinker != null && hint == null && computersTurn()) {
                    yield who + " — the computer is thinking…";
                }
                String h = hint == null ? "" : " — hint: " + hint;
                yield who + (vsComputer() && !computersTurn() ? " (you)" : "") + h;
            }
        };
    }

    // For tests that drive the real UI.

    BoardPanel boardPanel() {
        return board;
    }

    Gomoku game() {
        return game;
    }

    boolean isThinking() {
        return thinker != null;
    }

    String statusText() {
        return status.getText();
    }

    public static void main(String[] args) {
        SwingUtilities.invokeLater(() -> new GomokuDemo().setVisible(true));
    }
}
