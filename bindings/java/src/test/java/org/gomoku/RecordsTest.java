package org.gomoku;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Board arrays, SGF, endings, players and dates, symmetry, history files and hints. */
class RecordsTest {
    private static Point p(String s) {
        return Point.parse(s);
    }

    /** A random game of up to 40 moves (it may have ended). */
    private static Gomoku randomGame(Rule rule, long seed) {
        Random random = new Random(seed);
        Gomoku game = new Gomoku(15, rule);
        int moves = random.nextInt(40);
        for (int i = 0; i < moves && !game.isOver(); i++) {
            Point q;
            do {
                q = new Point(random.nextInt(15), random.nextInt(15));
            } while (!game.isLegal(q));
            game.play(q);
        }
        return game;
    }

    private static int[][] emptyBoard(int n) {
        return new int[n][n];
    }

    @Test
    void boardArraysInBothLayoutsGiveTheGameTheMovesGive() {
        try (Gomoku played = new Gomoku(15, Rule.RENJU)) {
            played.playMoves("h8 i9 j8 a1 c3");
            int[][] rows = played.rows();
            int[][] columns = played.columns();
            try (Gomoku fromRows = Gomoku.fromRows(rows, Rule.RENJU);
                    Gomoku fromColumns = Gomoku.fromColumns(columns, Rule.RENJU)) {
                for (Gomoku g : List.of(fromRows, fromColumns)) {
                    assertArrayEquals(rows, g.rows());
                    assertArrayEquals(columns, g.columns());
                    assertEquals(Stone.WHITE, g.sideToMove());
                    assertEquals(Rule.RENJU, g.rule());
                    assertTrue(g.moves().isEmpty(), "a board array has no history");
                }
            }
        }
    }

    @Test
    void columnsFirstIsTheSeedProgramsBoardXY() {
        int[][] board = emptyBoard(15); // GameBoard: board[x][y]
        board[7][7] = Stone.BLACK.code(); // h8
        board[8][3] = Stone.WHITE.code(); // i4: column 8, row 3
        board[2][9] = Stone.BLACK.code(); // c10
        try (Gomoku g = Gomoku.fromColumns(board, Rule.FREESTYLE)) {
            assertEquals(Stone.WHITE, g.stone(p("i4")));
            assertEquals(Stone.BLACK, g.stone(p("c10")));
            assertEquals(Stone.WHITE, g.sideToMove());
            g.play("a1");
            assertEquals(Stone.WHITE.code(), g.columns()[0][0]);
        }
        try (Gomoku g = Gomoku.fromRows(board, Rule.FREESTYLE)) {
            assertEquals(Stone.WHITE, g.stone(p("d9")), "the same array read rows first is the mirror image");
        }
    }

    @Test
    void theSideToMoveIsInferredOrGiven() {
        int[][] board = emptyBoard(9);
        try (Gomoku g = Gomoku.fromRows(board, Rule.FREESTYLE)) {
            assertEquals(Stone.BLACK, g.sideToMove());
        }
        try (Gomoku g = Gomoku.fromRows(board, Rule.FREESTYLE, Stone.WHITE)) {
            assertEquals(Stone.WHITE, g.sideToMove(), "white may move first on an empty board");
        }
        board[4][4] = Stone.BLACK.code();
        board[0][0] = Stone.WHITE.code();
        try (Gomoku g = Gomoku.fromColumns(board, Rule.CARO, Stone.BLACK)) {
            assertEquals(Stone.BLACK, g.sideToMove());
        }
        try (Gomoku g = Gomoku.fromColumns(board, Rule.CARO, Stone.EMPTY)) {
            assertEquals(Stone.BLACK, g.sideToMove(), "EMPTY infers");
        }
    }

