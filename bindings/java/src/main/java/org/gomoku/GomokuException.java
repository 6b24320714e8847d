package org.gomoku;

/** An error reported by libgomoku; the game is unchanged. */
public class GomokuException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The C status code. */
    private final int status;

    public GomokuException(int status, String message) {
        super(message);
        this.status = status;
    }

    /** The C status code (negative). */
    public int status() {
        return status;
    }
}
