package org.gomoku;

import com.sun.jna.Callback;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import java.io.File;
import java.net.URISyntaxException;
import java.security.CodeSource;
import java.util.Map;

/**
 * Direct JNA mapping of the C ABI in {@code include/gomoku.h}; see that header
 * for each function's contract. Use {@link Gomoku} rather than this class.
 *
 * <p>The library is looked up as {@code gomoku} ({@code libgomoku.so}) in the
 * folder of the jar these classes came from, so a jar with the library beside
 * it runs from that folder alone; then in the system property
 * {@code gomoku.library.path}; then in JNA's usual places
 * ({@code jna.library.path}, {@code java.library.path}, the system paths).
 */
public final class LibGomoku {
    private LibGomoku() {}

    static {
        File besideJar = jarFolder();
        if (besideJar != null) {
            NativeLibrary.addSearchPath("gomoku", besideJar.getPath());
        }
        String ownPath = System.getProperty("gomoku.library.path");
        if (ownPath != null) {
            NativeLibrary.addSearchPath("gomoku", ownPath);
        }
        try {
            // Every string crosses the boundary as UTF-8, whatever the platform's default charset.
            Native.register(LibGomoku.class, NativeLibrary.getInstance("gomoku", Map.of(Library.OPTION_STRING_ENCODING, "UTF-8")));
        } catch (UnsatisfiedLinkError e) {
            throw new UnsatisfiedLinkError(
                    "libgomoku not found (build it with `cargo build --release`). Looked beside the jar="
                            + (besideJar == null ? "(not run from a jar)" : describe(besideJar.getPath()))
                            + ", gomoku.library.path="
                            + describe(ownPath)
                            + ", jna.library.path="
                            + describe(System.getProperty("jna.library.path"))
                            + ", java.library.path="
                            + describe(System.getProperty("java.library.path"))
                            + " and the system library paths. Cause: "
                            + e.getMessage());
        }
    }

