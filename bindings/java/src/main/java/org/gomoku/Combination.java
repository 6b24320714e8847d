package org.gomoku;

/** How the lines through one point combine (四三, 双四, 双三), with the C codes. */
public enum Combination {
    /** No combination. */
    NONE(NativeCodes.COMBINATION_NONE),
    /** A four and an open three (四三). */
    FOUR_THREE(NativeCodes.COMBINATION_FOUR_THREE),
    /** Two fours (双四). */
    DOUBLE_FOUR(NativeCodes.COMBINATION_DOUBLE_FOUR),
    /** Two open threes (双三). */
    DOUBLE_THREE(NativeCodes.COMBINATION_DOUBLE_THREE);

    private final int code;

    Combination(int code) {
        this.code = code;
    }

    /** The C code ({@code GOMOKU_COMBINATION_*}). */
    public int code() {
        return code;
    }

    /** The combination for a C code. @throws IllegalArgumentException for an unknown code */
    public static Combination of(int code) {
        for (Combination c : values()) {
            if (c.code == code) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown combination code " + code);
    }
}
