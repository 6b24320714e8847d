package org.gomoku.demo;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;
import org.gomoku.Language;
import org.gomoku.Stone;

/**
 * The demo's words in the user's language: its own from the {@code Messages}
 * bundles (UTF-8 properties, as Java 9 and later read them), and the
 * library's {@link Language} for rule names, results and hints, so that both
 * speak the same language.
 */
final class Texts {
    private static final String BUNDLE = "org.gomoku.demo.Messages";

    private final Locale locale;
    private final ResourceBundle bundle;

    /** The words for {@code locale}: Chinese for any Chinese locale, English otherwise. */
    Texts(Locale locale) {
        this.locale = locale;
        // Without this control, an English user on a machine whose default
        // locale is Chinese would get the Chinese bundle as a fallback.
        this.bundle = ResourceBundle.getBundle(
                BUNDLE, locale, ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    /** The language libgomoku writes in for this locale. */
    Language language() {
        return Language.of(locale);
    }

    /** The text of {@code key}. */
    String get(String key) {
        return bundle.getString(key);
    }

    /** Whether there is a text for {@code key}. */
    boolean has(String key) {
        return bundle.containsKey(key);
    }

    /** The pattern of {@code key} filled with {@code arguments}. */
    String format(String key, Object... arguments) {
        return new MessageFormat(bundle.getString(key), locale).format(arguments);
    }

    /** A colour's name: "Black", "黑棋". */
    String stone(Stone stone) {
        return get(stone == Stone.BLACK ? "stone.black" : "stone.white");
    }
}
