package org.gomoku;

/** The rule sets, with their C codes. */
public enum Rule {
    /** Five or more in a row wins. */
    FREESTYLE(NativeCodes.RULE_FREESTYLE),
    /** Exactly five wins, for both colours. */
    STANDARD(NativeCodes.RULE_STANDARD),
    /** Renju: black needs exactly five and may not play forbidden points. */
    RENJU(NativeCodes.RULE_RENJU),
    /** Caro: a five blocked at both ends by the opponent does not win. */
    CARO(NativeCodes.RULE_CARO);

    private final int code;

    Rule(int code) {
        this.code = code;
    }

    /** The C code ({@code GOMOKU_RULE_*}). */
    public int code() {
        return code;
    }

    /**
     * The rule's name as a word for players, in {@code language}: "renju",
     * "连珠（黑棋禁手）". Menus and labels show this rather than the constant's name.
     */
    public String displayName(Language language) {
        return LibGomoku.gomoku_rule_name(code, language.code());
    }

    /** The rule for a C code. @throws IllegalArgumentException for an unknown code */
    public static Rule of(int code) {
        for (Rule r : values()) {
            if (r.code == code) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown rule code " + code);
    }
}
