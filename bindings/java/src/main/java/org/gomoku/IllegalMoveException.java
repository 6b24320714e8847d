package org.gomoku;

/** A move the rules refuse; the game is unchanged. */
public class IllegalMoveException extends GomokuException {
    private static final long serialVersionUID = 1L;

    /** Why a move was refused. */
    public enum Reason {
        OFF_BOARD,
        OCCUPIED,
        FORBIDDEN,
        GAME_OVER,
        NOTHING_TO_UNDO,
        NOTHING_TO_REDO
    }

    private final Reason reason;

    public IllegalMoveException(int status, Reason reason, String message) {
        super(status, message);
        this.reason = reason;
    }

    /** Why the move (or undo/redo) was refused. */
    public Reason reason() {
        return reason;
    }
}
