package org.gomoku;

/** Stones and sides, with their C codes. */
public enum Stone {
    /** No stone. */
    EMPTY(NativeCodes.STONE_EMPTY),
    /** Black, who moves first. */
    BLACK(NativeCodes.STONE_BLACK),
    /** White. */
    WHITE(NativeCodes.STONE_WHITE);

    private final int code;

    Stone(int code) {
        this.code = code;
    }

    /** The C code ({@code GOMOKU_STONE_*}). */
    public int code() {
        return code;
    }

    /** The stone for a C code. @throws IllegalArgumentException for an unknown code */
    public static Stone of(int code) {
        for (Stone s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown stone code " + code);
    }

    /** The other colour (EMPTY stays EMPTY). */
    public Stone opponent() {
        return this == BLACK ? WHITE : this == WHITE ? BLACK : EMPTY;
    }
}
