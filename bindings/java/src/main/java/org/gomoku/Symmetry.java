package org.gomoku;

/**
 * The eight symmetries of a square board, with the C codes: turn a game with
 * {@link Gomoku#transform}, a point with {@link #apply}. Opening books and
 * puzzle collections store {@link Gomoku#canonical()} forms to find duplicates.
 *
 * <pre>{@code
 * Symmetry.ROTATE90.apply(new Point(1, 0), 15);  // (14, 1): a quarter turn clockwise
 * }</pre>
 */
public enum Symmetry {
    /** Every point stays. */
    IDENTITY(NativeCodes.SYMMETRY_IDENTITY),
    /** A quarter turn clockwise. */
    ROTATE90(NativeCodes.SYMMETRY_ROTATE90),
    /** A half turn. */
    ROTATE180(NativeCodes.SYMMETRY_ROTATE180),
    /** A quarter turn anticlockwise. */
    ROTATE270(NativeCodes.SYMMETRY_ROTATE270),
    /** Left and right swapped. */
    FLIP_HORIZONTAL(NativeCodes.SYMMETRY_FLIP_HORIZONTAL),
    /** Top and bottom swapped. */
    FLIP_VERTICAL(NativeCodes.SYMMETRY_FLIP_VERTICAL),
    /** Mirrored in the main diagonal: {@code (x, y)} to {@code (y, x)}. */
    TRANSPOSE(NativeCodes.SYMMETRY_TRANSPOSE),
    /** Mirrored in the other diagonal. */
    ANTI_TRANSPOSE(NativeCodes.SYMMETRY_ANTI_TRANSPOSE);

    private final int code;

    Symmetry(int code) {
        this.code = code;
    }

    /** The C code ({@code GOMOKU_SYMMETRY_*}). */
    public int code() {
        return code;
    }

    /** The symmetry for a C code. @throws IllegalArgumentException for an unknown code */
    public static Symmetry of(int code) {
        for (Symmetry s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown symmetry code " + code);
    }

    /**
     * The image of {@code p} on a {@code size × size} board.
     *
     * @throws IllegalArgumentException for an impossible size or a point off that board
     */
    public Point apply(Point p, int size) {
        int[] x = new int[1];
        int[] y = new int[1];
        int status = LibGomoku.gomoku_transform_point(size, code, p.x(), p.y(), x, y);
        if (status != NativeCodes.STATUS_OK) {
            throw new IllegalArgumentException(
                    LibGomoku.gomoku_status_message(status) + ": " + LibGomoku.gomoku_last_error());
        }
        return new Point(x[0], y[0]);
    }

    /** The symmetry that undoes this one: the quarter turns swap, the others undo themselves. */
    public Symmetry inverse() {
        return switch (this) {
            case ROTATE90 -> ROTATE270;
            case ROTATE270 -> ROTATE90;
            default -> this;
        };
    }
}
