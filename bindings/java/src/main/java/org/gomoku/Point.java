package org.gomoku;

/**
 * A point: {@code x} the column (0 = left), {@code y} the row (0 = top).
 * Its text form is a column letter and the row counted from the top:
 * {@code new Point(7, 7)} is {@code h8}.
 */
public record Point(int x, int y) {
    /** Reads letter notation such as {@code h8}; throws {@link ParseException}. */
    public static Point parse(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (t.length() < 2 || t.charAt(0) < 'a' || t.charAt(0) > 'z') {
            throw new ParseException("invalid point \"" + text + "\"");
        }
        int row;
        try {
            row = Integer.parseInt(t.substring(1));
        } catch (NumberFormatException e) {
            throw new ParseException("invalid point \"" + text + "\"");
        }
        if (row < 1 || row > 26 || t.charAt(1) == '0' || t.charAt(1) == '+' || t.charAt(1) == '-') {
            throw new ParseException("invalid point \"" + text + "\"");
        }
        return new Point(t.charAt(0) - 'a', row - 1);
    }

    @Override
    public String toString() {
        return (x >= 0 && x < 26 ? String.valueOf((char) ('a' + x)) : "(" + x + ")") + (y + 1);
    }
}
