package org.gomoku.examples;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The guides' Java code is the examples' code: every block appears, line for line, in one of their files. */
class MigrationGuideTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

    /** The lines of a text without their indentation, so a block may be quoted at any depth. */
    private static String normalised(String text) {
        return text.lines().map(String::strip).collect(Collectors.joining("\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"MIGRATION.md", "MIGRATION.zh-CN.md"})
    void everyJavaBlockIsInTheExamples(String guide) throws IOException {
        String text = Files.readString(ExamplesTest.EXAMPLES.resolve(guide));
        List<String> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ExamplesTest.EXAMPLES)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                sources.add(normalised(Files.readString(f)));
            }
        }
        Matcher block = JAVA_BLOCK.matcher(text);
        int blocks = 0;
        while (block.find()) {
            blocks++;
            String code = normalised(block.group(1)).strip();
            assertTrue(sources.stream().anyMatch(s -> s.contains(code)), guide + ": this block is not in examples/:\n" + code);
        }
        assertFalse(blocks < 6, guide + " quotes the examples' code");
    }

    @Test
    void bothGuidesRunTheSameCommands() throws IOException {
        String english = Files.readString(ExamplesTest.EXAMPLES.resolve("MIGRATION.md"));
        String chinese = Files.readString(ExamplesTest.EXAMPLES.resolve("MIGRATION.zh-CN.md"));
        Matcher shell = Pattern.compile("```sh\\n(.*?)```", Pattern.DOTALL).matcher(english);
        while (shell.find()) {
            assertTrue(chinese.contains(shell.group(1)), "MIGRATION.zh-CN.md lacks\n" + shell.group(1));
        }
    }
}
