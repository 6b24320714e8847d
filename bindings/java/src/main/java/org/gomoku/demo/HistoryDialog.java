package org.gomoku.demo;

import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.FlowLayout;
import java.awt.event.WindowAdapter;
import java.awt.event.WindowEvent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JDialog;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSplitPane;
import javax.swing.JTable;
import javax.swing.ListSelectionModel;
import javax.swing.SwingWorker;
import javax.swing.table.DefaultTableModel;
import org.gomoku.Gomoku;
import org.gomoku.GomokuException;
import org.gomoku.Point;
import org.gomoku.Stone;

/**
 * The finished games of the history file, newest first, with date, players,
 * rule, length and result, and a board that replays the chosen one move by
 * move. The file is read off the event thread; the games are closed with the
 * dialog.
 */
final class HistoryDialog extends JDialog {
    private static final long serialVersionUID = 1L;

    private final transient Texts texts;
    private final DefaultTableModel rows;
    private final JTable table;
    private final BoardPanel board = new BoardPanel(new Dimension(460, 460));
    private final JLabel step = new JLabel(" ");
    private final JButton continueButton;
    /** The games in table order (newest first). */
    private final transient List<Gomoku> games = new ArrayList<>();
    private int shownMoves;

    /**
     * A dialog over {@code owner} listing the games of {@code file} on a
     * board of {@code boardColour}; {@code continueGame} receives the save text
     * of a game to play on.
     */
    HistoryDialog(JFrame owner, Texts texts, Path file, Color boardColour, Consumer<String> continueGame) {
        super(owner, texts.get("history.title"), false);
        this.texts = texts;
        setName("history");
        setDefaultCloseOperation(DISPOSE_ON_CLOSE);
        String[] columns = {
            texts.get("history.column.date"),
            texts.get("history.column.black"),
            texts.get("history.column.white"),
            texts.get("history.column.rule"),
            texts.get("history.column.moves"),
            texts.get("history.column.result")
        };
        rows = new DefaultTableModel(columns, 0) {
            private static final long serialVersionUID = 1L;

            @Override
            public boolean isCellEditable(int row, int column) {
                return false;
            }
        };
        table = new JTable(rows);
        table.setName("history.table");
        table.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        table.setRowHeight(Math.max(table.getRowHeight(), table.getFontMetrics(table.getFont()).getHeight() + 6));
        table.getSelectionModel().addListSelectionListener(e -> {
            if (!e.getValueIsAdjusting() && selected() != null) {
                showMoves(selected().moves().size());
            }
        });
        int[] widths = {130, 100, 100, 110, 50, 230};
        for (int c = 0; c < widths.length; c++) {
            table.getColumnModel().getColumn(c).setPreferredWidth(widths[c]);
        }

        JPanel controls = new JPanel(new FlowLayout(FlowLayout.CENTER));
        controls.add(button("history.first", () -> showMoves(0)));
        controls.add(button("history.previous", () -> showMoves(shownMoves - 1)));
        controls.add(step);
        controls.add(button("history.next", () -> showMoves(shownMoves + 1)));
        controls.add(button("history.last", () -> showMoves(Integer.MAX_VALUE)));
        continueButton = button("history.continue", () -> {
            continueGame.accept(selected().save());
            dispose();
        });
        continueButton.setEnabled(false);
        controls.add(continueButton);
        controls.add(button("history.close", this::dispose));

        board.setBackground(boardColour);
        JScrollPane list = new JScrollPane(table);
        list.setPreferredSize(new Dimension(720, 460));
        JSplitPane split = new JSplitPane(JSplitPane.HORIZONTAL_SPLIT, list, board);
        split.setResizeWeight(0.6);
        JLabel where = new JLabel(texts.get("history.loading"));
        where.setName("history.status");
        where.setBorder(BorderFactory.createEmptyBorder(4, 8, 4, 8));
        JPanel bottom = new JPanel(new BorderLayout());
        bottom.add(controls, BorderLayout.CENTER);
        bottom.add(where, BorderLayout.SOUTH);
        getContentPane().add(split, BorderLayout.CENTER);
        getContentPane().add(bottom, BorderLayout.SOUTH);
        addWindowListener(new WindowAdapter() {
            @Override
            public void windowClosed(WindowEvent e) {
                games.forEach(Gomoku::close);
                games.clear();
            }
        });
        pack();
        setLocationRelativeTo(owner);
        load(file, where);
    }

    private JButton button(String key, Runnable action) {
        JButton b = new JButton(texts.get(key));
        b.setName(key);
        b.addActionListener(e -> action.run());
        return b;
    }

    /** Reads the history on a worker thread and fills the table, newest first. */
    private void load(Path file, JLabel where) {
        new SwingWorker<List<Gomoku>, Void>() {
            @Override
            protected List<Gomoku> doInBackground() {
                return Gomoku.readHistory(file);
            }

            @Override
            protected void done() {
                List<Gomoku> read;
                try {
                    read = get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (ExecutionException e) {
                    where.setText(texts.get("error.history") + ": " + e.getCause().getMessage());
                    return;
                }
                if (!isDisplayable()) {
                    read.forEach(Gomoku::close);
                    return;
                }
                for (int i = read.size() - 1; i >= 0; i--) {
                    Gomoku g = read.get(i);
                    games.add(g);
                    rows.addRow(new Object[] {
                        g.date().orElse("—"),
                        g.player(Stone.BLACK).orElse("—"),
                        g.player(Stone.WHITE).orElse("—"),
                        g.rule().displayName(texts.language()),
                        g.moves().size(),
                        g.resultText(texts.language())
                    });
                }
                where.setText(games.isEmpty() ? texts.format("history.empty", file) : file.toString());
                if (!games.isEmpty()) {
                    table.setRowSelectionInterval(0, 0);
                }
            }
        }.execute();
    }

    private Gomoku selected() {
        int row = table.getSelectedRow();
        return row >= 0 && row < games.size() ? games.get(row) : null;
    }

    /** Shows the selected game after its first {@code moves} moves (clamped to the game). */
    void showMoves(int moves) {
        Gomoku game = selected();
        if (game == null) {
            return;
        }
        int total = game.moves().size();
        shownMoves = Math.max(0, Math.min(total, moves));
        try (Gomoku shown = GomokuDemo.rewound(game, shownMoves)) {
            List<Point> winning = shownMoves == total ? game.winningLine() : List.of();
            board.show(new BoardPanel.View(shown.size(), BoardPanel.stones(shown.rows()), shown.lastMove(), winning, List.of(), List.of(), null));
        } catch (GomokuException e) {
            step.setText(e.getMessage());
            return;
        }
        step.setText(texts.format("history.step", shownMoves, total));
        continueButton.setEnabled(true);
    }

    // For tests.

    int gameCount() {
        return games.size();
    }

    Object cell(int row, int column) {
        return rows.getValueAt(row, column);
    }

    int shownMoves() {
        return shownMoves;
    }

    BoardPanel boardPanel() {
        return board;
    }
}
