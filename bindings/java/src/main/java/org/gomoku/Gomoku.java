package org.gomoku;

import com.sun.jna.Pointer;
import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A game of five in a row on libgomoku. Close it (try-with-resources) to free
 * the native game at once; a {@link Cleaner} frees forgotten ones.
 *
 * <p>Methods are synchronized, so a game may be shared between threads;
 * {@link #stopAi()} is the exception: it may be called while another thread
 * is inside {@link #aiMove}, which then returns its best move so far.
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

    /** Frees a native game once. */
    private static final class Handle implements Runnable {
        private Pointer pointer;

        Handle(Pointer pointer) {
            this.pointer = pointer;
        }

        @Override
        public synchronized void run() {
            if (pointer != null) {
                LibGomoku.gomoku_free(pointer);
                pointer = null;
            }
        }

        synchronized Pointer get() {
            if (pointer == null) {
                throw new IllegalStateException("the game is closed");
            }
            return pointer;
        }
    }

    private final Handle handle;
    private final Cleaner.Cleanable cleanable;
    /** The native pointer, kept for {@link #stopAi()} which must not wait for the lock. */
    private final Pointer raw;

    private Gomoku(Pointer pointer) {
        if (pointer == null) {
            throw new IllegalStateException("libgomoku returned no game: " + LibGomoku.gomoku_last_error());
        }
        this.raw = pointer;
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

    /** An independent copy. */
    public synchronized Gomoku copy() {
        return new Gomoku(LibGomoku.gomoku_clone(handle.get()));
    }

    /** Frees the native game; further calls throw {@link IllegalStateException}. */
    @Override
    public synchronized void close() {
        cleanable.clean();
    }

    /** Turns a C status into an exception. */
    private static void check(int status) {
        if (status >= 0) {
            return;
        }
        String message = LibGomoku.gomoku_last_error();
        IllegalMoveException.Reason reason =
                switch (status) {
                    case -3 -> IllegalMoveException.Reason.OFF_BOARD;
                    case -4 -> IllegalMoveException.Reason.OCCUPIED;
                    case -5 -> IllegalMoveException.Reason.FORBIDDEN;
                    case -6 -> IllegalMoveException.Reason.GAME_OVER;
                    case -7 -> IllegalMoveException.Reason.NOTHING_TO_UNDO;
                    case -8 -> IllegalMoveException.Reason.NOTHING_TO_REDO;
                    default -> null;
                };
        if (reason != null) {
            throw new IllegalMoveException(status, reason, message);
        }
        if (status == -10) {
            throw new ParseException(message);
        }
        if (status == -2) {
            throw new IllegalArgumentException(message);
        }
        throw new GomokuException(status, LibGomoku.gomoku_status_message(status) + ": " + message);
    }

    /** Plays for the side to move. @throws IllegalMoveException if refused */
    public synchronized void play(Point p) {
        check(LibGomoku.gomoku_play(handle.get(), p.x(), p.y()));
    }

    /** Plays a move in letter notation ({@code "h8"}). */
    public void play(String move) {
        play(Point.parse(move));
    }

    /** Plays a move list ({@code "h8 i9 j10"}): all of it, or nothing if any move is refused. */
    public synchronized void playMoves(String moves) {
        check(LibGomoku.gomoku_play_moves(handle.get(), moves));
    }

    /** Takes back the last move and returns it. */
    public synchronized Point undo() {
        Point last = lastMove();
        check(LibGomoku.gomoku_undo(handle.get()));
        return last;
    }

    /** Replays the last undone move and returns it. */
    public synchronized Point redo() {
        check(LibGomoku.gomoku_redo(handle.get()));
        return lastMove();
    }

    /** Whether an undone move waits to be replayed. */
    public synchronized boolean canRedo() {
        return LibGomoku.gomoku_redo_count(handle.get()) > 0;
    }

    /** The board side. */
    public synchronized int size() {
        return LibGomoku.gomoku_size(handle.get());
    }

    /** The rule. */
    public synchronized Rule rule() {
        return Rule.of(LibGomoku.gomoku_rule(handle.get()));
    }

    /** The side to move. */
    public synchronized Stone sideToMove() {
        return Stone.of(LibGomoku.gomoku_side_to_move(handle.get()));
    }

    /** The stone on a point. @throws IllegalMoveException (OFF_BOARD) off the board */
    public synchronized Stone stone(Point p) {
        int code = LibGomoku.gomoku_stone(handle.get(), p.x(), p.y());
        check(code);
        return Stone.of(code);
    }

    /** The result. */
    public synchronized Result result() {
        return Result.of(LibGomoku.gomoku_result(handle.get()));
    }

    /** The winner, {@link Stone#EMPTY} if none. */
    public synchronized Stone winner() {
        return Stone.of(LibGomoku.gomoku_winner(handle.get()));
    }

    /** Whether the game has ended. */
    public boolean isOver() {
        return result() != Result.ONGOING;
    }

    /** The moves since the start position. */
    public synchronized List<Point> moves() {
        int n = LibGomoku.gomoku_move_count(handle.get());
        List<Point> moves = new ArrayList<>(n);
        int[] x = new int[1];
        int[] y = new int[1];
        for (int i = 0; i < n; i++) {
            check(LibGomoku.gomoku_move_at(handle.get(), i, x, y));
            moves.add(new Point(x[0], y[0]));
        }
        return moves;
    }

    /** The last move, or null. */
    public synchronized Point lastMove() {
        int n = LibGomoku.gomoku_move_count(handle.get());
        if (n == 0) {
            return null;
        }
        int[] x = new int[1];
        int[] y = new int[1];
        check(LibGomoku.gomoku_move_at(handle.get(), n - 1, x, y));
        return new Point(x[0], y[0]);
    }

    private static List<Point> points(int[] xs, int[] ys, int n) {
        List<Point> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(new Point(xs[i], ys[i]));
        }
        return list;
    }

    /** The winning line's stones (empty if none). */
    public synchronized List<Point> winningLine() {
        int cap = size();
        int[] xs = new int[cap];
        int[] ys = new int[cap];
        int n = LibGomoku.gomoku_winning_line(handle.get(), xs, ys, cap);
        check(n);
        return points(xs, ys, Math.min(n, cap));
    }

    /** Whether black may not play {@code p} now (renju). */
    public synchronized boolean isForbidden(Point p) {
        return LibGomoku.gomoku_is_forbidden(handle.get(), p.x(), p.y()) == 1;
    }

    /** Whether the side to move may play {@code p}. */
    public synchronized boolean isLegal(Point p) {
        return LibGomoku.gomoku_is_legal(handle.get(), p.x(), p.y()) == 1;
    }

    /** Every point black may not play now (renju). */
    public synchronized List<Point> forbiddenPoints() {
        int cap = size() * size();
        int[] xs = new int[cap];
        int[] ys = new int[cap];
        int n = LibGomoku.gomoku_forbidden_points(handle.get(), xs, ys, cap);
        check(n);
        return points(xs, ys, n);
    }

    /** Reads a text-returning function with the size-then-fill protocol. */
    private interface TextWriter {
        int write(Pointer g, byte[] buf, int cap);
    }

    private String text(TextWriter writer) {
        int len = writer.write(handle.get(), null, 0);
        check(len);
        byte[] buf = new byte[len + 1];
        check(writer.write(handle.get(), buf, buf.length));
        return new String(buf, 0, len, StandardCharsets.UTF_8);
    }

    /** The save text. */
    public synchronized String save() {
        return text(LibGomoku::gomoku_save);
    }

    /** The game as a Piskvork {@code .psq} record. */
    public synchronized String toPsq() {
        return text(LibGomoku::gomoku_to_psq);
    }

    /** The AI's move for the side to move (not played). Blocks while thinking. */
    public synchronized Point aiMove(AiOptions options) {
        return aiMove(options, null);
    }

    /** {@link #aiMove(AiOptions)}, calling {@code progress} after each finished depth. */
    public synchronized Point aiMove(AiOptions options, Consumer<SearchInfo> progress) {
        int[] x = new int[1];
        int[] y = new int[1];
        LibGomoku.ProgressCallback callback = null;
        if (progress != null) {
            callback = (info, user) -> progress.accept(toSearchInfo(new LibGomoku.SearchInfo(info)));
        }
        check(LibGomoku.gomoku_ai_move_with_progress(handle.get(), options.toNative(), callback, null, x, y));
        return new Point(x[0], y[0]);
    }

    private static SearchInfo toSearchInfo(LibGomoku.SearchInfo s) {
        List<Point> pv = new ArrayList<>(s.pv_length);
        for (int i = 0; i < s.pv_length; i++) {
            pv.add(new Point(s.pv_xs.getInt(4L * i), s.pv_ys.getInt(4L * i)));
        }
        return new SearchInfo(s.depth, s.score, s.mate_in, s.nodes, s.nodes_per_second, s.elapsed_ms, List.copyOf(pv));
    }

    /** Stops a running {@link #aiMove} from another thread; it returns its best move so far. */
    public void stopAi() {
        LibGomoku.gomoku_ai_stop(raw);
    }

    /**
     * Per-point scores for hints and heat maps, {@code scores[y][x]}, higher is
     * better for the side to move; {@link Integer#MIN_VALUE} where it may not play.
     */
    public synchronized int[][] scores(int level) {
        int n = size();
        int[] flat = new int[n * n];
        check(LibGomoku.gomoku_ai_scores(handle.get(), level, flat, flat.length));
        int[][] grid = new int[n][n];
        for (int y = 0; y < n; y++) {
            System.arraycopy(flat, y * n, grid[y], 0, n);
        }
        return grid;
    }

    @Override
    public String toString() {
        return "Gomoku[" + save().replace('\n', ';') + "]";
    }
}
