package org.gomoku;

import java.util.List;

/**
 * A hint that teaches ({@link Gomoku#hint}): the {@code move} the engine
 * would play, its {@code score} for the side to move (0 when {@code mateIn}
 * is set; {@code mateIn} counts plies to a forced end, positive when the
 * mover wins), the {@code forcedWin} that move starts with its
 * {@code forcedLine} (the moves and forced replies to the five, empty for
 * {@link ForcedWin#NONE}; very long lines are cut), the best few
 * {@code candidates} with their reasons, the engine's move first, and the
 * whole hint as one sentence in {@code text}.
 */
public record Hint(
        Point move,
        int score,
        int mateIn,
        ForcedWin forcedWin,
        List<Point> forcedLine,
        List<HintPoint> candidates,
        String text) {
    /** Copies the lists, so a hint never changes. */
    public Hint {
        forcedLine = List.copyOf(forcedLine);
        candidates = List.copyOf(candidates);
    }
}
