package org.gomoku.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Dimension;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.gomoku.Point;
import org.gomoku.Stone;
import org.junit.jupiter.api.Test;

/** The board's drawing, off screen: star points, and stones and lines that read at every size. */
class BoardPanelTest {
    private static Set<Point> points(String moves) {
        Set<Point> set = new HashSet<>();
        for (String m : moves.split(" ")) {
            set.add(Point.parse(m));
        }
        return set;
    }

    @Test
    void starPointsAreThoseOfRealBoards() {
        assertEquals(points("d4 l4 h8 d12 l12"), new HashSet<>(BoardPanel.starPoints(15)), "the renju board's five");
        assertEquals(points("d4 j4 p4 d10 j10 p10 d16 j16 p16"), new HashSet<>(BoardPanel.starPoints(19)), "go's nine");
        assertEquals(points("d4 j4 g7 d10 j10"), new HashSet<>(BoardPanel.starPoints(13)));
        assertEquals(points("c3 g3 e5 c7 g7"), new HashSet<>(BoardPanel.starPoints(9)));
        assertEquals(points("d4 s4 d19 s19"), new HashSet<>(BoardPanel.starPoints(22)), "an even board has no centre");
        assertEquals(points("d4 v4 d22 v22 m13 m4 m22 d13 v13"), new HashSet<>(BoardPanel.starPoints(25)));
        assertEquals(points("d4"), new HashSet<>(BoardPanel.starPoints(7)));
        assertTrue(BoardPanel.starPoints(6).isEmpty());
        for (int n = 5; n <= 26; n++) {
            for (Point p : BoardPanel.starPoints(n)) {
                assertTrue(p.x() >= 0 && p.y() >= 0 && p.x() < n && p.y() < n, n + ": " + p);
            }
            assertEquals(BoardPanel.starPoints(n).size(), new HashSet<>(BoardPanel.starPoints(n)).size(), "no star point twice on " + n);
        }
    }

    private static double brightness(int rgb) {
        Color c = new Color(rgb);
        return 0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue();
    }

    @Test
    void stonesAndLinesReadAtEverySize() {
        Stone[][] stones = new Stone[15][15];
        for (Stone[] row : stones) {
            java.util.Arrays.fill(row, Stone.EMPTY);
        }
        stones[7][7] = Stone.BLACK;
        stones[7][8] = Stone.WHITE;
        for (Color board : List.of(new Color(0xDC, 0xB3, 0x5C), new Color(0x3E, 0x72, 0x4E))) {
            for (int side : new int[] {240, 480, 1400}) {
                BoardPanel panel = new BoardPanel(new Dimension(side, side));
                panel.setSize(side, side);
                panel.setBackground(board);
                panel.show(new BoardPanel.View(15, stones, null, List.of(), List.of(), List.of(), null));
                BufferedImage image = new BufferedImage(side, side, BufferedImage.TYPE_INT_RGB);
                Graphics2D g = image.createGraphics();
                panel.paint(g);
                g.dispose();
                java.awt.Point black = panel.pixelOf(new Point(7, 7));
                java.awt.Point white = panel.pixelOf(new Point(8, 7));
                assertTrue(brightness(image.getRGB(black.x, black.y)) < 80, "a black stone is dark at " + side);
                assertTrue(brightness(image.getRGB(white.x, white.y)) > 200, "a white stone is light at " + side);
                // A grid crossing away from the stones stands out from the board.
                java.awt.Point crossing = panel.pixelOf(new Point(2, 5));
                double contrast = Math.abs(brightness(image.getRGB(crossing.x, crossing.y)) - brightness(board.getRGB()));
                assertTrue(contrast > 60, "the lines read on " + board + " at " + side + ": " + contrast);
                assertEquals(new Point(7, 7), panel.pointAt(black.x, black.y));
                assertTrue(panel.cellSize() >= side / 16.0 - 1);
            }
        }
    }
}
