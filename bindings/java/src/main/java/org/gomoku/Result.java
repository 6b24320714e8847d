package org.gomoku;

/** How a game stands, with the C codes. */
public enum Result {
    /** Still being played. */
    ONGOING(NativeCodes.RESULT_ONGOING),
    /** Black made a winning line. */
    BLACK_WON(NativeCodes.RESULT_BLACK_WON),
    /** White made a winning line. */
    WHITE_WON(NativeCodes.RESULT_WHITE_WON),
    /** No winner and no move left. */
    DRAW(NativeCodes.RESULT_DRAW);

    private final int code;

    Result(int code) {
        this.code = code;
    }

    /** The C code ({@code GOMOKU_RESULT_*}). */
    public int code() {
        return code;
    }

    /** The result for a C code. @throws IllegalArgumentException for an unknown code */
    public static Result of(int code) {
        for (Result r : values()) {
            if (r.code == code) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown result code " + code);
    }
}
