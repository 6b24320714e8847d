package org.gomoku;

import java.util.List;

/**
 * What the AI reports after each finished depth: {@code score} for the side
 * to move, {@code mateIn} plies to a forced end (positive: the mover wins,
 * negative: loses, 0: none), and the expected line.
 */
public record SearchInfo(int depth, int score, int mateIn, long nodes, long nodesPerSecond, int elapsedMs, List<Point> pv) {}