    @Test
    void impossibleBoardsAreRefusedAndSayWhy() {
        int[][] oneBlack = emptyBoard(9);
        oneBlack[4][4] = Stone.BLACK.code();
        int[][] threeBlack = emptyBoard(9);
        threeBlack[0] = new int[] {1, 1, 1, 0, 0, 0, 0, 0, 0};
        int[][] five = emptyBoard(9);
        five[0] = new int[] {1, 1, 1, 1, 1, 0, 0, 0, 0};
        five[1] = new int[] {2, 2, 2, 2, 0, 0, 0, 0, 0};
        int[][] badCode = emptyBoard(9);
        badCode[0][0] = 7;
        int[][] ragged = emptyBoard(9);
        ragged[3] = new int[8];
        record Case(int[][] board, Stone toMove, String message) {}
        List<Case> cases = List.of(
                new Case(emptyBoard(4), Stone.EMPTY, "invalid board size 4"),
                new Case(emptyBoard(27), Stone.EMPTY, "invalid board size 27"),
                new Case(new int[0][0], Stone.EMPTY, "invalid board size 0"),
                new Case(ragged, Stone.EMPTY, "not square"),
                new Case(badCode, Stone.EMPTY, "invalid stone 7 at a1"),
                new Case(threeBlack, Stone.EMPTY, "no side can be to move"),
                new Case(five, Stone.EMPTY, "black has already won"),
                new Case(oneBlack, Stone.BLACK, "cannot have black to move"));
        for (Case c : cases) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> Gomoku.fromRows(c.board(), Rule.FREESTYLE, c.toMove()));
            assertTrue(e.getMessage().contains(c.message()), e.getMessage() + " should say " + c.message());
            assertThrows(IllegalArgumentException.class, () -> Gomoku.fromColumns(c.board(), Rule.FREESTYLE, c.toMove()));
        }
    }

    @Test
    void sgfRoundTripsRandomGamesOfEveryRule() {
        for (Rule rule : Rule.values()) {
            for (long seed = 0; seed < 20; seed++) {
                try (Gomoku g = randomGame(rule, seed); Gomoku back = Gomoku.fromSgf(g.toSgf())) {
                    assertEquals(g.moves(), back.moves(), rule + " seed " + seed);
                    assertEquals(rule, back.rule());
                    assertEquals(g.result(), back.result());
                    assertEquals(g.reason(), back.reason());
                }
            }
        }
    }

    @Test
    void sgfWrittenByHandReads() {
        // The least a GM[4] record needs: no FF, no rule (freestyle), no players.
        try (Gomoku g = Gomoku.fromSgf("(;GM[4]SZ[15];B[hh];W[ii];B[jh])")) {
            assertEquals(List.of(p("h8"), p("i9"), p("j8")), g.moves());
            assertEquals(Rule.FREESTYLE, g.rule());
            assertEquals(Optional.empty(), g.player(Stone.BLACK));
        }
        // Every optional property, set-up stones, white to play, a resignation.
        String full = "(;FF[4]GM[4]CA[UTF-8]AP[by hand]SZ[19]RU[renju]PB[小明]PW[Bob]DT[2026-12-01]"
                + "RE[W+R]AB[jj][kk]AW[jk]PL[W]\n;W[ll]\n;B[aa])";
        try (Gomoku g = Gomoku.fromSgf(full)) {
            assertEquals(19, g.size());
            assertEquals(Rule.RENJU, g.rule());
            assertEquals(Optional.of("小明"), g.player(Stone.BLACK));
            assertEquals(Optional.of("Bob"), g.player(Stone.WHITE));
            assertEquals(Optional.of("2026-12-01"), g.date());
            assertEquals(Stone.BLACK, g.stone(p("j10")));
            assertEquals(Stone.WHITE, g.stone(p("j11")));
            assertEquals(List.of(p("l12"), p("a1")), g.moves());
            assertEquals(Result.WHITE_WON, g.result());
            assertEquals(Reason.RESIGNATION, g.reason());
        }
        assertThrows(ParseException.class, () -> Gomoku.fromSgf("(;GM[1]SZ[19];B[pd])"), "go is another game");
        assertThrows(ParseException.class, () -> Gomoku.fromSgf("(;GM[4]SZ[15];B[hh]"));
        assertThrows(ParseException.class, () -> Gomoku.fromSgf("not sgf"));
    }

    @Test
    void endingsPlayersAndDatesRoundTripThroughSaveText() {
        try (Gomoku g = new Gomoku()) {
            g.playMoves("h8 i9 h9");
            g.setPlayer(Stone.BLACK, "Ann");
            g.setPlayer(Stone.WHITE, "白棋");
            g.setDate("2026-12-01");
            g.resign(Stone.BLACK);
            assertEquals(Result.WHITE_WON, g.result());
            assertEquals(Stone.WHITE, g.winner());
            assertEquals(Reason.RESIGNATION, g.reason());
            assertEquals("white wins by resignation", g.resultText(Language.ENGLISH));
            assertEquals("黑棋认输，白棋获胜", g.resultText(Language.CHINESE));
            try (Gomoku back = Gomoku.load(g.save())) {
                assertEquals(g.save(), back.save());
                assertEquals(Optional.of("白棋"), back.player(Stone.WHITE));
                assertEquals(Optional.of("2026-12-01"), back.date());
                assertEquals(Reason.RESIGNATION, back.reason());
            }
            IllegalMoveException e = assertThrows(IllegalMoveException.class, g::agreeDraw);
            assertEquals(IllegalMoveException.Reason.GAME_OVER, e.reason());
            assertEquals(p("h9"), g.undo(), "undo reopens the game, taking back the last move");
            assertEquals(Reason.NONE, g.reason());
            assertEquals(Result.ONGOING, g.result());
            g.agreeDraw();
            assertEquals(Result.DRAW, g.result());
            assertEquals(Reason.AGREEMENT, g.reason());
            g.undo();
            g.loseOnTime(Stone.WHITE);
            assertEquals(Result.BLACK_WON, g.result());
            assertEquals(Reason.TIMEOUT, g.reason());
            g.undo();
            assertTrue(g.moves().isEmpty());
            assertThrows(IllegalArgumentException.class, () -> g.resign(Stone.EMPTY));
            assertThrows(IllegalArgumentException.class, () -> g.setPlayer(Stone.EMPTY, "nobody"));
            g.setPlayer(Stone.BLACK, null);
            g.setDate(null);
            assertEquals(Optional.empty(), g.player(Stone.BLACK));
            assertEquals(Optional.empty(), g.date());
        }
    }

    @Test
    void theReasonSaysHowTheLineWon() {
        try (Gomoku five = new Gomoku()) {
            five.playMoves("a1 b1 a2 b2 a3 b3 a4 b4 a5");
            assertEquals(Reason.FIVE, five.reason());
            assertEquals("black wins with five in a row", five.resultText(Language.ENGLISH));
        }
        try (Gomoku six = new Gomoku()) {
            six.playMoves("a1 b1 a2 b2 a3 b3 a5 b5 a6 b6 a4");
            assertEquals(Reason.OVERLINE, six.reason());
        }
        try (Gomoku ongoing = new Gomoku()) {
            assertEquals(Reason.NONE, ongoing.reason());
            assertFalse(ongoing.resultText(Language.CHINESE).isEmpty());
        }
    }

    @Test
    void rulesAndResultsAreWordsInBothLanguages() {
        assertEquals("renju", Rule.RENJU.displayName(Language.ENGLISH));
        assertEquals("连珠（黑棋禁手）", Rule.RENJU.displayName(Language.CHINESE));
        for (Rule r : Rule.values()) {
            for (Language l : Language.values()) {
                assertFalse(r.displayName(l).isEmpty(), r + " " + l);
                assertNotEquals(r.name(), r.displayName(l));
            }
        }
        assertEquals(Language.CHINESE, Language.of(Locale.SIMPLIFIED_CHINESE));
        assertEquals(Language.CHINESE, Language.of(Locale.TRADITIONAL_CHINESE));
        assertEquals(Language.CHINESE, Language.of(Locale.forLanguageTag("zh-Hans-SG")));
        assertEquals(Language.ENGLISH, Language.of(Locale.US));
        assertEquals(Language.ENGLISH, Language.of(Locale.FRENCH));
        assertEquals(Language.ENGLISH, Language.of(Locale.ROOT));
    }

    @Test
    void theEightSymmetriesAreDistinctAndHaveInverses() {
        Point asymmetric = new Point(1, 3);
        Set<Point> images = new HashSet<>();
        for (Symmetry s : Symmetry.values()) {
            Point image = s.apply(asymmetric, 15);
            images.add(image);
            assertEquals(asymmetric, s.inverse().apply(image, 15), s + " then its inverse");
            assertEquals(s, Symmetry.of(s.code()));
        }
        assertEquals(8, images.size(), "eight distinct images of a point off every axis");
        assertEquals(new Point(14, 1), Symmetry.ROTATE90.apply(new Point(1, 0), 15));
        assertEquals(new Point(3, 1), Symmetry.TRANSPOSE.apply(asymmetric, 15));
        // Four quarter turns are the identity; each mirror is its own inverse.
        Point q = asymmetric;
        for (int i = 0; i < 4; i++) {
            q = Symmetry.ROTATE90.apply(q, 15);
        }
        assertEquals(asymmetric, q);
        for (Symmetry mirror : List.of(Symmetry.FLIP_HORIZONTAL, Symmetry.FLIP_VERTICAL, Symmetry.TRANSPOSE, Symmetry.ANTI_TRANSPOSE)) {
            assertEquals(asymmetric, mirror.apply(mirror.apply(asymmetric, 15), 15), mirror.name());
        }
        // The centre of an odd board never moves.
        for (Symmetry s : Symmetry.values()) {
            assertEquals(new Point(9, 9), s.apply(new Point(9, 9), 19));
        }
        assertThrows(IllegalArgumentException.class, () -> Symmetry.ROTATE90.apply(new Point(15, 0), 15));
        assertThrows(IllegalArgumentException.class, () -> Symmetry.ROTATE90.apply(new Point(0, 0), 4));
    }

    @Test
    void transformedGamesMoveTheirPointsAndShareACanonicalForm() {
        try (Gomoku g = randomGame(Rule.RENJU, 3); Gomoku canonical = g.canonical()) {
            int[][] canonicalRows = canonical.rows();
            Set<String> boards = new HashSet<>();
            for (Symmetry s : Symmetry.values()) {
                try (Gomoku image = g.transform(s); Gomoku back = image.transform(s.inverse()); Gomoku imageCanonical = image.canonical()) {
                    assertEquals(g.save(), back.save(), s + " then its inverse");
                    List<Point> moved = new ArrayList<>();
                    for (Point q : g.moves()) {
                        moved.add(s.apply(q, 15));
                    }
                    assertEquals(moved, image.moves(), s.name());
                    assertArrayEquals(canonicalRows, imageCanonical.rows(), s + ": the same canonical form");
                    boards.add(java.util.Arrays.deepToString(image.rows()));
                }
            }
            assertEquals(8, boards.size(), "this game has no symmetry of its own");
            try (Gomoku again = canonical.canonical()) {
                assertArrayEquals(canonicalRows, again.rows(), "the canonical form is its own canonical form");
            }
        }
    }

    @Test
    void aHistoryFileKeepsEveryGame(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("history.txt");
        assertEquals(List.of(), Gomoku.readHistory(file), "no file yet: no games");
        List<String> saves = new ArrayList<>();
        for (long seed = 0; seed < 3; seed++) {
            try (Gomoku g = randomGame(Rule.FREESTYLE, seed)) {
                g.setPlayer(Stone.BLACK, "玩家 " + seed);
                g.setDate("2026-12-0" + (seed + 1));
                g.appendToHistory(file);
                saves.add(g.save());
            }
        }
        List<Gomoku> games = Gomoku.readHistory(file);
        try {
            assertEquals(3, games.size());
            for (int i = 0; i < 3; i++) {
                assertEquals(saves.get(i), games.get(i).save());
            }
            assertEquals(Optional.of("玩家 2"), games.get(2).player(Stone.BLACK));
        } finally {
            games.forEach(Gomoku::close);
        }
        assertEquals(3, Gomoku.loadAll(Files.readString(file, StandardCharsets.UTF_8)).size());
        try (Gomoku g = new Gomoku()) {
            GomokuException e = assertThrows(GomokuException.class, () -> g.appendToHistory(dir.resolve("missing/history.txt")));
            assertEquals(NativeCodes.STATUS_IO_ERROR, e.status());
            assertTrue(e.getMessage().contains("missing"), e.getMessage());
        }
        GomokuException e = assertThrows(GomokuException.class, () -> Gomoku.readHistory(dir));
        assertEquals(NativeCodes.STATUS_IO_ERROR, e.status(), "a folder is not a history file");
        Path broken = dir.resolve("broken.txt");
        Files.writeString(broken, saves.get(0) + "gomoku-save 1\nsize 99\n");
        assertThrows(ParseException.class, () -> Gomoku.readHistory(broken));
        assertEquals(List.of(), Gomoku.loadAll(""));
    }

    @Test
    void aHintNamesTheShapesItMakesAndTheForcedWinInBothLanguages() {
        try (Gomoku g = new Gomoku()) {
            g.playMoves("h8 a1 i8 o1 j8 a15");
            Hint hint = g.hint(new AiOptions(0, 0, 0, 3, 0), Language.ENGLISH);
            assertTrue(List.of(p("g8"), p("k8")).contains(hint.move()), hint.toString());
            HintPoint best = hint.candidates().get(0);
            assertEquals(hint.move(), best.point());
            assertEquals(Shape.OPEN_FOUR, best.makes().get(0));
            assertEquals(ForcedWin.VCF, hint.forcedWin());
            assertEquals(hint.move(), hint.forcedLine().get(0));
            assertTrue(hint.text().contains("makes an open four"), hint.text());
            assertTrue(best.text().contains("open four"), best.text());
            assertTrue(hint.candidates().size() > 1 && hint.candidates().size() <= NativeCodes.HINT_POINTS);
            Hint zh = g.hint(new AiOptions(0, 0, 0, 3, 0), Language.CHINESE);
            assertTrue(zh.text().contains("活四"), zh.text());
            assertTrue(zh.candidates().get(0).text().contains("活四"), zh.candidates().get(0).text());
            assertEquals(6, g.moves().size(), "a hint plays nothing");
        }
    }

    @Test
    void aHintNamesTheShapesItBlocks() {
        try (Gomoku g = new Gomoku()) {
            g.playMoves("h8 e5 a1 f5 o1 g5"); // white's open three on row 5
            Hint hint = g.hint(new AiOptions(0, 0, 0, 3, 0), Language.ENGLISH);
            assertTrue(hint.text().contains("blocks white's open three"), hint.text());
            assertTrue(List.of(p("d5"), p("h5")).contains(hint.move()), hint.toString());
            assertEquals(Shape.OPEN_THREE, hint.candidates().get(0).blocks().get(0));
            assertEquals(ForcedWin.NONE, hint.forcedWin());
            assertTrue(hint.forcedLine().isEmpty());
            Hint zh = g.hint(new AiOptions(0, 0, 0, 3, 0), Language.CHINESE);
            assertTrue(zh.text().contains("挡住白棋的活三"), zh.text());
        }
    }

    @Test
    void aHintNamesCombinations() {
        // Black h8 i8 j8 (a four to be) and k9 k10 (a three to be) meet on k8.
        try (Gomoku g = new Gomoku()) {
            g.playMoves("h8 g8 i8 a1 j8 o1 k9 a15 k10 o15");
            Hint hint = g.hint(new AiOptions(0, 0, 0, 3, 0), Language.ENGLISH);
            HintPoint k8 = hint.candidates().stream().filter(c -> c.point().equals(p("k8"))).findFirst().orElseThrow();
            assertEquals(Combination.FOUR_THREE, k8.combination());
            assertTrue(k8.makes().containsAll(List.of(Shape.FOUR, Shape.OPEN_THREE)), k8.toString());
            assertFalse(k8.text().isEmpty());
        }
    }

    @Test
    void aHintIsRefusedOnceTheGameIsOver() {
        try (Gomoku g = new Gomoku()) {
            g.playMoves("a1 b1 a2 b2 a3 b3 a4 b4 a5");
            IllegalMoveException e = assertThrows(IllegalMoveException.class, () -> g.hint(AiOptions.defaults(), Language.ENGLISH));
            assertEquals(IllegalMoveException.Reason.GAME_OVER, e.reason());
        }
    }
}
