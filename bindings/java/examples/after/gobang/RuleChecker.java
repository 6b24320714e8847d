package gobang;

import org.gomoku.Gomoku;
import org.gomoku.Language;
import org.gomoku.Point;
import org.gomoku.Rule;

/** The rules, asked of libgomoku, which reads the board as it is: board[x][y]. */
public class RuleChecker {
    /** Rule.RENJU gives black forbidden points; Rule.FREESTYLE is five or more, no forbidden points. */
    public static final Rule RULE = Rule.RENJU;

    /**
     * Plays (x, y) for the side to move and puts the stone on the board.
     * Returns null while the game goes on, else how it ended ("黑棋五连获胜").
     *
     * @throws org.gomoku.IllegalMoveException if the point is taken, off the board or forbidden
     */
    public static String play(GameBoard board, int x, int y) {
        try (Gomoku game = Gomoku.fromColumns(board.toArray(), RULE)) {
            int player = game.sideToMove().code();
            game.play(new Point(x, y));
            board.place(x, y, player);
            return game.isOver() ? game.resultText(Language.CHINESE) : null;
        }
    }
}
