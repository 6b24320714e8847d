package gobang;

import java.util.ArrayDeque;
import java.util.Deque;

/** The board model: board[x][y], 0 empty, 1 black, 2 white, with a history for undo. */
public class GameBoard {
    public static final int SIZE = 15;
    public static final int EMPTY = 0;
    public static final int BLACK = 1;
    public static final int WHITE = 2;

    private final int[][] board = new int[SIZE][SIZE];
    private final Deque<int[]> history = new ArrayDeque<>();

    /** Puts a stone of {@code player} on (x, y); false if the point is off the board or taken. */
    public boolean place(int x, int y, int player) {
        if (!isValidPoint(x, y) || board[x][y] != EMPTY) {
            return false;
        }
        board[x][y] = player;
        history.push(new int[] {x, y, player});
        return true;
    }

    /** Takes the last stone back; false if there is none. */
    public boolean undo() {
        if (history.isEmpty()) {
            return false;
        }
        int[] last = history.pop();
        board[last[0]][last[1]] = EMPTY;
        return true;
    }

    /** Whether (x, y) is on the board. */
    public boolean isValidPoint(int x, int y) {
        return x >= 0 && x < SIZE && y >= 0 && y < SIZE;
    }

    /** The stone on (x, y): EMPTY, BLACK or WHITE. */
    public int getPiece(int x, int y) {
        return board[x][y];
    }

    /** How many stones have been played. */
    public int moveCount() {
        return history.size();
    }

    /** A copy of the board, board[x][y], for libgomoku and for the AI's thread. */
    public int[][] toArray() {
        int[][] copy = new int[SIZE][];
        for (int x = 0; x < SIZE; x++) {
            copy[x] = board[x].clone();
        }
        return copy;
    }
}
