package gobang;

import javax.swing.SwingUtilities;

/** Starts the game: a window with the board, 新游戏 and 悔棋. */
public class Main {
    /** Opens the window on Swing's event thread. */
    public static void main(String[] args) {
        SwingUtilities.invokeLater(() -> new GameController().start());
    }
}
