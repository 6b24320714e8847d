package org.gomoku.demo;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.RadialGradientPaint;
import java.awt.RenderingHints;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Point2D;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javax.swing.JPanel;
import org.gomoku.Point;
import org.gomoku.Stone;

/**
 * Draws a board from a snapshot of the game and reports clicks as points.
 * Every length (lines, stones, marks, labels) is a fraction of the cell,
 * computed from the current size on every paint, so the board reads the same
 * in a small window and a large one. The board colour is the panel's
 * background; lines and labels turn light on a dark colour.
 */
final class BoardPanel extends JPanel {
    private static final long serialVersionUID = 1L;

    /**
     * What to draw: an immutable snapshot taken on the event thread. Stones
     * are {@code stones[y][x]}; {@code candidates} are the hint's points,
     * numbered from 1 (the engine's choice) on the board; {@code heat}, when
     * not null, holds per-point scores {@code heat[y][x]}.
     */
    record View(int size, Stone[][] stones, Point last, List<Point> winning, List<Point> forbidden, List<Point> candidates, int[][] heat) {}

    private static final Color WIN_MARK = new Color(220, 30, 30);
    private static final Color FORBIDDEN_MARK = new Color(200, 0, 0);
    private static final Color HINT_MARK = new Color(25, 105, 230);

    private transient View view;
    private transient Consumer<Point> onClick = p -> {};

    BoardPanel(Dimension preferred) {
        setPreferredSize(preferred);
        addMouseListener(new MouseAdapter() {
            @Override
            public void mouseReleased(MouseEvent e) {
                Point p = pointAt(e.getX(), e.getY());
                if (p != null) {
                    onClick.accept(p);
                }
            }
        });
    }

    void setOnClick(Consumer<Point> onClick) {
        this.onClick = onClick;
    }

    void show(View view) {
        this.view = view;
        repaint();
    }

    View view() {
        return view;
    }

    /**
     * The star points (星位) of a {@code size × size} board: the centre and the
     * four points on the fourth lines of a 15×15 board, the nine of a 19×19
     * board; on other sizes the corner points on the fourth line (third below
     * 13), the centre of an odd board, the side points of an odd board from 19
     * up, and only the centre below 9.
     */
    static List<Point> starPoints(int size) {
        List<Point> points = new ArrayList<>();
        boolean odd = size % 2 == 1;
        int centre = size / 2;
        if (size < 9) {
            if (odd) {
                points.add(new Point(centre, centre));
            }
            return points;
        }
        int near = size >= 13 ? 3 : 2;
        int far = size - 1 - near;
        for (int y : new int[] {near, far}) {
            for (int x : new int[] {near, far}) {
                points.add(new Point(x, y));
            }
        }
        if (odd) {
            points.add(new Point(centre, centre));
            if (size >= 19) {
                points.add(new Point(centre, near));
                points.add(new Point(centre, far));
                points.add(new Point(near, centre));
                points.add(new Point(far, centre));
            }
        }
        return points;
    }

    /** The stones of a board array {@code rows[y][x]} of C codes, as a view holds them. */
    static Stone[][] stones(int[][] rows) {
        Stone[][] stones = new Stone[rows.length][];
        for (int y = 0; y < rows.length; y++) {
            stones[y] = new Stone[rows[y].length];
            for (int x = 0; x < rows[y].length; x++) {
                stones[y][x] = Stone.of(rows[y][x]);
            }
        }
        return stones;
    }

    /** Board geometry for the current component size: the board is centred, one cell of margin each side. */
    private record Geometry(double left, double top, double cell) {
        double x(int column) {
            return left + column * cell;
        }

        double y(int row) {
            return top + row * cell;
        }
    }

    private Geometry geometry() {
        int n = view == null ? 15 : view.size();
        double side = Math.min(getWidth(), getHeight());
        double cell = side / (n + 1);
        double span = cell * (n - 1);
        return new Geometry((getWidth() - span) / 2, (getHeight() - span) / 2, cell);
    }

    /** The board point under pixel (x, y), or null. */
    Point pointAt(int x, int y) {
        if (view == null) {
            return null;
        }
        Geometry g = geometry();
        int px = (int) Math.round((x - g.left()) / g.cell());
        int py = (int) Math.round((y - g.top()) / g.cell());
        return px >= 0 && py >= 0 && px < view.size() && py < view.size() ? new Point(px, py) : null;
    }

    /** The pixel centre of a board point (for tests that click through the UI). */
    java.awt.Point pixelOf(Point p) {
        Geometry g = geometry();
        return new java.awt.Point((int) Math.round(g.x(p.x())), (int) Math.round(g.y(p.y())));
    }

    /** The cell's width in pixels at the current size. */
    double cellSize() {
        return geometry().cell();
    }

    /** Whether a colour is dark enough to want light lines on it. */
    private static boolean isDark(Color c) {
        return 0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue() < 110;
    }

    @Override
    protected void paintComponent(Graphics graphics) {
        super.paintComponent(graphics);
        if (view == null) {
            return;
        }
        Graphics2D g2 = (Graphics2D) graphics.create();
        g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g2.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        Geometry g = geometry();
        Color ink = isDark(getBackground()) ? new Color(235, 235, 225) : new Color(40, 30, 20);
        drawHeat(g2, g);
        drawGrid(g2, g, ink);
        drawStones(g2, g);
        drawMarks(g2, g);
        g2.dispose();
    }

