package gobang;

import java.awt.BorderLayout;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JPanel;

/** Runs the game: the player is black, the computer white. */
public class GameController {
    private GameBoard board = new GameBoard();
    private final AIEngine ai = new AIEngine();
    private final JFrame frame = new JFrame("五子棋");
    private final JLabel status = new JLabel("轮到你了（黑棋）");
    private BoardPanel panel;
    private boolean isPlayerTurn = true;
    private boolean gameOver = false;

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
        if (!board.place(x, y, GameBoard.BLACK)) {
            return;
        }
        panel.repaint();
        if (RuleChecker.checkWin(board, x, y)) {
            finish("黑方获胜");
            return;
        }
        isPlayerTurn = false;
        aiMove();
    }

    private void aiMove() {
        int[] move = ai.findBestMove(board, GameBoard.WHITE, GameBoard.BLACK);
        board.place(move[0], move[1], GameBoard.WHITE);
        panel.repaint();
        if (RuleChecker.checkWin(board, move[0], move[1])) {
            finish("白方获胜");
            return;
        }
        isPlayerTurn = true;
        status.setText("轮到你了（黑棋）");
    }

    // Takes back the player's last move and the computer's answer.
    private void undo() {
        if (board.moveCount() < 2) {
            return;
        }
        board.undo();
        board.undo();
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
