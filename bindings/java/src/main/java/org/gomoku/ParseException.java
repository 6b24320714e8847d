package org.gomoku;

/** Malformed text: a point, a move list, a save text or a record. */
public class ParseException extends GomokuException {
    private static final long serialVersionUID = 1L;

    /** Malformed text, with what was wrong and where. */
    public ParseException(String message) {
        super(NativeCodes.STATUS_PARSE_ERROR, message);
    }
}
