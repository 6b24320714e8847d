package org.gomoku;

/** The kind of forced win a hint's move starts, with the C codes. */
public enum ForcedWin {
    /** No forced win found. */
    NONE(NativeCodes.FORCED_WIN_NONE),
    /** Victory by continuous fours (VCF, 连续冲四). */
    VCF(NativeCodes.FORCED_WIN_VCF),
    /** Victory by continuous threats (VCT, 连续活三与冲四). */
    VCT(NativeCodes.FORCED_WIN_VCT);

    private final int code;

    ForcedWin(int code) {
        this.code = code;
    }

    /** The C code ({@code GOMOKU_FORCED_WIN_*}). */
    public int code() {
        return code;
    }

    /** The kind for a C code. @throws IllegalArgumentException for an unknown code */
    public static ForcedWin of(int code) {
        for (ForcedWin f : values()) {
            if (f.code == code) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown forced win code " + code);
    }
}
