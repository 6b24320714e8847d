package org.gomoku.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.ResourceBundle;
import java.util.TreeSet;
import org.gomoku.Language;
import org.junit.jupiter.api.Test;

/** The demo's words: the same keys in both languages, read as UTF-8, chosen by the locale. */
class TextsTest {
    private static ResourceBundle bundle(Locale locale) {
        return ResourceBundle.getBundle(
                "org.gomoku.demo.Messages", locale, ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    @Test
    void bothLanguagesHaveEveryKey() {
        assertEquals(new TreeSet<>(bundle(Locale.ROOT).keySet()), new TreeSet<>(bundle(Locale.CHINESE).keySet()));
    }

    @Test
    void chinesePropertiesAreReadAsUtf8() {
        // Java 9 and later read properties bundles as UTF-8 (PropertyResourceBundle).
        assertEquals("悔棋", new Texts(Locale.SIMPLIFIED_CHINESE).get("menu.move.undo"));
        assertEquals("背景颜色", new Texts(Locale.TRADITIONAL_CHINESE).get("menu.view.colour"));
    }

    @Test
    void theLocaleChoosesTheLanguageEvenWhenTheDefaultIsAnother() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
            Texts english = new Texts(Locale.US);
            assertEquals("Undo", english.get("menu.move.undo"));
            assertEquals(Language.ENGLISH, english.language());
            Texts chinese = new Texts(Locale.SIMPLIFIED_CHINESE);
            assertEquals(Language.CHINESE, chinese.language());
            assertEquals("轮到白棋落子", chinese.format("status.toMove", chinese.stone(org.gomoku.Stone.WHITE)));
            assertEquals("Level 3", english.format("level", 3));
        } finally {
            Locale.setDefault(before);
        }
    }
}
