package org.gomoku.demo;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.util.List;
import java.util.function.Consumer;
import javax.swing.JPanel;
import org.gomoku.Point;
import org.gomoku.Stone;

/**
 * Draws a board from a snapshot of the game and reports clicks as points.
 * Geometry is computed from the current size on every paint, so resizing
 * redraws correctly.
 */
final class BoardPanel extends JPanel {
    private static final long serialVersionUID = 1L;

    /** What to draw: an immutable snapshot taken on the event thread. */
    record View(int size, Stone[][] stones, Point last, List<Point> winning, List<Point> forbidden, Point hint, int[][] heat) {}

    private transient View view;
    private transient Consumer<Point> onClick = p -> {};

    BoardPanel() {
        setPreferredSize(new Dimension(640, 640));
        setBackground(new Color(0xE3, 0xB4, 0x6B));
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

    /** Board geometry for the current component size. */
    private record Geometry(double margin, double cell) {
        double at(int i) {
            return margin + i * cell;
        }
    }

    private Geometry geometry() {
        int n = view == null ? 15 : view.size();
        double side = Math.min(getWidth(), getHeight());
        double cell = side / (n + 1);
        return new Geometry(cell, cell);
    }

    /** The board point under pixel (x, y), or null. */
    Point pointAt(int x, int y) {
        if (view == null) {
            return null;
        }
        Geometry g = geometry();
        int px = (int) Math.round((x - g.margin()) / g.cell());
        int py = (int) Math.round((y - g.margin()) / g.cell());
        return px >= 0 && py >= 0 && px < view.size() && py < view.size() ? new Point(px, py) : null;
    }

    /** The pixel centre of a board point (for tests that click through the UI). */
    java.awt.Point pixelOf(Point p) {
        Geometry g = geometry();
        return new java.awt.Point((int) Math.round(g.at(p.x())), (int) Math.round(g.at(p.y())));
    }

    @Override
    protected void paintComponent(Graphics graphics) {
        super.paintComponent(graphics);
        if (view == null) {
            return;
        }
        Graphics2D g2 = (Graphics2D) graphics.create();
        g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        Geometry g = geometry();
        int n = view.size();
        double cell = g.cell();
        if (view.heat() != null) {
            int top = 1;
            for (int[] row : view.heat()) {
                for (int v : row) {
                    top = Math.max(top, v);
                }
            }
            for (int y = 0; y < n; y++) {
                for (int x = 0; x < n; x++) {
                    int v = view.heat()[y][x];
                    if (v > 0) {
                        int alpha = (int) Math.min(180, 180.0 * v / top);
                        g2.setColor(new Color(210, 40, 40, alpha));
                        g2.fillRect((int) (g.at(x) - cell / 2), (int) (g.at(y) - cell / 2), (int) cell, (int) cell);
                    }
                }
            }
        }
        g2.setColor(Color.BLACK);
        g2.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, Math.max(9, (int) (cell * 0.35))));
        for (int i = 0; i < n; i++) {
            g2.drawLine((int) g.at(0), (int) g.at(i), (int) g.at(n - 1), (int) g.at(i));
            g2.drawLine((int) g.at(i), (int) g.at(0), (int) g.at(i), (int) g.at(n - 1));
            g2.drawString(String.valueOf((char) ('a' + i)), (int) (g.at(i) - cell * 0.1), (int) (g.margin() * 0.55));
            g2.drawString(String.valueOf(i + 1), (int) (g.margin() * 0.2), (int) (g.at(i) + cell * 0.12));
        }
        int r = (int) (cell * 0.45);
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                Stone s = view.stones()[y][x];
                if (s == Stone.EMPTY) {
                    continue;
                }
                int cx = (int) g.at(x);
                int cy = (int) g.at(y);
                g2.setColor(s == Stone.BLACK ? new Color(20, 20, 20) : new Color(245, 245, 245));
                g2.fillOval(cx - r, cy - r, 2 * r, 2 * r);
                g2.setColor(Color.DARK_GRAY);
                g2.drawOval(cx - r, cy - r, 2 * r, 2 * r);
            }
        }
        g2.setStroke(new BasicStroke(Math.max(2f, (float) cell / 10)));
        for (Point p : view.winning()) {
            g2.setColor(new Color(220, 30, 30));
            g2.drawOval((int) g.at(p.x()) - r, (int) g.at(p.y()) - r, 2 * r, 2 * r);
        }
        if (view.last() != null) {
            Point p = view.last();
            int m = (int) (cell * 0.15);
            g2.setColor(new Color(230, 60, 60));
            g2.fillOval((int) g.at(p.x()) - m, (int) g.at(p.y()) - m, 2 * m, 2 * m);
        }
        for (Point p : view.forbidden()) {
            int d = (int) (cell * 0.2);
            int cx = (int) g.at(p.x());
            int cy = (int) g.at(p.y());
            g2.setColor(new Color(200, 0, 0));
            g2.drawLine(cx - d, cy - d, cx + d, cy + d);
            g2.drawLine(cx + d, cy - d, cx - d, cy + d);
        }
        if (view.hint() != null) {
            Point p = view.hint();
            g2.setColor(new Color(30, 120, 255));
            g2.drawRect((int) (g.at(p.x()) - r), (int) (g.at(p.y()) - r), 2 * r, 2 * r);
        }
        g2.dispose();
    }
}
