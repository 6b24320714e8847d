package org.gomoku;

/** Why a game ended ({@link Gomoku#reason()}), with the C codes. */
public enum Reason {
    /** The game goes on. */
    NONE(NativeCodes.REASON_NONE),
    /** A line of exactly five. */
    FIVE(NativeCodes.REASON_FIVE),
    /** A winning line of six or more (freestyle, caro, white under renju). */
    OVERLINE(NativeCodes.REASON_OVERLINE),
    /** The board is full: a draw. */
    FULL_BOARD(NativeCodes.REASON_FULL_BOARD),
    /** Renju: black to move and every empty point forbidden. */
    NO_LEGAL_MOVE(NativeCodes.REASON_NO_LEGAL_MOVE),
    /** A player resigned ({@link Gomoku#resign}). */
    RESIGNATION(NativeCodes.REASON_RESIGNATION),
    /** A player ran out of time ({@link Gomoku#loseOnTime}). */
    TIMEOUT(NativeCodes.REASON_TIMEOUT),
    /** The players agreed to a draw ({@link Gomoku#agreeDraw}). */
    AGREEMENT(NativeCodes.REASON_AGREEMENT);

    private final int code;

    Reason(int code) {
        this.code = code;
    }

    /** The C code ({@code GOMOKU_REASON_*}). */
    public int code() {
        return code;
    }

    /** The reason for a C code. @throws IllegalArgumentException for an unknown code */
    public static Reason of(int code) {
        for (Reason r : values()) {
            if (r.code == code) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown reason code " + code);
    }
}
