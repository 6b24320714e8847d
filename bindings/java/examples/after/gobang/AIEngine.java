package gobang;

import org.gomoku.AiOptions;
import org.gomoku.Gomoku;
import org.gomoku.Point;

/** The computer's moves from libgomoku's engine. */
public class AIEngine {
    private final int level = 3; // 1 (the tutorials' scoring) to Gomoku.maxLevel() (full strength)

    /**
     * The best move for the side to move on {@code board} (board[x][y]), as {x, y}.
     * It may think for a second: call it off the event thread.
     */
    public int[] findBestMove(int[][] board) {
        try (Gomoku game = Gomoku.fromColumns(board, RuleChecker.RULE)) {
            Point p = game.aiMove(AiOptions.of(level, 1000));
            return new int[] {p.x(), p.y()};
        }
    }
}
