package org.gomoku;

import com.sun.jna.Pointer;
import java.io.IOException;
import java.lang.ref.Cleaner;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * A game of five in a row on libgomoku. Close it (try-with-resources) to free
 * the native game at once; a {@link Cleaner} frees forgotten ones.
 *
 * <p>A game may be shared between threads: libgomoku serialises the calls on
 * one game, and {@link #aiMove} searches a copy of the position, so the other
 * methods (a repaint reading {@link #rows()}, say) go on while it thinks, and
 * {@link #stopAi()} makes it return its best move so far. After
 * {@link #close()} every method throws {@link IllegalStateException}, except
 * {@code close} and {@code stopAi}, which do nothing.
 *
 * <pre>{@code
 * try (Gomoku game = new Gomoku(15, Rule.RENJU)) {
 *     game.play(Point.parse("h8"));
 *     Point reply = game.aiMove(AiOptions.of(3, 500));
 *     game.play(reply);
 * }
 * }</pre>
 *
 * <p>A course project that keeps its own {@code int[15][15] board[x][y]}
 * hands it over with {@link #fromColumns(int[][], Rule)} and reads it back
 * with {@link #columns()}; {@link #fromRows(int[][], Rule)} and
 * {@link #rows()} do the same for {@code board[y][x]}.
 */
public final class Gomoku implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    /**
     * The native game, freed once: by {@link #close()} or by the cleaner.
     * Calls hold the read lock while they use the pointer; freeing takes the
     * write lock, so it never overlaps a call.
     */
    private static final class Handle implements Runnable {
        private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        private Pointer pointer;

        Handle(Pointer pointer) {
            this.pointer = pointer;
        }

        @Override
        public void run() {
            Pointer p;
            lock.readLock().lock();
            try {
                p = pointer;
            } finally {
                lock.readLock().unlock();
            }
            if (p == null) {
                return;
            }
            // A search in progress holds the read lock: ask it to finish, and
            // again while waiting, in case it had not started when first asked.
            boolean interrupted = false;
            while (true) {
                LibGomoku.gomoku_ai_stop(p);
                try {
                    if (lock.writeLock().tryLock(20, TimeUnit.MILLISECONDS)) {
                        break;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            try {
                if (pointer != null) {
                    LibGomoku.gomoku_free(pointer);
                    pointer = null;
                }
            } finally {
                lock.writeLock().unlock();
            }
        }

        /** Runs {@code call} with the live pointer. @throws IllegalStateException once closed */
        <T> T with(Function<Pointer, T> call) {
            lock.readLock().lock();
            try {
                if (pointer == null) {
                    throw new IllegalStateException("the game is closed");
                }
                return call.apply(pointer);
            } finally {
                lock.readLock().unlock();
            }
        }

        /** Stops a search without waiting on anything; nothing once closed. */
        void stop() {
            if (lock.readLock().tryLock()) {
                try {
                    if (pointer != null) {
                        LibGomoku.gomoku_ai_stop(pointer);
                    }
                } finally {
                    lock.readLock().unlock();
                }
            }
        }
    }

    private final Handle handle;
    private final Cleaner.Cleanable cleanable;

    private Gomoku(Pointer pointer) {
        if (pointer == null) {
            throw new IllegalStateException("libgomoku returned no game: " + LibGomoku.gomoku_last_error());
        }
        this.handle = new Handle(pointer);
        this.cleanable = CLEANER.register(this, handle);
    }

    /** A new game on an empty {@code size × size} board (5..26), black to move. */
    public Gomoku(int size, Rule rule) {
        this(create(size, rule));
    }

    private static Pointer create(int size, Rule rule) {
        Pointer p = LibGomoku.gomoku_new(size, rule.code());
        if (p == null) {
            throw new IllegalArgumentException(LibGomoku.gomoku_last_error());
        }
        return p;
    }

    /** A 15×15 freestyle game. */
    public Gomoku() {
        this(15, Rule.FREESTYLE);
    }

    /**
     * A game from a set-up position: stones as parallel lists, with {@code toMove} to play.
     *
     * @throws IllegalArgumentException if the position is impossible
     */
    public static Gomoku setUp(int size, Rule rule, List<Point> points, List<Stone> colors, Stone toMove) {
        int n = points.size();
        if (colors.size() != n) {
            throw new IllegalArgumentException(n + " points but " + colors.size() + " colours");
        }
        int[] xs = new int[n];
        int[] ys = new int[n];
        int[] cs = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = points.get(i).x();
            ys[i] = points.get(i).y();
            cs[i] = colors.get(i).code();
        }
        Pointer p = LibGomoku.gomoku_new_setup(size, rule.code(), xs, ys, cs, n, toMove.code());
        if (p == null) {
            throw new IllegalArgumentException(LibGomoku.gomoku_last_error());
        }
        return new Gomoku(p);
    }

    /** Makes a game from a flattened board array (see {@code gomoku_new_from_rows}). */
    private interface BoardReader {
        Pointer create(int size, int rule, int[] cells, int toMove);
    }

    private static Gomoku fromBoard(int[][] lines, Rule rule, Stone toMove, BoardReader reader) {
        int n = lines.length;
        int[] cells = new int[Math.multiplyExact(n, n)];
        for (int i = 0; i < n; i++) {
            if (lines[i].length != n) {
                throw new IllegalArgumentException(
                        "the board is not square: " + n + " lines, but line " + i + " has " + lines[i].length + " points");
            }
            System.arraycopy(lines[i], 0, cells, i * n, n);
        }
        Pointer p = reader.create(n, rule.code(), cells, toMove.code());
        if (p == null) {
            throw new IllegalArgumentException(LibGomoku.gomoku_last_error());
        }
        return new Gomoku(p);
    }

    /**
     * A game from a board array given rows first, as printed: {@code rows[y][x]}
     * is 0 (empty), 1 (black) or 2 (white). The side to move follows from the
     * stone counts: black when they are equal, white when black has one more.
     *
     * <pre>{@code
     * int[][] rows = new int[15][15];
     * rows[7][7] = 1;                                   // h8, black
     * Gomoku game = Gomoku.fromRows(rows, Rule.RENJU);  // white to move
     * }</pre>
     *
     * @throws IllegalArgumentException if the board is not square or not 5 to 26
     *     wide, holds a code other than 0, 1, 2, or cannot arise in a game (too
     *     many stones of one colour, a five already on the board); the message
     *     says which
     */
    public static Gomoku fromRows(int[][] rows, Rule rule) {
        return fromRows(rows, rule, Stone.EMPTY);
    }

    /**
     * {@link #fromRows(int[][], Rule)} with {@code toMove} to play
     * ({@link Stone#EMPTY}: inferred from the counts).
     *
     * @throws IllegalArgumentException as {@link #fromRows(int[][], Rule)}, and if
     *     the counts do not allow {@code toMove} to play
     */
    public static Gomoku fromRows(int[][] rows, Rule rule, Stone toMove) {
        return fromBoard(rows, rule, toMove, LibGomoku::gomoku_new_from_rows);
    }

    /**
     * A game from a board array given columns first, {@code columns[x][y]}, as
     * the {@code int[15][15] board} of many course projects (seed programs'
     * {@code GameBoard}) keeps it; otherwise as {@link #fromRows(int[][], Rule)}.
     *
     * @throws IllegalArgumentException as {@link #fromRows(int[][], Rule)}
     */
    public static Gomoku fromColumns(int[][] columns, Rule rule) {
        return fromColumns(columns, rule, Stone.EMPTY);
    }

    /**
     * {@link #fromColumns(int[][], Rule)} with {@code toMove} to play
     * ({@link Stone#EMPTY}: inferred from the counts).
     *
     * @throws IllegalArgumentException as {@link #fromRows(int[][], Rule, Stone)}
     */
    public static Gomoku fromColumns(int[][] columns, Rule rule, Stone toMove) {
        return fromBoard(columns, rule, toMove, LibGomoku::gomoku_new_from_columns);
    }

    /** Reads save text (as written by {@link #save()}, Rust, C or Python). */
    public static Gomoku load(String text) {
        Pointer p = LibGomoku.gomoku_load(text);
        if (p == null) {
            throw new ParseException(LibGomoku.gomoku_last_error());
        }
        return new Gomoku(p);
    }

    /** Reads a Piskvork {@code .psq} record, replayed under {@code rule}. */
    public static Gomoku fromPsq(String text, Rule rule) {
        Pointer p = LibGomoku.gomoku_from_psq(text, rule.code());
        if (p == null) {
            throw new ParseException(LibGomoku.gomoku_last_error());
        }
        return new Gomoku(p);
    }

    /**
     * Reads an SGF record ({@code GM[4]}, as Renju and gomoku programs write it):
     * its first game's main line, with size, rule, set-up stones, players, date
     * and a declared result such as {@code RE[W+R]}.
     *
     * @throws ParseException for malformed text or another game than gomoku
     */
    public static Gomoku fromSgf(String text) {
        Pointer p = LibGomoku.gomoku_from_sgf(text);
        if (p == null) {
            throw new ParseException(LibGomoku.gomoku_last_error());
        }
        return new Gomoku(p);
    }

    /**
     * The games of a history file's text (save texts one after another, as
     * {@link #appendToHistory} writes them), oldest first.
     *
     * @throws ParseException if any of them is malformed
     */
    public static List<Gomoku> loadAll(String text) {
        int count = LibGomoku.gomoku_history_count(text);
        if (count < 0) {
            throw new ParseException(LibGomoku.gomoku_last_error());
        }
        List<Gomoku> games = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Pointer p = LibGomoku.gomoku_history_game(text, i);
            if (p == null) {
                games.forEach(Gomoku::close);
                throw new ParseException(LibGomoku.gomoku_last_error());
            }
            games.add(new Gomoku(p));
        }
        return List.copyOf(games);
    }

    /**
     * The games of a history file, oldest first; an empty list if the file does
     * not exist yet. Close them when done.
     *
     * <pre>{@code
     * game.appendToHistory(path);                       // when a game ends
     * for (Gomoku old : Gomoku.readHistory(path)) {     // a history view
     *     System.out.println(old.date().orElse("?") + " " + old.resultText(Language.ENGLISH));
     * }
     * }</pre>
     *
     * @throws GomokuException (status {@code STATUS_IO_ERROR}) if the file cannot be read
     * @throws ParseException if it is not a history file
     */
    public static List<Gomoku> readHistory(Path path) {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException missing) {
            return List.of();
        } catch (CharacterCodingException e) {
            throw new ParseException(path + ": not UTF-8 text");
        } catch (IOException e) {
            throw new GomokuException(NativeCodes.STATUS_IO_ERROR, path + ": " + e.getMessage(), e);
        }
        return loadAll(text);
    }

    /** The library version. */
    public static String version() {
        return LibGomoku.gomoku_version();
    }

    /** The highest AI level. */
    public static int maxLevel() {
        return LibGomoku.gomoku_ai_max_level();
    }

    /** An independent copy (its own AI engine, with no table yet). */
    public Gomoku copy() {
        return new Gomoku(handle.with(LibGomoku::gomoku_clone));
    }

    /**
     * Frees the native game, stopping a search in progress first; further
     * calls throw {@link IllegalStateException}. Closing twice is harmless.
     */
    @Override
    public void close() {
        cleanable.clean();
    }

    /** Runs a status-returning native call on the live game and checks its status. */
    private int call(ToIntFunction<Pointer> native_) {
        return handle.with(p -> check(native_.applyAsInt(p)));
    }

    /** Passes a non-negative C answer through; turns a status into its exception. */
    private static int check(int status) {
        if (status >= 0) {
            return status;
        }
        String message = LibGomoku.gomoku_last_error();
        IllegalMoveException.Reason reason =
                switch (status) {
                    case NativeCodes.STATUS_OFF_BOARD -> IllegalMoveException.Reason.OFF_BOARD;
                    case NativeCodes.STATUS_OCCUPIED -> IllegalMoveException.Reason.OCCUPIED;
                    case NativeCodes.STATUS_FORBIDDEN -> IllegalMoveException.Reason.FORBIDDEN;
                    case NativeCodes.STATUS_GAME_OVER -> IllegalMoveException.Reason.GAME_OVER;
                    case NativeCodes.STATUS_NOTHING_TO_UNDO -> IllegalMoveException.Reason.NOTHING_TO_UNDO;
                    case NativeCodes.STATUS_NOTHING_TO_REDO -> IllegalMoveException.Reason.NOTHING_TO_REDO;
                    default -> null;
                };
        if (reason != null) {
            throw new IllegalMoveException(status, reason, message);
        }
        switch (status) {
            case NativeCodes.STATUS_PARSE_ERROR -> throw new ParseException(message);
            case NativeCodes.STATUS_INVALID_ARGUMENT, NativeCodes.STATUS_INVALID_SETUP ->
                    throw new IllegalArgumentException(message);
            case NativeCodes.STATUS_BUSY -> throw new IllegalStateException(message);
            default -> throw new GomokuException(status, LibGomoku.gomoku_status_message(status) + ": " + message);
        }
    }

    /** Plays for the side to move. @throws IllegalMoveException if refused */
    public void play(Point p) {
        call(g -> LibGomoku.gomoku_play(g, p.x(), p.y()));
    }

    /** Plays a move in letter notation ({@code "h8"}). */
    public void play(String move) {
        play(Point.parse(move));
    }

    /** Plays a move list ({@code "h8 i9 j10"}): all of it, or nothing if any move is refused. */
    public void playMoves(String moves) {
        call(g -> LibGomoku.gomoku_play_moves(g, moves));
    }

    /** Takes back the last move and returns it. */
    public Point undo() {
        call(LibGomoku::gomoku_undo);
        return redoMoves().get(0);
    }

    /** Replays the last undone move and returns it. */
    public Point redo() {
        call(LibGomoku::gomoku_redo);
        return lastMove();
    }

    /** Whether an undone move waits to be replayed. */
    public boolean canRedo() {
        return handle.with(LibGomoku::gomoku_redo_count) > 0;
    }

    /** The board side. */
    public int size() {
        return handle.with(LibGomoku::gomoku_size);
    }

    /** The rule. */
    public Rule rule() {
        return Rule.of(call(LibGomoku::gomoku_rule));
    }

    /** The side to move. */
    public Stone sideToMove() {
        return Stone.of(handle.with(LibGomoku::gomoku_side_to_move));
    }

    /** The stone on a point. @throws IllegalMoveException (OFF_BOARD) off the board */
    public Stone stone(Point p) {
        return Stone.of(call(g -> LibGomoku.gomoku_stone(g, p.x(), p.y())));
    }

    /** The result. */
    public Result result() {
        return Result.of(handle.with(LibGomoku::gomoku_result));
    }

    /** The winner, {@link Stone#EMPTY} if none. */
    public Stone winner() {
        return Stone.of(handle.with(LibGomoku::gomoku_winner));
    }

    /** Whether the game has ended. */
    public boolean isOver() {
        return result() != Result.ONGOING;
    }

    /** Reads a list of points with the count-then-fill protocol of libgomoku. */
    private interface PointsReader {
        int read(Pointer g, int[] xs, int[] ys, int cap);
    }

    private List<Point> points(PointsReader reader) {
        return handle.with(g -> {
            int n = check(reader.read(g, null, null, 0));
            int[] xs = new int[n];
            int[] ys = new int[n];
            n = Math.min(n, check(reader.read(g, xs, ys, n)));
            List<Point> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                list.add(new Point(xs[i], ys[i]));
            }
            return List.copyOf(list);
        });
    }

    /** The moves since the start position, oldest first, in one native call. */
    public List<Point> moves() {
        return points(LibGomoku::gomoku_moves);
    }

    /** The undone moves {@link #redo()} would replay, next one first. */
    public List<Point> redoMoves() {
        return points(LibGomoku::gomoku_redo_moves);
    }

    /** The last move, or null. */
    public Point lastMove() {
        List<Point> moves = moves();
        return moves.isEmpty() ? null : moves.get(moves.size() - 1);
    }

    /** The winning line's stones (empty if none). */
    public List<Point> winningLine() {
        return points(LibGomoku::gomoku_winning_line);
    }

    /** Whether black may not play {@code p} now (renju). */
    public boolean isForbidden(Point p) {
        return handle.with(g -> LibGomoku.gomoku_is_forbidden(g, p.x(), p.y())) == 1;
    }

    /** Whether the side to move may play {@code p}. */
    public boolean isLegal(Point p) {
        return handle.with(g -> LibGomoku.gomoku_is_legal(g, p.x(), p.y())) == 1;
    }

    /** Every point black may not play now (renju). */
    public List<Point> forbiddenPoints() {
        return points(LibGomoku::gomoku_forbidden_points);
    }

    /** Reads the whole board in one native call into {@code size × size} codes. */
    private interface GridReader {
        int read(Pointer g, int[] cells, int cap);
    }

    private int[][] grid(GridReader reader) {
        return handle.with(g -> {
            int n = LibGomoku.gomoku_size(g);
            int[] flat = new int[n * n];
            check(reader.read(g, flat, flat.length));
            int[][] grid = new int[n][n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(flat, i * n, grid[i], 0, n);
            }
            return grid;
        });
    }

    /**
     * The board rows first, as printed: {@code rows()[y][x]} is the stone code
     * of {@code (x, y)} (0 empty, 1 black, 2 white), in one native call.
     */
    public int[][] rows() {
        return grid(LibGomoku::gomoku_board_rows);
    }

    /** The board columns first, as {@code board[x][y]} in many course projects. */
    public int[][] columns() {
        return grid(LibGomoku::gomoku_board_columns);
    }

    /** Reads a text-returning function with the size-then-fill protocol. */
    private interface TextWriter {
        int write(Pointer g, byte[] buf, int cap);
    }

    private String text(TextWriter writer) {
        return handle.with(g -> {
            int len = check(writer.write(g, null, 0));
            while (true) {
                // Another thread may change the game between the two calls: ask again until it fits.
                byte[] buf = new byte[len + 1];
                int written = check(writer.write(g, buf, buf.length));
                if (written <= len) {
                    return new String(buf, 0, written, StandardCharsets.UTF_8);
                }
                len = written;
            }
        });
    }

    /** The save text. */
    public String save() {
        return text(LibGomoku::gomoku_save);
    }

    /** The game as a Piskvork {@code .psq} record. */
    public String toPsq() {
        return text(LibGomoku::gomoku_to_psq);
    }

    /**
     * The game as an SGF record ({@code GM[4]}) with size, rule, players, date,
     * result and moves, for other gomoku programs; {@link #fromSgf} reads it back.
     */
    public String toSgf() {
        return text(LibGomoku::gomoku_to_sgf);
    }

    /**
     * Appends the game's save text to a history file (created if missing; its
     * folder must exist), so the file keeps every finished game;
     * {@link #readHistory} reads them back.
     *
     * @throws GomokuException (status {@code STATUS_IO_ERROR}) if the file cannot be written
     */
    public void appendToHistory(Path path) {
        String file = path.toString();
        call(g -> LibGomoku.gomoku_append_history(file, g));
    }

    /** Why the game ended; {@link Reason#NONE} while it goes on. */
    public Reason reason() {
        return Reason.of(handle.with(LibGomoku::gomoku_result_reason));
    }

    /**
     * {@code loser} resigns and the other side wins; {@link #undo()} reopens the game.
     *
     * @throws IllegalMoveException (GAME_OVER) once the game is over
     * @throws IllegalArgumentException for {@link Stone#EMPTY}
     */
    public void resign(Stone loser) {
        call(g -> LibGomoku.gomoku_resign(g, loser.code()));
    }

    /** {@code loser} ran out of time and the other side wins; as {@link #resign}. */
    public void loseOnTime(Stone loser) {
        call(g -> LibGomoku.gomoku_lose_on_time(g, loser.code()));
    }

    /** The players agree to a draw; as {@link #resign}. */
    public void agreeDraw() {
        call(LibGomoku::gomoku_agree_draw);
    }

    /**
     * How the game stands as a sentence in {@code language}: "black wins with
     * five in a row", "黑棋认输，白棋获胜", "game on". Status lines and history
     * lists show this rather than the {@link Result} constant.
     */
    public String resultText(Language language) {
        return text((g, buf, cap) -> LibGomoku.gomoku_result_text(g, language.code(), buf, cap));
    }

    /** The name of the player of {@code color}, kept in save text and SGF; empty if it has none. */
    public Optional<String> player(Stone color) {
        String name = text((g, buf, cap) -> LibGomoku.gomoku_player(g, color.code(), buf, cap));
        return name.isEmpty() ? Optional.empty() : Optional.of(name);
    }

    /**
     * Names the player of {@code color} ({@code null} clears it).
     *
     * @throws IllegalArgumentException for {@link Stone#EMPTY}
     */
    public void setPlayer(Stone color, String name) {
        call(g -> LibGomoku.gomoku_set_player(g, color.code(), name));
    }

    /** When the game was played, as it was set; empty if it was not. */
    public Optional<String> date() {
        String date = text(LibGomoku::gomoku_date);
        return date.isEmpty() ? Optional.empty() : Optional.of(date);
    }

    /** Sets when the game was played: any one-line text, such as {@code 2026-12-01} ({@code null} clears it). */
    public void setDate(String date) {
        call(g -> LibGomoku.gomoku_set_date(g, date));
    }

    /**
     * A new game: this one seen through {@code symmetry}, with its start
     * position, moves, undone moves and players moved to their images.
     */
    public Gomoku transform(Symmetry symmetry) {
        return new Gomoku(handle.with(g -> LibGomoku.gomoku_transform(g, symmetry.code())));
    }

    /** The symmetry that takes the position to its {@link #canonical()} form. */
    public Symmetry canonicalSymmetry() {
        return Symmetry.of(call(LibGomoku::gomoku_canonical_symmetry));
    }

    /**
     * The position's canonical form, the least of its eight images: two
     * positions that are turns or mirrors of each other have the same one, so
     * opening books and puzzle collections find duplicates by it.
     */
    public Gomoku canonical() {
        return transform(canonicalSymmetry());
    }

    /**
     * A hint that teaches, for the side to move (nothing is played): the move
     * the engine chooses with {@code options}, the forced win it starts if a
     * short search finds one, and the best few points with the shapes each makes
     * and breaks, explained in {@code language}. Blocks like {@link #aiMove} (run
     * it off the UI thread); {@link #stopAi()} ends it early.
     *
     * <pre>{@code
     * Hint hint = game.hint(AiOptions.of(0, 500), Language.CHINESE);
     * hint.text();                         // "建议 k8：形成活四，可连续冲四取胜。" (for example)
     * hint.candidates().get(0).makes();    // [OPEN_FOUR]
     * }</pre>
     *
     * @throws IllegalMoveException (GAME_OVER) once the game is over
     * @throws IllegalStateException if the AI is already thinking on this game
     */
    public Hint hint(AiOptions options, Language language) {
        LibGomoku.Hint out = new LibGomoku.Hint();
        LibGomoku.AiOptions native_ = options.toNative();
        call(g -> LibGomoku.gomoku_hint(g, native_, language.code(), out));
        List<Point> line = new ArrayList<>();
        for (int i = 0; i < Math.min(out.line_length, out.line_xs.length); i++) {
            line.add(new Point(out.line_xs[i], out.line_ys[i]));
        }
        List<HintPoint> candidates = new ArrayList<>();
        for (int i = 0; i < Math.min(out.point_count, out.points.length); i++) {
            LibGomoku.HintPoint p = out.points[i];
            candidates.add(new HintPoint(
                    new Point(p.x, p.y),
                    shapes(p.makes, p.makes_count),
                    Combination.of(p.combination),
                    shapes(p.blocks, p.blocks_count),
                    p.value,
                    cString(p.text)));
        }
        return new Hint(
                new Point(out.x, out.y), out.score, out.mate_in, ForcedWin.of(out.forced_win), line, candidates, cString(out.text));
    }

    private static List<Shape> shapes(int[] codes, int count) {
        List<Shape> shapes = new ArrayList<>();
        for (int i = 0; i < Math.min(count, codes.length); i++) {
            shapes.add(Shape.of(codes[i]));
        }
        return shapes;
    }

    /** The UTF-8 text of a NUL-terminated C array. */
    private static String cString(byte[] bytes) {
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }

    /**
     * The AI's move for the side to move (not played). Blocks while thinking
     * (run it off the UI thread); other methods of the game work meanwhile.
     *
     * @throws IllegalStateException if the AI is already thinking on this game
     */
    public Point aiMove(AiOptions options) {
        return aiMove(options, null);
    }

    /** {@link #aiMove(AiOptions)}, calling {@code progress} after each finished depth. */
    public Point aiMove(AiOptions options, Consumer<SearchInfo> progress) {
        int[] x = new int[1];
        int[] y = new int[1];
        LibGomoku.ProgressCallback callback = null;
        if (progress != null) {
            callback = (info, user) -> progress.accept(toSearchInfo(new LibGomoku.SearchInfo(info)));
        }
        LibGomoku.ProgressCallback reports = callback;
        LibGomoku.AiOptions native_ = options.toNative();
        call(g -> LibGomoku.gomoku_ai_move_with_progress(g, native_, reports, null, x, y));
        return new Point(x[0], y[0]);
    }

    private static SearchInfo toSearchInfo(LibGomoku.SearchInfo s) {
        List<Point> pv = new ArrayList<>(s.pv_length);
        for (int i = 0; i < s.pv_length; i++) {
            pv.add(new Point(s.pv_xs.getInt(4L * i), s.pv_ys.getInt(4L * i)));
        }
        return new SearchInfo(s.depth, s.score, s.mate_in, s.nodes, s.nodes_per_second, s.elapsed_ms, List.copyOf(pv));
    }

    /**
     * Stops a running {@link #aiMove} from another thread; it returns its best
     * move so far. Never waits; does nothing once the game is closed.
     */
    public void stopAi() {
        handle.stop();
    }

    /**
     * Per-point scores for hints and heat maps, {@code scores[y][x]}, higher is
     * better for the side to move; {@link Integer#MIN_VALUE} where it may not play.
     */
    public int[][] scores(int level) {
        return grid((g, cells, cap) -> LibGomoku.gomoku_ai_scores(g, level, cells, cap));
    }

    @Override
    public String toString() {
        try {
            return "Gomoku[" + save().replace('\n', ';') + "]";
        } catch (IllegalStateException closed) {
            return "Gomoku[closed]";
        }
    }
}
