package org.gomoku;

import java.util.Locale;

/**
 * The language of the words libgomoku writes: rule names, result sentences
 * and hints. {@link #of(Locale)} picks the one for a user's locale.
 *
 * <pre>{@code
 * Language language = Language.of(Locale.getDefault());  // CHINESE on a zh_CN system
 * String rule = Rule.RENJU.displayName(language);        // "连珠（黑棋禁手）"
 * }</pre>
 */
public enum Language {
    /** English. */
    ENGLISH(NativeCodes.LANGUAGE_ENGLISH),
    /** Simplified Chinese. */
    CHINESE(NativeCodes.LANGUAGE_CHINESE);

    private final int code;

    Language(int code) {
        this.code = code;
    }

    /** The C code ({@code GOMOKU_LANGUAGE_*}). */
    public int code() {
        return code;
    }

    /** The language for a C code. @throws IllegalArgumentException for an unknown code */
    public static Language of(int code) {
        for (Language l : values()) {
            if (l.code == code) {
                return l;
            }
        }
        throw new IllegalArgumentException("unknown language code " + code);
    }

    /** Chinese for any Chinese locale ({@code zh}, {@code zh_CN}, {@code zh_TW} …), English otherwise. */
    public static Language of(Locale locale) {
        return "zh".equals(locale.getLanguage()) ? CHINESE : ENGLISH;
    }
}
