package org.gomoku;

/** A shape on one line, as the tutorials name them (活二 … 连五), with the C codes. */
public enum Shape {
    /** Open two (活二). */
    OPEN_TWO(NativeCodes.SHAPE_OPEN_TWO),
    /** Three with one way to a four (眠三). */
    THREE(NativeCodes.SHAPE_THREE),
    /** Open three (活三). */
    OPEN_THREE(NativeCodes.SHAPE_OPEN_THREE),
    /** Four (冲四). */
    FOUR(NativeCodes.SHAPE_FOUR),
    /** Open four (活四). */
    OPEN_FOUR(NativeCodes.SHAPE_OPEN_FOUR),
    /** Five (连五). */
    FIVE(NativeCodes.SHAPE_FIVE);

    private final int code;

    Shape(int code) {
        this.code = code;
    }

    /** The C code ({@code GOMOKU_SHAPE_*}). */
    public int code() {
        return code;
    }

    /** The shape for a C code. @throws IllegalArgumentException for an unknown code */
    public static Shape of(int code) {
        for (Shape s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown shape code " + code);
    }
}
