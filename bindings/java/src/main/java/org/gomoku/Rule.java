package org.gomoku;

/** The rule sets, with their C codes. */
public enum Rule {
    /** Five or more in a row wins. */
    FREESTYLE,
    /** Exactly five wins, for both colours. */
    STANDARD,
    /** Renju: black needs exactly five and may not play forbidden points. */
    RENJU,
    /** Caro: a five blocked at both ends by the opponent does not win. */
    CARO;

    /** The C code (0..3). */
    public int code() {
        return ordinal();
    }

    /** The rule for a C code. */
    public static Rule of(int code) {
        return values()[code];
    }
}
