package org.gomoku;

import com.sun.jna.Pointer;
import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
            byte[] buf = new byte[len + 1];
            check(writer.write(g, buf, buf.length));
            return new String(buf, 0, len, StandardCharsets.UTF_8);
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
