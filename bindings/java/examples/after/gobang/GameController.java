package gobang;

import java.awt.BorderLayout;
import java.util.concurrent.ExecutionException;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.SwingWorker;
import org.gomoku.IllegalMoveException;

/** Runs the game: the player is black, the computer white. */
public class GameController {
    private GameBoard board = new GameBoard();
    private final AIEngine ai = new AIEngine();
    private final JFrame frame = new JFrame("五子棋");
    private final JLabel status = new JLabel("轮到你了（黑棋）");
    private BoardPanel panel;
    private boolean isPlayerTurn = true;
    private boolean gameOver = false;
    private int generation = 0; // counts undos and new games, so a late answer of the AI is dropped

    /** Opens the window: the buttons, the status line and the board. */
    public void start() {
        JButton newGame = new JButton("新游戏");
        newGame.addActionListener(e -> resetGame());
        JButton undo = new JButton("悔棋");
        undo.addActionListener(e -> undo());
        JPanel buttons = new JPanel();
        buttons.add(newGame);
        buttons.add(undo);
        buttons.add(status);
        frame.add(buttons, BorderLayout.NORTH);
        panel = new BoardPanel(board, this);
        frame.add(panel, BorderLayout.CENTER);
        frame.setDefaultCloseOperation(JFrame.EXIT_ON_CLOSE);
        frame.pack();
        frame.setVisible(true);
    }

    /** Called by BoardPanel when the player clicks (x, y). */
    public void handleClick(int x, int y) {
        if (!isPlayerTurn || gameOver) {
            return;
        }
        String result;
        try {
            result = RuleChecker.play(board, x, y);
        } catch (IllegalMoveException e) {
            if (e.reason() == IllegalMoveException.Reason.FORBIDDEN) {
                status.setText("这是黑棋的禁手点，请换一个位置");
            }
            return;
        }
        panel.repaint();
        if (result != null) {
            finish(result);
            return;
        }
        isPlayerTurn = false;
        aiMove();
    }

    private void aiMove() {
        status.setText("电脑思考中…");
        int[][] position = board.toArray(); // a copy: the worker thread never touches the live board
        int asked = generation;
        new SwingWorker<int[], Void>() {
            @Override
            protected int[] doInBackground() {
                return ai.findBestMove(position); // off the event thread: the window keeps responding
            }

            @Override
            protected void done() { // back on the event thread
                if (asked != generation) {
                    return; // undone or restarted while the computer was thinking
                }
                int[] move;
                try {
                    move = get();
                } catch (InterruptedException | ExecutionException e) {
                    status.setText("电脑出错：" + e.getMessage());
                    return;
                }
                String result = RuleChecker.play(board, move[0], move[1]);
                panel.repaint();
                if (result != null) {
                    finish(result);
                    return;
                }
                isPlayerTurn = true;
                status.setText("轮到你了（黑棋）");
            }
        }.execute();
    }

    // Takes moves back until it is the player's (black's) turn again, even while the computer thinks.
    private void undo() {
        generation++;
        if (board.undo()) {
            while (board.moveCount() % 2 != 0) {
                board.undo();
            }
        }
        gameOver = false;
        isPlayerTurn = true;
        status.setText("轮到你了（黑棋）");
        panel.repaint();
    }

    private void finish(String message) {
        gameOver = true;
        status.setText(message);
    }

    private void resetGame() {
        generation++;
        frame.remove(panel);
        board = new GameBoard();
        panel = new BoardPanel(board, this);
        frame.add(panel, BorderLayout.CENTER);
        frame.revalidate();
        isPlayerTurn = true;
        gameOver = false;
        status.setText("轮到你了（黑棋）");
    }
}
