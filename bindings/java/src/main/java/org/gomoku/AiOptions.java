package org.gomoku;

/**
 * How the AI plays: {@code level} 1..{@link Gomoku#maxLevel()} (0 = strongest)
 * and limits where 0 means none (with no limit at all, about one second).
 */
public record AiOptions(int level, int timeMs, long maxNodes, int maxDepth, long seed) {
    /** Full strength, default time. */
    public static AiOptions defaults() {
        return new AiOptions(0, 0, 0, 0, 0);
    }

    /** A level with a time budget. */
    public static AiOptions of(int level, int timeMs) {
        return new AiOptions(level, timeMs, 0, 0, 0);
    }

    LibGomoku.AiOptions toNative() {
        LibGomoku.AiOptions o = new LibGomoku.AiOptions();
        o.level = level;
        o.time_ms = timeMs;
        o.max_nodes = maxNodes;
        o.max_depth = maxDepth;
        o.seed = seed;
        return o;
    }
}