    private void drawHeat(Graphics2D g2, Geometry g) {
        if (view.heat() == null) {
            return;
        }
        int top = 1;
        for (int[] row : view.heat()) {
            for (int v : row) {
                top = Math.max(top, v);
            }
        }
        double cell = g.cell();
        for (int y = 0; y < view.size(); y++) {
            for (int x = 0; x < view.size(); x++) {
                int v = view.heat()[y][x];
                if (v > 0) {
                    g2.setColor(new Color(210, 40, 40, (int) Math.min(170, 170.0 * v / top)));
                    g2.fill(new Ellipse2D.Double(g.x(x) - cell * 0.42, g.y(y) - cell * 0.42, cell * 0.84, cell * 0.84));
                }
            }
        }
    }

    private void drawGrid(Graphics2D g2, Geometry g, Color ink) {
        int n = view.size();
        double cell = g.cell();
        float line = (float) Math.max(1.0, cell / 32);
        g2.setColor(ink);
        g2.setStroke(new BasicStroke(line));
        for (int i = 1; i < n - 1; i++) {
            g2.draw(new Line2D.Double(g.x(0), g.y(i), g.x(n - 1), g.y(i)));
            g2.draw(new Line2D.Double(g.x(i), g.y(0), g.x(i), g.y(n - 1)));
        }
        g2.setStroke(new BasicStroke(line * 2));
        g2.draw(new java.awt.geom.Rectangle2D.Double(g.x(0), g.y(0), cell * (n - 1), cell * (n - 1)));
        double star = Math.max(2.0, cell * 0.1);
        for (Point p : starPoints(n)) {
            g2.fill(new Ellipse2D.Double(g.x(p.x()) - star, g.y(p.y()) - star, 2 * star, 2 * star));
        }
        g2.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, (int) Math.max(8, Math.min(18, cell * 0.36))));
        FontMetrics metrics = g2.getFontMetrics();
        for (int i = 0; i < n; i++) {
            String column = String.valueOf((char) ('a' + i));
            g2.drawString(column, (float) (g.x(i) - metrics.stringWidth(column) / 2.0), (float) (g.y(0) - cell * 0.55));
            String row = String.valueOf(i + 1);
            g2.drawString(row, (float) (g.x(0) - cell * 0.55 - metrics.stringWidth(row)), (float) (g.y(i) + metrics.getAscent() / 2.0 - 1));
        }
    }

    private void drawStones(Graphics2D g2, Geometry g) {
        double cell = g.cell();
        double r = cell * 0.46;
        for (int y = 0; y < view.size(); y++) {
            for (int x = 0; x < view.size(); x++) {
                Stone s = view.stones()[y][x];
                if (s == Stone.EMPTY) {
                    continue;
                }
                double cx = g.x(x);
                double cy = g.y(y);
                Ellipse2D.Double disc = new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r);
                g2.setColor(new Color(0, 0, 0, 60));
                g2.fill(new Ellipse2D.Double(cx - r + cell * 0.05, cy - r + cell * 0.06, 2 * r, 2 * r));
                Point2D light = new Point2D.Double(cx - r * 0.35, cy - r * 0.4);
                Color[] shades = s == Stone.BLACK
                        ? new Color[] {new Color(110, 110, 110), new Color(15, 15, 15)}
                        : new Color[] {Color.WHITE, new Color(205, 205, 200)};
                g2.setPaint(new RadialGradientPaint(light, (float) (r * 1.3), new float[] {0f, 1f}, shades));
                g2.fill(disc);
                if (s == Stone.WHITE) {
                    g2.setColor(new Color(120, 120, 115));
                    g2.setStroke(new BasicStroke((float) Math.max(1.0, cell / 40)));
                    g2.draw(disc);
                }
            }
        }
    }

    private void drawMarks(Graphics2D g2, Geometry g) {
        double cell = g.cell();
        double r = cell * 0.46;
        g2.setStroke(new BasicStroke((float) Math.max(2.0, cell / 12)));
        g2.setColor(WIN_MARK);
        for (Point p : view.winning()) {
            g2.draw(new Ellipse2D.Double(g.x(p.x()) - r, g.y(p.y()) - r, 2 * r, 2 * r));
        }
        if (view.last() != null) {
            Point p = view.last();
            double m = cell * 0.13;
            boolean onBlack = view.stones()[p.y()][p.x()] == Stone.BLACK;
            g2.setColor(onBlack ? new Color(255, 90, 80) : new Color(215, 40, 30));
            g2.fill(new Ellipse2D.Double(g.x(p.x()) - m, g.y(p.y()) - m, 2 * m, 2 * m));
        }
        g2.setColor(FORBIDDEN_MARK);
        g2.setStroke(new BasicStroke((float) Math.max(1.5, cell / 16)));
        double d = cell * 0.2;
        for (Point p : view.forbidden()) {
            double cx = g.x(p.x());
            double cy = g.y(p.y());
            g2.draw(new Line2D.Double(cx - d, cy - d, cx + d, cy + d));
            g2.draw(new Line2D.Double(cx + d, cy - d, cx - d, cy + d));
        }
        g2.setFont(new Font(Font.SANS_SERIF, Font.BOLD, (int) Math.max(8, cell * 0.45)));
        FontMetrics metrics = g2.getFontMetrics();
        double mark = cell * 0.38;
        for (int i = 0; i < view.candidates().size(); i++) {
            Point p = view.candidates().get(i);
            double cx = g.x(p.x());
            double cy = g.y(p.y());
            Ellipse2D.Double disc = new Ellipse2D.Double(cx - mark, cy - mark, 2 * mark, 2 * mark);
            g2.setColor(i == 0 ? HINT_MARK : new Color(HINT_MARK.getRed(), HINT_MARK.getGreen(), HINT_MARK.getBlue(), 150));
            g2.fill(disc);
            g2.setColor(Color.WHITE);
            String number = String.valueOf(i + 1);
            g2.drawString(number, (float) (cx - metrics.stringWidth(number) / 2.0), (float) (cy + metrics.getAscent() * 0.36));
        }
    }
}
