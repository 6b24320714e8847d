package org.gomoku;

/**
 * How the AI plays: {@code level} 1..{@link Gomoku#maxLevel()} (0 = strongest)
 * and limits where 0 means none (with no limit at all, about one second);
 * {@code tableMib} sizes the search's table (0 = the default, 16 MiB), which
 * the first search at level 3 or above allocates and the game keeps.
 */
public record AiOptions(int level, int timeMs, long maxNodes, int maxDepth, long seed, int tableMib) {
    /** Options with the default table size. */
    public AiOptions(int level, int timeMs, long maxNodes, int maxDepth, long seed) {
        this(level, timeMs, maxNodes, maxDepth, seed, 0);
    }

    /** Full strength, default time. */
    public static AiOptions defaults() {
        return new AiOptions(0, 0, 0, 0, 0);
    }

    /** A level with a time budget. */
    public static AiOptions of(int level, int timeMs) {
        return new AiOptions(level, timeMs, 0, 0, 0);
    }

    /** These options with another table size in MiB. */
    public AiOptions withTableMib(int mib) {
        return new AiOptions(level, timeMs, maxNodes, maxDepth, seed, mib);
    }

    LibGomoku.AiOptions toNative() {
        LibGomoku.AiOptions o = new LibGomoku.AiOptions();
        LibGomoku.gomoku_ai_options_init(o);
        o.level = level;
        o.time_ms = timeMs;
        o.max_nodes = maxNodes;
        o.max_depth = maxDepth;
        o.seed = seed;
        if (tableMib != 0) {
            o.table_mib = tableMib;
        }
        return o;
    }
}
