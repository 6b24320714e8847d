package org.gomoku;

import java.util.List;

/**
 * Why one point is worth playing: the shapes a stone there {@code makes} for
 * the side to move (strongest first), how they {@code combine}, the
 * opponent's shapes it {@code blocks}, its threat {@code value} (higher is
 * better) and a sentence saying so in the hint's language, such as
 * "h8 makes a four-three" or "h8 挡住白棋的活三".
 */
public record HintPoint(Point point, List<Shape> makes, Combination combination, List<Shape> blocks, long value, String text) {
    /** Copies the lists, so a hint point never changes. */
    public HintPoint {
        makes = List.copyOf(makes);
        blocks = List.copyOf(blocks);
    }
}
