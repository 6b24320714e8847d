package gobang;

/** Win detection written by hand: five or more in a row through the last stone. */
public class RuleChecker {
    private static final int[][] DIRECTIONS = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

    /** Whether the stone on (x, y) makes five or more in a row. */
    public static boolean checkWin(GameBoard board, int x, int y) {
        int player = board.getPiece(x, y);
        if (player == GameBoard.EMPTY) {
            return false;
        }
        for (int[] d : DIRECTIONS) {
            int count = 1 + countInDirection(board, x, y, d[0], d[1]) + countInDirection(board, x, y, -d[0], -d[1]);
            if (count >= 5) {
                return true;
            }
        }
        return false;
    }

    private static int countInDirection(GameBoard board, int x, int y, int dx, int dy) {
        int count = 0;
        int nx = x + dx;
        int ny = y + dy;
        while (board.isValidPoint(nx, ny) && board.getPiece(nx, ny) == board.getPiece(x, y)) {
            count++;
            nx += dx;
            ny += dy;
        }
        return count;
    }
}
