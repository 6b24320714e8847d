package org.gomoku;

/** A move the rules refuse; the game is unchanged. */
public class IllegalMoveException extends GomokuException {
    private static final long serialVersionUID = 1L;

    /** Why a move was refused. */
    public enum Reason {
        /** The point is not on the board. */
        OFF_BOARD,
        /** The point already holds a stone. */
        OCCUPIED,
        /** Renju: black may not play this point. */
        FORBIDDEN,
        /** The game is over (a move, a resignation or a draw offer after the end). */
        GAME_OVER,
        /** No move to undo. */
        NOTHING_TO_UNDO,
        /** No move to redo. */
        NOTHING_TO_REDO
    }

    private final Reason reason;

    /** A refusal with its C status code, its reason and libgomoku's description. */
    public IllegalMoveException(int status, Reason reason, String message) {
        super(status, message);
        this.reason = reason;
    }

    /** Why the move (or undo/redo) was refused. */
    public Reason reason() {
        return reason;
    }
}
