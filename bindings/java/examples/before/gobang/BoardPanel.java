package gobang;

import java.awt.Color;
import java.awt.Dimension;
import java.awt.Graphics;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import javax.swing.JPanel;

/** Draws the board from GameBoard and passes clicks to the controller as (x, y). */
public class BoardPanel extends JPanel {
    private static final long serialVersionUID = 1L;
    private static final int CELL_SIZE = 40;
    private static final int MARGIN = 30;

    private final GameBoard board;

    /** A panel drawing {@code board} and telling {@code controller} where the player clicks. */
    public BoardPanel(GameBoard board, GameController controller) {
        this.board = board;
        int side = 2 * MARGIN + (GameBoard.SIZE - 1) * CELL_SIZE;
        setPreferredSize(new Dimension(side, side));
        setBackground(new Color(0xDC, 0xB3, 0x5C));
        addMouseListener(new MouseAdapter() {
            @Override
            public void mouseReleased(MouseEvent e) {
                int x = Math.round((e.getX() - MARGIN) / (float) CELL_SIZE);
                int y = Math.round((e.getY() - MARGIN) / (float) CELL_SIZE);
                controller.handleClick(x, y);
            }
        });
    }

    @Override
    protected void paintComponent(Graphics g) {
        super.paintComponent(g);
        g.setColor(Color.BLACK);
        int end = MARGIN + (GameBoard.SIZE - 1) * CELL_SIZE;
        for (int i = 0; i < GameBoard.SIZE; i++) {
            g.drawLine(MARGIN, MARGIN + i * CELL_SIZE, end, MARGIN + i * CELL_SIZE);
            g.drawLine(MARGIN + i * CELL_SIZE, MARGIN, MARGIN + i * CELL_SIZE, end);
        }
        for (int x = 0; x < GameBoard.SIZE; x++) {
            for (int y = 0; y < GameBoard.SIZE; y++) {
                int piece = board.getPiece(x, y);
                if (piece != GameBoard.EMPTY) {
                    g.setColor(piece == GameBoard.BLACK ? Color.BLACK : Color.WHITE);
                    g.fillOval(MARGIN + x * CELL_SIZE - 17, MARGIN + y * CELL_SIZE - 17, 34, 34);
                }
            }
        }
    }
}
