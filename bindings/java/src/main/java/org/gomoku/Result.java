package org.gomoku;

/** How a game stands, with the C codes. */
public enum Result {
    /** Still being played (0). */
    ONGOING,
    /** Black made a winning line (1). */
    BLACK_WON,
    /** White made a winning line (2). */
    WHITE_WON,
    /** No winner and no move left (3). */
    DRAW;

    /** The result for a C code. */
    public static Result of(int code) {
        return values()[code];
    }
}
