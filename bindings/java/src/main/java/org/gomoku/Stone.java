package org.gomoku;

/** Stones and sides, with their C codes. */
public enum Stone {
    /** No stone (code 0). */
    EMPTY,
    /** Black (code 1), who moves first. */
    BLACK,
    /** White (code 2). */
    WHITE;

    /** The C code. */
    public int code() {
        return ordinal();
    }

    /** The stone for a C code. */
    public static Stone of(int code) {
        return values()[code];
    }

    /** The other colour (EMPTY stays EMPTY). */
    public Stone opponent() {
        return this == BLACK ? WHITE : this == WHITE ? BLACK : EMPTY;
    }
}
