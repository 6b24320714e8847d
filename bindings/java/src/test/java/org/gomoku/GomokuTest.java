package org.gomoku;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class GomokuTest {
    private static Point p(String s) {
        return Point.parse(s);
    }

    @Test
    void pointsParseAndPrint() {
        assertEquals(new Point(7, 7), p("h8"));
        assertEquals("a15", new Point(0, 14).toString());
        for (String bad : new String[] {"", "h", "h0", "h27", "8", "hh", "h-1", "h+2"}) {
            assertThrows(ParseException.class, () -> Point.parse(bad), bad);
        }
    }

    @Test
    void aNewGameHasBlackToMove() {
        try (Gomoku g = new Gomoku(15, Rule.RENJU)) {
            assertEquals(15, g.size());
            assertEquals(Rule.RENJU, g.rule());
            assertEquals(Stone.BLACK, g.sideToMove());
            assertEquals(Result.ONGOING, g.result());
            assertEquals(Stone.EMPTY, g.winner());
            assertTrue(g.moves().isEmpty());
            assertNull(g.lastMove());
            assertFalse(Gomoku.version().isEmpty());
        }
        assertThrows(IllegalArgumentException.class, () -> new Gomoku(4, Rule.FREESTYLE));
        assertThrows(IllegalArgumentException.class, () -> new Gomoku(27, Rule.CARO));
    }

    @Test
    void refusedMovesSayWhyAndChangeNothing() {
        try (Gomoku g = new Gomoku()) {
            g.play("h8");
            String before = g.save();
            IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> g.play("h8"));
            assertEquals(IllegalMoveException.Reason.OCCUPIED, e.reason());
            assertTrue(e.getMessage().contains("h8"));
            e = assertThrows(IllegalMoveException.class, () -> g.play(new Point(15, 0)));
            assertEquals(IllegalMoveException.Reason.OFF_BOARD, e.reason());
            e = assertThrows(IllegalMoveException.class, () -> g.play(new Point(-1, 3)));
            assertEquals(IllegalMoveException.Reason.OFF_BOARD, e.reason());
            assertThrows(ParseException.class, () -> g.playMoves("a1 zz"));
            e = assertThrows(IllegalMoveException.class, () -> g.playMoves("a1 b2 a1"));
            assertEquals(IllegalMoveException.Reason.OCCUPIED, e.reason());
            assertEquals(before, g.save());
            assertThrows(IllegalMoveException.class, () -> g.stone(new Point(20, 20)));
        }
    }

    @Test
    void aWholeGameWithUndoAndRedo() {
        try (Gomoku g = new Gomoku()) {
            IllegalMoveException e = assertThrows(IllegalMoveException.class, g::undo);
            assertEquals(IllegalMoveException.Reason.NOTHING_TO_UNDO, e.reason());
            g.playMoves("a1 b1 a2 b2 a3 b3 a4 b4");
            g.play("a5");
            assertEquals(Result.BLACK_WON, g.result());
            assertEquals(Stone.BLACK, g.winner());
            assertEquals(List.of(p("a1"), p("a2"), p("a3"), p("a4"), p("a5")), g.winningLine());
            e = assertThrows(IllegalMoveException.class, () -> g.play("h8"));
            assertEquals(IllegalMoveException.Reason.GAME_OVER, e.reason());
            assertEquals(p("a5"), g.undo());
            assertEquals(Result.ONGOING, g.result());
            assertTrue(g.winningLine().isEmpty());
            assertTrue(g.canRedo());
            assertEquals(p("a5"), g.redo());
            assertTrue(g.isOver());
            g.undo();
            g.play("h8");
            e = assertThrows(IllegalMoveException.class, g::redo);
            assertEquals(IllegalMoveException.Reason.NOTHING_TO_REDO, e.reason());
            assertEquals(9, g.moves().size());
            assertEquals(Stone.BLACK, g.stone(p("h8")));
            assertEquals(Stone.EMPTY, g.stone(p("o15")));
        }
    }

    @Test
    void renjuForbiddenPoints() {
        try (Gomoku g = new Gomoku(15, Rule.RENJU)) {
            g.playMoves("i8 a1 j8 a3 k9 a5 k10 a7");
            assertTrue(g.isForbidden(p("k8")));
            assertFalse(g.isLegal(p("k8")));
            assertEquals(List.of(p("k8")), g.forbiddenPoints());
            IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> g.play("k8"));
            assertEquals(IllegalMoveException.Reason.FORBIDDEN, e.reason());
            assertEquals(8, g.moves().size());
        }
    }

    @Test
    void setUpPositions() {
        try (Gomoku g = Gomoku.setUp(15, Rule.FREESTYLE, List.of(p("h8"), p("h9"), p("i8")), List.of(Stone.BLACK, Stone.WHITE, Stone.BLACK), Stone.WHITE)) {
            assertEquals(Stone.WHITE, g.sideToMove());
            assertEquals(Stone.BLACK, g.stone(p("i8")));
            assertThrows(IllegalMoveException.class, g::undo);
        }
        assertThrows(IllegalArgumentException.class,
                () -> Gomoku.setUp(15, Rule.FREESTYLE, List.of(p("h8"), p("i8")), List.of(Stone.BLACK, Stone.BLACK), Stone.BLACK));
    }

    @Test
    void saveInJavaLoadsThroughTheCAbi() {
        try (Gomoku g = new Gomoku(19, Rule.CARO)) {
            g.playMoves("j10 k11 l12");
            g.undo();
            String text = g.save();
            assertTrue(text.startsWith("gomoku-save 1\nsize 19\nrule caro\n"), text);
            try (Gomoku back = Gomoku.load(text)) {
                assertEquals(text, back.save());
                assertEquals(g.moves(), back.moves());
                assertTrue(back.canRedo());
            }
            try (Gomoku psq = Gomoku.fromPsq(g.toPsq(), Rule.CARO)) {
                assertEquals(g.moves(), psq.moves());
            }
        }
        ParseException e = assertThrows(ParseException.class, () -> Gomoku.load("gomoku-save 1\nsize 15\nrule chess\n"));
        assertTrue(e.getMessage().contains("line 3"), e.getMessage());
        assertThrows(ParseException.class, () -> Gomoku.fromPsq("nonsense", Rule.FREESTYLE));
    }

    @Test
    void copiesAreIndependentAndClosedGamesRefuseCalls() {
        Gomoku g = new Gomoku();
        g.play("h8");
        try (Gomoku c = g.copy()) {
            c.play("i9");
            assertEquals(1, g.moves().size());
            assertEquals(2, c.moves().size());
        }
        g.close();
        g.close();
        assertThrows(IllegalStateException.class, g::size);
    }

    @Test
    void everyMethodOfAClosedGameThrowsIllegalStateButStopAndClose() {
        Gomoku g = new Gomoku();
        g.play("h8");
        g.close();
        List<Runnable> calls = List.of(
                () -> g.play("a1"),
                () -> g.playMoves("a1"),
                g::undo,
                g::redo,
                g::canRedo,
                g::size,
                g::rule,
                g::sideToMove,
                () -> g.stone(p("h8")),
                g::result,
                g::winner,
                g::isOver,
                g::moves,
                g::redoMoves,
                g::lastMove,
                g::winningLine,
                () -> g.isForbidden(p("a1")),
                () -> g.isLegal(p("a1")),
                g::forbiddenPoints,
                g::rows,
                g::columns,
                g::save,
                g::toPsq,
                () -> g.aiMove(AiOptions.defaults()),
                () -> g.scores(1),
                g::copy,
                g::toSgf,
                () -> g.appendToHistory(Path.of("unused-history.txt")),
                g::reason,
                () -> g.resign(Stone.BLACK),
                () -> g.loseOnTime(Stone.BLACK),
                g::agreeDraw,
                () -> g.resultText(Language.ENGLISH),
                () -> g.player(Stone.BLACK),
                () -> g.setPlayer(Stone.BLACK, "Ann"),
                g::date,
                () -> g.setDate("2026-12-01"),
                () -> g.transform(Symmetry.ROTATE90),
                g::canonicalSymmetry,
                g::canonical,
                () -> g.hint(AiOptions.defaults(), Language.ENGLISH));
        for (Runnable call : calls) {
            assertThrows(IllegalStateException.class, call::run);
        }
        g.stopAi();
        g.close();
        assertEquals("Gomoku[closed]", g.toString());
    }

    @Test
    void closeStopsASearchInProgressAndWaitsForIt() throws Exception {
        Gomoku g = new Gomoku();
        g.playMoves("h8 i9 i8");
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread thinker = new Thread(() -> {
            try {
                outcome.set(g.aiMove(AiOptions.of(0, 60_000)));
            } catch (RuntimeException e) {
                outcome.set(e);
            }
        });
        thinker.start();
        g.close();
        thinker.join(60_000);
        assertFalse(thinker.isAlive());
        assertTrue(outcome.get() instanceof Point || outcome.get() instanceof IllegalStateException, String.valueOf(outcome.get()));
        g.stopAi();
    }

    @Test
    void hostileArgumentsAreRefusedAndChangeNothing() {
        for (int size : new int[] {0, 4, 27, Integer.MAX_VALUE, Integer.MIN_VALUE, -1}) {
            assertThrows(IllegalArgumentException.class, () -> new Gomoku(size, Rule.FREESTYLE), "size " + size);
        }
        try (Gomoku g = new Gomoku(5, Rule.RENJU)) {
            for (int c : new int[] {Integer.MIN_VALUE, -1, 5, 26, Integer.MAX_VALUE}) {
                IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> g.play(new Point(c, 0)));
                assertEquals(IllegalMoveException.Reason.OFF_BOARD, e.reason());
                assertThrows(IllegalMoveException.class, () -> g.stone(new Point(0, c)));
                assertFalse(g.isLegal(new Point(c, c)));
                assertFalse(g.isForbidden(new Point(c, 1)));
            }
            assertThrows(ParseException.class, () -> Gomoku.load("gomoku-save 1\nsize 99999999999999999999\n"));
            assertThrows(ParseException.class, () -> g.playMoves("c3 \uD800"));
            assertThrows(IllegalArgumentException.class, () -> g.aiMove(new AiOptions(Integer.MIN_VALUE, 0, 0, 0, 0)));
            assertThrows(IllegalArgumentException.class, () -> g.aiMove(new AiOptions(Integer.MAX_VALUE, 0, 0, 0, 0)));
            assertEquals(Point.parse("c3"), g.aiMove(new AiOptions(0, Integer.MAX_VALUE, Long.MAX_VALUE, 1, Long.MIN_VALUE)));
            GomokuException e = assertThrows(GomokuException.class, () -> g.aiMove(AiOptions.of(5, 0).withTableMib(-1)));
            assertTrue(e.getMessage().contains("MiB"), e.getMessage());
            assertTrue(g.moves().isEmpty());
        }
    }

    @Test
    void theBoardAndHistoryReadInOneCallAgreeWithThePointwiseCalls() {
        try (Gomoku g = new Gomoku(9, Rule.FREESTYLE)) {
            g.playMoves("e5 d4 a9 i1 c2");
            assertEquals(p("c2"), g.undo());
            int[][] rows = g.rows();
            int[][] columns = g.columns();
            for (int y = 0; y < 9; y++) {
                for (int x = 0; x < 9; x++) {
                    int code = g.stone(new Point(x, y)).code();
                    assertEquals(code, rows[y][x]);
                    assertEquals(code, columns[x][y]);
                }
            }
            assertEquals(Stone.BLACK.code(), rows[8][0]); // a9
            assertEquals(List.of(p("e5"), p("d4"), p("a9"), p("i1")), g.moves());
            assertEquals(List.of(p("c2")), g.redoMoves());
        }
    }

    @Test
    void theGameStaysUsableWhileTheAiThinks() throws Exception {
        try (Gomoku g = new Gomoku()) {
            g.playMoves("h8 i9 i8");
            AtomicReference<Point> reply = new AtomicReference<>();
            CountDownLatch thinking = new CountDownLatch(1); // the first finished depth
            CountDownLatch released = new CountDownLatch(1); // the search waits there for the checks
            Thread thinker = new Thread(() -> reply.set(g.aiMove(AiOptions.of(0, 60_000), info -> {
                thinking.countDown();
                try {
                    released.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            })));
            thinker.start();
            thinking.await();
            try { // a failed check releases the search rather than hanging the run
                assertEquals(Stone.BLACK.code(), g.rows()[7][7]);
                assertEquals(3, g.moves().size());
                assertThrows(IllegalStateException.class, () -> g.aiMove(AiOptions.of(1, 10)));
            } finally {
                released.countDown();
            }
            g.stopAi();
            thinker.join(60_000);
            assertTrue(g.isLegal(reply.get()));
        }
    }

    @Test
    void enumCodesAreTheHeaders() throws Exception {
        String header = java.nio.file.Files.readString(java.nio.file.Path.of("../../include/gomoku.h"));
        java.util.Map<String, Integer> codes = new java.util.HashMap<>();
        var m = java.util.regex.Pattern.compile("GOMOKU_(\\w+) = (-?\\d+)").matcher(header);
        while (m.find()) {
            codes.put(m.group(1), Integer.valueOf(m.group(2)));
        }
        for (Rule r : Rule.values()) {
            assertEquals(codes.get("RULE_" + r.name()), r.code(), r.name());
        }
        for (Stone s : Stone.values()) {
            assertEquals(codes.get("STONE_" + s.name()), s.code(), s.name());
        }
        for (Result r : Result.values()) {
            assertEquals(codes.get("RESULT_" + r.name()), r.code(), r.name());
        }
        for (Reason r : Reason.values()) {
            assertEquals(codes.get("REASON_" + r.name()), r.code(), r.name());
        }
        for (Symmetry s : Symmetry.values()) {
            assertEquals(codes.get("SYMMETRY_" + s.name()), s.code(), s.name());
        }
        for (Language l : Language.values()) {
            assertEquals(codes.get("LANGUAGE_" + l.name()), l.code(), l.name());
        }
        for (Shape s : Shape.values()) {
            assertEquals(codes.get("SHAPE_" + s.name()), s.code(), s.name());
        }
        for (Combination c : Combination.values()) {
            assertEquals(codes.get("COMBINATION_" + c.name()), c.code(), c.name());
        }
        for (ForcedWin f : ForcedWin.values()) {
            assertEquals(codes.get("FORCED_WIN_" + f.name()), f.code(), f.name());
        }
        // The hint point's shape arrays are as long as the header says (JNA maps them by size).
        assertTrue(header.contains("#define GOMOKU_HINT_SHAPES " + NativeCodes.HINT_SHAPES + "\n"));
        assertTrue(header.contains("int32_t makes[GOMOKU_HINT_SHAPES];"), "GomokuHintPoint.makes");
        assertTrue(header.contains("int32_t blocks[GOMOKU_HINT_SHAPES];"), "GomokuHintPoint.blocks");
        var point = new LibGomoku.HintPoint();
        assertEquals(NativeCodes.HINT_SHAPES, point.makes.length);
        assertEquals(NativeCodes.HINT_SHAPES, point.blocks.length);
        assertEquals(codes.get("STATUS_PARSE_ERROR"), new ParseException("x").status());
    }

    /** Run in a JVM whose default charset is ASCII: prints what a Chinese name reads back as. */
    static final class AsciiPlatform {
        public static void main(String[] args) {
            try (Gomoku g = new Gomoku()) {
                g.setPlayer(Stone.BLACK, "小明");
                System.out.println(g.player(Stone.BLACK).orElse("") + " " + Rule.RENJU.displayName(Language.CHINESE));
            }
        }
    }

    @Test
    void textCrossesAsUtf8WhateverThePlatformCharset() throws Exception {
        Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(
                        javaBin.toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "-Dfile.encoding=US-ASCII",
                        "-Dsun.stdout.encoding=UTF-8",
                        "-Dgomoku.library.path=" + System.getProperty("gomoku.library.path"),
                        AsciiPlatform.class.getName())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertEquals("小明 连珠（黑棋禁手）", out.strip());
    }

    @Test
    void theAiPlaysTheFiveAtEveryLevel() {
        try (Gomoku g = new Gomoku()) {
            g.playMoves("h8 g8 i8 a1 j8 a3 k8 a5");
            for (int level = 1; level <= Gomoku.maxLevel(); level++) {
                assertEquals(p("l8"), g.aiMove(new AiOptions(level, 0, 0, 3, 1)), "level " + level);
            }
            assertThrows(IllegalArgumentException.class, () -> g.aiMove(new AiOptions(Gomoku.maxLevel() + 1, 0, 0, 0, 0)));
            g.play("l8");
            IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> g.aiMove(AiOptions.defaults()));
            assertEquals(IllegalMoveException.Reason.GAME_OVER, e.reason());
        }
    }

    @Test
    void theAiReportsProgress() {
        try (Gomoku g = new Gomoku(15, Rule.RENJU)) {
            g.playMoves("h8 i9 j8 i7");
            List<SearchInfo> reports = new ArrayList<>();
            Point reply = g.aiMove(AiOptions.of(0, 300), reports::add);
            assertTrue(g.isLegal(reply));
            assertFalse(reports.isEmpty());
            assertEquals(1, reports.get(0).depth());
            assertFalse(reports.get(reports.size() - 1).pv().isEmpty());
        }
    }

    @Test
    void stopAiFromAnotherThread() throws Exception {
        try (Gomoku g = new Gomoku()) {
            g.playMoves("h8 i9 i8 g8 j10 j9 k9 h10");
            AtomicReference<Point> reply = new AtomicReference<>();
            CountDownLatch thinking = new CountDownLatch(1); // the first finished depth
            Thread thinker = new Thread(
                    () -> reply.set(g.aiMove(AiOptions.of(0, 60_000), info -> thinking.countDown())));
            thinker.start();
            thinking.await();
            g.stopAi();
            thinker.join(30_000);
            assertFalse(thinker.isAlive());
            assertTrue(g.isLegal(reply.get()));
        }
    }

    @Test
    void scoresCoverTheLegalPoints() {
        try (Gomoku g = new Gomoku(15, Rule.RENJU)) {
            g.playMoves("i8 a1 j8 a3 k9 a5 k10 a7");
            int[][] scores = g.scores(2);
            assertEquals(15, scores.length);
            assertEquals(Integer.MIN_VALUE, scores[7][10]); // k8, forbidden
            assertEquals(Integer.MIN_VALUE, scores[7][8]); // i8, occupied
            assertTrue(scores[0][14] > Integer.MIN_VALUE);
            assertThrows(IllegalArgumentException.class, () -> g.scores(99));
        }
    }
}