    /** The folder of the jar holding these classes, or null when they are not in a jar (a build's classes folder). */
    private static File jarFolder() {
        try {
            CodeSource source = LibGomoku.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return null;
            }
            File location = new File(source.getLocation().toURI());
            return location.isFile() ? location.getAbsoluteFile().getParentFile() : null;
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return null;
        }
    }

    private static String describe(String path) {
        if (path == null) {
            return "(unset)";
        }
        return path + (new File(path).isDirectory() ? "" : " (not a directory)");
    }

    /** {@code GomokuAiOptions}: fill it with {@link #gomoku_ai_options_init} first. */
    @Structure.FieldOrder({"struct_size", "level", "time_ms", "max_depth", "max_nodes", "seed", "table_mib"})
    public static class AiOptions extends Structure {
        public int struct_size;
        public int level;
        public int time_ms;
        public int max_depth;
        public long max_nodes;
        public long seed;
        public int table_mib;
    }

    /** {@code GomokuSearchInfo}, read from the pointer a progress callback gets. */
    @Structure.FieldOrder({"depth", "score", "mate_in", "nodes", "nodes_per_second", "elapsed_ms", "pv_length", "pv_xs", "pv_ys"})
    public static class SearchInfo extends Structure {
        public int depth;
        public int score;
        public int mate_in;
        public long nodes;
        public long nodes_per_second;
        public int elapsed_ms;
        public int pv_length;
        public Pointer pv_xs;
        public Pointer pv_ys;

        public SearchInfo(Pointer p) {
            super(p);
            read();
        }
    }

    /** {@code GomokuHintPoint}: one explained point of a hint. */
    @Structure.FieldOrder({"x", "y", "value", "makes_count", "makes", "combination", "blocks_count", "blocks", "text"})
    public static class HintPoint extends Structure {
        public int x;
        public int y;
        public long value;
        public int makes_count;
        public int[] makes = new int[NativeCodes.HINT_SHAPES];
        public int combination;
        public int blocks_count;
        public int[] blocks = new int[NativeCodes.HINT_SHAPES];
        public byte[] text = new byte[NativeCodes.HINT_TEXT];
    }

    /** {@code GomokuHint}, filled by {@link #gomoku_hint}. */
    @Structure.FieldOrder({"x", "y", "score", "mate_in", "forced_win", "line_length", "line_xs", "line_ys", "point_count", "points", "text"})
    public static class Hint extends Structure {
        public int x;
        public int y;
        public int score;
        public int mate_in;
        public int forced_win;
        public int line_length;
        public int[] line_xs = new int[NativeCodes.HINT_LINE];
        public int[] line_ys = new int[NativeCodes.HINT_LINE];
        public int point_count;
        public HintPoint[] points = (HintPoint[]) new HintPoint().toArray(NativeCodes.HINT_POINTS);
        public byte[] text = new byte[NativeCodes.HINT_TEXT];
    }

    /** {@code GomokuProgressCallback}. */
    public interface ProgressCallback extends Callback {
        void invoke(Pointer info, Pointer userData);
    }

    public static native void gomoku_ai_options_init(AiOptions options);
    public static native int gomoku_ai_max_level();
    public static native int gomoku_ai_move(Pointer g, AiOptions options, int[] x, int[] y);
    public static native int gomoku_ai_move_with_progress(Pointer g, AiOptions options, ProgressCallback callback, Pointer userData, int[] x, int[] y);
    public static native void gomoku_ai_stop(Pointer g);
    public static native int gomoku_ai_scores(Pointer g, int level, int[] scores, int cap);
    public static native Pointer gomoku_new(int size, int rule);
    public static native Pointer gomoku_new_setup(int size, int rule, int[] xs, int[] ys, int[] colors, int count, int toMove);
    public static native Pointer gomoku_new_from_rows(int size, int rule, int[] cells, int toMove);
    public static native Pointer gomoku_new_from_columns(int size, int rule, int[] cells, int toMove);
    public static native Pointer gomoku_clone(Pointer g);
    public static native void gomoku_free(Pointer g);
    public static native int gomoku_play(Pointer g, int x, int y);
    public static native int gomoku_play_moves(Pointer g, String moves);
    public static native int gomoku_undo(Pointer g);
    public static native int gomoku_redo(Pointer g);
    public static native int gomoku_winner(Pointer g);
    public static native int gomoku_result(Pointer g);
    public static native int gomoku_side_to_move(Pointer g);
    public static native int gomoku_stone(Pointer g, int x, int y);
    public static native int gomoku_size(Pointer g);
    public static native int gomoku_rule(Pointer g);
    public static native int gomoku_move_count(Pointer g);
    public static native int gomoku_redo_count(Pointer g);
    public static native int gomoku_move_at(Pointer g, int i, int[] x, int[] y);
    public static native int gomoku_moves(Pointer g, int[] xs, int[] ys, int cap);
    public static native int gomoku_redo_moves(Pointer g, int[] xs, int[] ys, int cap);
    public static native int gomoku_board_rows(Pointer g, int[] cells, int cap);
    public static native int gomoku_board_columns(Pointer g, int[] cells, int cap);
    public static native int gomoku_winning_line(Pointer g, int[] xs, int[] ys, int cap);
    public static native int gomoku_is_forbidden(Pointer g, int x, int y);
    public static native int gomoku_is_legal(Pointer g, int x, int y);
    public static native int gomoku_forbidden_points(Pointer g, int[] xs, int[] ys, int cap);
    public static native int gomoku_save(Pointer g, byte[] buf, int cap);
    public static native Pointer gomoku_load(String text);
    public static native int gomoku_to_psq(Pointer g, byte[] buf, int cap);
    public static native Pointer gomoku_from_psq(String text, int rule);
    public static native int gomoku_to_sgf(Pointer g, byte[] buf, int cap);
    public static native Pointer gomoku_from_sgf(String text);
    public static native int gomoku_append_history(String path, Pointer g);
    public static native int gomoku_history_count(String text);
    public static native Pointer gomoku_history_game(String text, int index);
    public static native int gomoku_result_reason(Pointer g);
    public static native int gomoku_resign(Pointer g, int loser);
    public static native int gomoku_lose_on_time(Pointer g, int loser);
    public static native int gomoku_agree_draw(Pointer g);
    public static native int gomoku_set_player(Pointer g, int color, String name);
    public static native int gomoku_player(Pointer g, int color, byte[] buf, int cap);
    public static native int gomoku_set_date(Pointer g, String date);
    public static native int gomoku_date(Pointer g, byte[] buf, int cap);
    public static native int gomoku_result_text(Pointer g, int language, byte[] buf, int cap);
    public static native String gomoku_rule_name(int rule, int language);
    public static native Pointer gomoku_transform(Pointer g, int symmetry);
    public static native int gomoku_transform_point(int size, int symmetry, int x, int y, int[] outX, int[] outY);
    public static native int gomoku_canonical_symmetry(Pointer g);
    public static native int gomoku_hint(Pointer g, AiOptions options, int language, Hint out);
    public static native String gomoku_status_message(int code);
    public static native String gomoku_last_error();
    public static native void gomoku_clear_last_error();
    public static native String gomoku_version();
}
