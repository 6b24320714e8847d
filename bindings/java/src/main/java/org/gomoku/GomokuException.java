package org.gomoku;

/** An error reported by libgomoku; the game is unchanged. */
public class GomokuException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The C status code. */
    private final int status;

    /** An error with its C status code ({@code GOMOKU_STATUS_*}) and libgomoku's description. */
    public GomokuException(int status, String message) {
        super(message);
        this.status = status;
    }

    /** An error with the exception that caused it, such as an {@link java.io.IOException}. */
    public GomokuException(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** The C status code (negative). */
    public int status() {
        return status;
    }
}
