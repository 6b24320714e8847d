package gobang;

/**
 * A greedy scoring AI, as the tutorials teach it: every empty point is scored
 * by the lines it would make for the computer (attack) and for the player
 * (defence), and the best point is played.
 */
public class AIEngine {
    private static final int[][] DIRECTIONS = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

    /** The point with the highest score, as {x, y}. */
    public int[] findBestMove(GameBoard board, int aiPlayer, int humanPlayer) {
        int bestScore = -1;
        int[] bestMove = {GameBoard.SIZE / 2, GameBoard.SIZE / 2};
        for (int x = 0; x < GameBoard.SIZE; x++) {
            for (int y = 0; y < GameBoard.SIZE; y++) {
                if (board.getPiece(x, y) != GameBoard.EMPTY) {
                    continue;
                }
                int attack = evaluatePoint(board, x, y, aiPlayer);
                int defense = evaluatePoint(board, x, y, humanPlayer);
                int total = attack + (int) (defense * 0.9);
                if (total > bestScore) {
                    bestScore = total;
                    bestMove = new int[] {x, y};
                }
            }
        }
        return bestMove;
    }

    /** What a stone of {@code player} on (x, y) would be worth, line by line. */
    private int evaluatePoint(GameBoard board, int x, int y, int player) {
        int score = 0;
        for (int[] d : DIRECTIONS) {
            int count = 1;
            int openEnds = 0;
            for (int sign : new int[] {1, -1}) {
                int nx = x + sign * d[0];
                int ny = y + sign * d[1];
                while (board.isValidPoint(nx, ny) && board.getPiece(nx, ny) == player) {
                    count++;
                    nx += sign * d[0];
                    ny += sign * d[1];
                }
                if (board.isValidPoint(nx, ny) && board.getPiece(nx, ny) == GameBoard.EMPTY) {
                    openEnds++;
                }
            }
            score += shapeScore(count, openEnds);
        }
        return score;
    }

    /** The weight table: 连五, 活四, 冲四, 活三, 眠三, 活二, 眠二. */
    private int shapeScore(int count, int openEnds) {
        if (count >= 5) {
            return 1_000_000;
        }
        if (openEnds == 0) {
            return 0;
        }
        return switch (count) {
            case 4 -> openEnds == 2 ? 100_000 : 10_000;
            case 3 -> openEnds == 2 ? 8_000 : 1_000;
            case 2 -> openEnds == 2 ? 500 : 100;
            default -> openEnds == 2 ? 50 : 10;
        };
    }
}
