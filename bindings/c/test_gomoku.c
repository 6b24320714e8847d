/* Tests every function of libgomoku's C ABI, its error paths and NULL handles.
 * Run: make -C bindings/c test (under valgrind). Ends with "N passed, N failed". */
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "gomoku.h"

static int passed, failed;

#define CHECK(cond)                                                      \
    do {                                                                 \
        if (cond) {                                                      \
            passed++;                                                    \
        } else {                                                         \
            failed++;                                                    \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                \
    } while (0)

#define CHECK_EQ(a, b) CHECK((long long)(a) == (long long)(b))

static void test_new_and_free(void) {
    GomokuGame *g = gomoku_new(15, GOMOKU_RULE_FREESTYLE);
    CHECK(g != NULL);
    CHECK_EQ(gomoku_size(g), 15);
    CHECK_EQ(gomoku_rule(g), GOMOKU_RULE_FREESTYLE);
    CHECK_EQ(gomoku_side_to_move(g), GOMOKU_STONE_BLACK);
    CHECK_EQ(gomoku_move_count(g), 0);
    CHECK_EQ(gomoku_result(g), GOMOKU_RESULT_ONGOING);
    gomoku_free(g);

    for (uint32_t size = 5; size <= 26; size++) {
        for (int32_t rule = 0; rule <= 3; rule++) {
            g = gomoku_new(size, rule);
            CHECK(g != NULL);
            CHECK_EQ(gomoku_size(g), size);
            CHECK_EQ(gomoku_rule(g), rule);
            gomoku_free(g);
        }
    }
    CHECK(gomoku_new(4, 0) == NULL);
    CHECK(strstr(gomoku_last_error(), "invalid board size 4") != NULL);
    CHECK(gomoku_new(27, 0) == NULL);
    CHECK(gomoku_new(15, 4) == NULL);
    CHECK(gomoku_new(15, -1) == NULL);
    gomoku_free(NULL);
}

static const char NULL_TEXT[] = "a required pointer was NULL";

/* True if the last error is the NULL text; clears it for the next check. */
static int null_recorded(void) {
    int ok = strcmp(gomoku_last_error(), NULL_TEXT) == 0;
    gomoku_clear_last_error();
    return ok;
}

/* Every function of the header with a NULL handle, in the header's order of
 * rules: 0 where 0 means none or no, NULL for handles, the NULL status
 * otherwise; each records the NULL text. tests/header.rs checks that every
 * exported function is named here. */
static void test_null_handles(void) {
    int32_t x = 0, y = 0, xs[5], ys[5], cells[25];
    char buf[8];
    GomokuAiOptions options;
    gomoku_clear_last_error();
    CHECK_EQ(gomoku_play(NULL, 0, 0), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_play_moves(NULL, "h8"), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_undo(NULL), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_redo(NULL), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_winner(NULL), 0); CHECK(null_recorded());
    CHECK_EQ(gomoku_result(NULL), 0); CHECK(null_recorded());
    CHECK_EQ(gomoku_side_to_move(NULL), 0); CHECK(null_recorded());
    CHECK_EQ(gomoku_stone(NULL, 0, 0), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_size(NULL), 0); CHECK(null_recorded());
    CHECK_EQ(gomoku_rule(NULL), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_move_count(NULL), 0); CHECK(null_recorded());
    CHECK_EQ(gomoku_redo_count(NULL), 0); CHECK(null_recorded());
    CHECK_EQ(gomoku_move_at(NULL, 0, &x, &y), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_moves(NULL, xs, ys, 5), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_redo_moves(NULL, xs, ys, 5), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_board_rows(NULL, cells, 25), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_board_columns(NULL, cells, 25), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_winning_line(NULL, xs, ys, 5), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_is_forbidden(NULL, 7, 7), 0); CHECK(null_recorded());
    CHECK_EQ(gomoku_is_legal(NULL, 7, 7), 0); CHECK(null_recorded());
    CHECK_EQ(gomoku_forbidden_points(NULL, xs, ys, 5), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_save(NULL, buf, sizeof buf), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_to_psq(NULL, buf, sizeof buf), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK(gomoku_load(NULL) == NULL); CHECK(null_recorded());
    CHECK(gomoku_from_psq(NULL, 0) == NULL); CHECK(null_recorded());
    CHECK(gomoku_clone(NULL) == NULL); CHECK(null_recorded());
    CHECK(gomoku_new_setup(15, 0, NULL, ys, NULL, 2, GOMOKU_STONE_BLACK) == NULL); CHECK(null_recorded());
    CHECK_EQ(gomoku_ai_move(NULL, NULL, &x, &y), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_ai_move_with_progress(NULL, NULL, NULL, NULL, &x, &y), GOMOKU_STATUS_NULL_POINTER);
    CHECK(null_recorded());
    CHECK_EQ(gomoku_ai_scores(NULL, 0, cells, 25), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    GomokuHint hint;
    CHECK_EQ(gomoku_hint(NULL, NULL, GOMOKU_LANGUAGE_ENGLISH, &hint), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK(gomoku_new_from_rows(5, 0, NULL, 0) == NULL); CHECK(null_recorded());
    CHECK(gomoku_new_from_columns(5, 0, NULL, 0) == NULL); CHECK(null_recorded());
    CHECK(gomoku_from_sgf(NULL) == NULL); CHECK(null_recorded());
    CHECK_EQ(gomoku_to_sgf(NULL, buf, sizeof buf), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_result_reason(NULL), 0); CHECK(null_recorded());
    CHECK_EQ(gomoku_resign(NULL, GOMOKU_STONE_BLACK), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_lose_on_time(NULL, GOMOKU_STONE_BLACK), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_agree_draw(NULL), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_set_player(NULL, 1, "a"), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_player(NULL, 1, buf, sizeof buf), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_set_date(NULL, "today"), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_date(NULL, buf, sizeof buf), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_result_text(NULL, 0, buf, sizeof buf), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK(gomoku_transform(NULL, GOMOKU_SYMMETRY_ROTATE90) == NULL); CHECK(null_recorded());
    CHECK_EQ(gomoku_transform_point(15, 0, 1, 1, NULL, &y), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_canonical_symmetry(NULL), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_append_history("x", NULL), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_history_count(NULL), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK(gomoku_history_game(NULL, 0) == NULL); CHECK(null_recorded());
    CHECK(strcmp(gomoku_rule_name(GOMOKU_RULE_RENJU, GOMOKU_LANGUAGE_ENGLISH), "renju") == 0);
    CHECK(strcmp(gomoku_color_name(GOMOKU_STONE_BLACK, GOMOKU_LANGUAGE_CHINESE), "黑棋") == 0);
    CHECK(strcmp(gomoku_color_name(7, GOMOKU_LANGUAGE_CHINESE), "") == 0);
    CHECK_EQ(gomoku_history_games(NULL, NULL, 0), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());

    /* The no-ops for NULL leave the last error alone. */
    gomoku_free(NULL);
    gomoku_ai_stop(NULL);
    gomoku_ai_options_init(NULL);
    CHECK(strcmp(gomoku_last_error(), "") == 0);

    /* Functions without a handle. */
    gomoku_ai_options_init(&options);
    CHECK_EQ(options.struct_size, sizeof options);
    CHECK(gomoku_ai_max_level() > 0);
    CHECK(gomoku_status_message(GOMOKU_STATUS_NULL_POINTER) != NULL);
    CHECK(gomoku_version() != NULL);

    /* NULL where an answer must be written. */
    GomokuGame *g = gomoku_new(15, 0);
    CHECK_EQ(gomoku_move_at(g, 0, NULL, &y), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_play_moves(g, NULL), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_winning_line(g, NULL, NULL, 0), 0);
    CHECK_EQ(gomoku_moves(g, NULL, NULL, 0), 0);
    CHECK_EQ(gomoku_forbidden_points(g, NULL, NULL, 3), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_board_rows(g, NULL, 225), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_board_rows(g, NULL, 0), 225);
    CHECK_EQ(gomoku_ai_move(g, NULL, NULL, &y), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    CHECK_EQ(gomoku_ai_move(g, NULL, &x, NULL), GOMOKU_STATUS_NULL_POINTER); CHECK(null_recorded());
    gomoku_free(g);
}

/* The last error: replaced by each failure, kept through successes, reset
 * only by gomoku_clear_last_error, and one per thread. */
static void *fail_in_thread(void *arg) {
    (void)arg;
    CHECK(strcmp(gomoku_last_error(), "") == 0); /* a new thread starts clean */
    CHECK_EQ(gomoku_undo(NULL), GOMOKU_STATUS_NULL_POINTER);
    return NULL;
}

static void test_last_error_lifetime(void) {
    GomokuGame *g = gomoku_new(15, GOMOKU_RULE_FREESTYLE);
    gomoku_clear_last_error();
    CHECK(strcmp(gomoku_last_error(), "") == 0);
    CHECK_EQ(gomoku_undo(g), GOMOKU_STATUS_NOTHING_TO_UNDO);
    const char *first = gomoku_last_error();
    CHECK(strcmp(first, "nothing to undo") == 0);
    /* Successful calls leave the text and its pointer as they were. */
    CHECK_EQ(gomoku_play(g, 7, 7), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_size(g), 15);
    GomokuGame *other = gomoku_new(9, GOMOKU_RULE_RENJU);
    CHECK(gomoku_last_error() == first);
    CHECK(strcmp(first, "nothing to undo") == 0);
    /* Another thread's failure is its own. */
    pthread_t t;
    pthread_create(&t, NULL, fail_in_thread, NULL);
    pthread_join(t, NULL);
    CHECK(strcmp(gomoku_last_error(), "nothing to undo") == 0);
    /* The next failure replaces it. */
    CHECK_EQ(gomoku_play(g, 7, 7), GOMOKU_STATUS_OCCUPIED);
    CHECK(strstr(gomoku_last_error(), "h8 is occupied") != NULL);
    gomoku_clear_last_error();
    CHECK(strcmp(gomoku_last_error(), "") == 0);
    gomoku_free(other);
    gomoku_free(g);
}

static void test_play_errors_change_nothing(void) {
    GomokuGame *g = gomoku_new(9, GOMOKU_RULE_STANDARD);
    CHECK_EQ(gomoku_play(g, 4, 4), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_stone(g, 4, 4), GOMOKU_STONE_BLACK);
    CHECK_EQ(gomoku_side_to_move(g), GOMOKU_STONE_WHITE);
    CHECK_EQ(gomoku_play(g, 4, 4), GOMOKU_STATUS_OCCUPIED);
    CHECK(strstr(gomoku_last_error(), "e5") != NULL);
    CHECK_EQ(gomoku_play(g, 9, 0), GOMOKU_STATUS_OFF_BOARD);
    CHECK_EQ(gomoku_play(g, -1, 0), GOMOKU_STATUS_OFF_BOARD);
    CHECK_EQ(gomoku_play(g, 0, 1000000), GOMOKU_STATUS_OFF_BOARD);
    CHECK(strstr(gomoku_last_error(), "1000000") != NULL);
    CHECK_EQ(gomoku_stone(g, 9, 0), GOMOKU_STATUS_OFF_BOARD);
    CHECK_EQ(gomoku_stone(g, -3, 2), GOMOKU_STATUS_OFF_BOARD);
    CHECK_EQ(gomoku_stone(g, 0, 0), GOMOKU_STONE_EMPTY);
    CHECK_EQ(gomoku_move_count(g), 1);
    CHECK_EQ(gomoku_side_to_move(g), GOMOKU_STONE_WHITE);

    /* A malformed or refused move list plays nothing. */
    CHECK_EQ(gomoku_play_moves(g, "a1 b2 zz"), GOMOKU_STATUS_PARSE_ERROR);
    CHECK_EQ(gomoku_play_moves(g, "a1 b2 a1"), GOMOKU_STATUS_OCCUPIED);
    CHECK_EQ(gomoku_move_count(g), 1);
    CHECK_EQ(gomoku_play_moves(g, "a1 b2"), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_move_count(g), 3);
    gomoku_free(g);
}

static void test_history(void) {
    GomokuGame *g = gomoku_new(15, 0);
    int32_t x = -1, y = -1;
    CHECK_EQ(gomoku_undo(g), GOMOKU_STATUS_NOTHING_TO_UNDO);
    CHECK_EQ(gomoku_redo(g), GOMOKU_STATUS_NOTHING_TO_REDO);
    CHECK_EQ(gomoku_play_moves(g, "h8 i9 j10"), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_move_at(g, 1, &x, &y), GOMOKU_STATUS_OK);
    CHECK(x == 8 && y == 8);
    CHECK_EQ(gomoku_move_at(g, 3, &x, &y), GOMOKU_STATUS_INVALID_ARGUMENT);
    CHECK_EQ(gomoku_undo(g), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_undo(g), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_redo_count(g), 2);
    CHECK_EQ(gomoku_stone(g, 8, 8), GOMOKU_STONE_EMPTY);
    CHECK_EQ(gomoku_redo(g), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_stone(g, 8, 8), GOMOKU_STONE_WHITE);
    CHECK_EQ(gomoku_play(g, 0, 0), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_redo_count(g), 0);
    CHECK_EQ(gomoku_redo(g), GOMOKU_STATUS_NOTHING_TO_REDO);
    gomoku_free(g);
}

static void test_win_and_game_over(void) {
    GomokuGame *g = gomoku_new(15, GOMOKU_RULE_FREESTYLE);
    int32_t xs[10], ys[10];
    CHECK_EQ(gomoku_winning_line(g, xs, ys, 10), 0);
    CHECK_EQ(gomoku_play_moves(g, "a1 b1 a2 b2 a3 b3 a4 b4 a5"), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_result(g), GOMOKU_RESULT_BLACK_WON);
    CHECK_EQ(gomoku_winner(g), GOMOKU_STONE_BLACK);
    CHECK_EQ(gomoku_winning_line(g, xs, ys, 10), 5);
    for (int i = 0; i < 5; i++) CHECK(xs[i] == 0 && ys[i] == i);
    CHECK_EQ(gomoku_winning_line(g, xs, ys, 2), 5); /* fills only 2 */
    CHECK_EQ(gomoku_play(g, 7, 7), GOMOKU_STATUS_GAME_OVER);
    CHECK_EQ(gomoku_is_legal(g, 7, 7), 0);
    CHECK_EQ(gomoku_undo(g), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_result(g), GOMOKU_RESULT_ONGOING);
    CHECK_EQ(gomoku_is_legal(g, 7, 7), 1);
    gomoku_free(g);

    /* Standard: six is no win. */
    g = gomoku_new(15, GOMOKU_RULE_STANDARD);
    CHECK_EQ(gomoku_play_moves(g, "a1 o1 a2 o2 a3 o3 a5 o5 a6 o6 a4"), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_result(g), GOMOKU_RESULT_ONGOING);
    gomoku_free(g);
}

static void test_draw(void) {
    static const char *rows[5] = {"XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"};
    int32_t bx[13], by[13], wx[12], wy[12], nb = 0, nw = 0;
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++) {
            if (rows[y][x] == 'X') { bx[nb] = x; by[nb++] = y; }
            else { wx[nw] = x; wy[nw++] = y; }
        }
    GomokuGame *g = gomoku_new(5, GOMOKU_RULE_FREESTYLE);
    for (int i = 0; i < 25; i++) {
        int32_t s = i % 2 == 0 ? gomoku_play(g, bx[i / 2], by[i / 2]) : gomoku_play(g, wx[i / 2], wy[i / 2]);
        CHECK_EQ(s, GOMOKU_STATUS_OK);
    }
    CHECK_EQ(gomoku_result(g), GOMOKU_RESULT_DRAW);
    CHECK_EQ(gomoku_winner(g), 0);
    CHECK_EQ(gomoku_play(g, 0, 0), GOMOKU_STATUS_GAME_OVER);
    gomoku_free(g);
}

static void test_renju_forbidden(void) {
    GomokuGame *g = gomoku_new(15, GOMOKU_RULE_RENJU);
    int32_t xs[8], ys[8];
    /* Black i8 j8 k9 k10: k8 makes two open threes. */
    CHECK_EQ(gomoku_play_moves(g, "i8 a1 j8 a3 k9 a5 k10 a7"), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_is_forbidden(g, 10, 7), 1);
    CHECK_EQ(gomoku_is_forbidden(g, 7, 7), 0);
    CHECK_EQ(gomoku_is_forbidden(g, -1, 7), 0);
    CHECK_EQ(gomoku_is_legal(g, 10, 7), 0);
    CHECK_EQ(gomoku_forbidden_points(g, xs, ys, 8), 1);
    CHECK(xs[0] == 10 && ys[0] == 7);
    CHECK_EQ(gomoku_forbidden_points(g, NULL, NULL, 0), 1);
    CHECK_EQ(gomoku_play(g, 10, 7), GOMOKU_STATUS_FORBIDDEN);
    CHECK_EQ(gomoku_move_count(g), 8);
    CHECK_EQ(gomoku_side_to_move(g), GOMOKU_STONE_BLACK);
    gomoku_free(g);
}

static void test_setup(void) {
    int32_t xs[3] = {7, 7, 8}, ys[3] = {7, 8, 7}, colors[3] = {1, 2, 1};
    GomokuGame *g = gomoku_new_setup(15, GOMOKU_RULE_RENJU, xs, ys, colors, 3, GOMOKU_STONE_WHITE);
    CHECK(g != NULL);
    CHECK_EQ(gomoku_move_count(g), 0);
    CHECK_EQ(gomoku_side_to_move(g), GOMOKU_STONE_WHITE);
    CHECK_EQ(gomoku_stone(g, 8, 7), GOMOKU_STONE_BLACK);
    CHECK_EQ(gomoku_undo(g), GOMOKU_STATUS_NOTHING_TO_UNDO);
    gomoku_free(g);

    CHECK(gomoku_new_setup(15, 2, xs, ys, colors, 3, GOMOKU_STONE_BLACK) == NULL);
    CHECK(strstr(gomoku_last_error(), "cannot have black to move") != NULL);
    colors[2] = 7;
    CHECK(gomoku_new_setup(15, 2, xs, ys, colors, 3, GOMOKU_STONE_WHITE) == NULL);
    CHECK(gomoku_new_setup(15, 2, NULL, NULL, NULL, 3, GOMOKU_STONE_WHITE) == NULL);
    CHECK(gomoku_new_setup(15, 2, xs, ys, colors, 0, 5) == NULL);
    g = gomoku_new_setup(15, 2, NULL, NULL, NULL, 0, GOMOKU_STONE_WHITE);
    CHECK(g != NULL);
    CHECK_EQ(gomoku_side_to_move(g), GOMOKU_STONE_WHITE);
    gomoku_free(g);
}

static void test_save_load_and_psq(void) {
    GomokuGame *g = gomoku_new(15, GOMOKU_RULE_RENJU);
    CHECK_EQ(gomoku_play_moves(g, "h8 i9 j10"), GOMOKU_STATUS_OK);
    int32_t len = gomoku_save(g, NULL, 0);
    CHECK(len > 0);
    char small[4] = {'a', 'b', 'c', 0};
    CHECK_EQ(gomoku_save(g, small, sizeof small), len);
    CHECK(strcmp(small, "abc") == 0); /* nothing written */
    char *buf = malloc((size_t)len + 1);
    CHECK_EQ(gomoku_save(g, buf, (uint32_t)len + 1), len);
    CHECK_EQ(strlen(buf), len);
    CHECK(strstr(buf, "moves h8 i9 j10") != NULL);
    GomokuGame *back = gomoku_load(buf);
    CHECK(back != NULL);
    CHECK_EQ(gomoku_move_count(back), 3);
    CHECK_EQ(gomoku_rule(back), GOMOKU_RULE_RENJU);
    CHECK_EQ(gomoku_stone(back, 9, 9), GOMOKU_STONE_BLACK);
    free(buf);
    gomoku_free(back);

    CHECK(gomoku_load("gomoku-save 1\nsize 15\nrule nope\n") == NULL);
    CHECK(strstr(gomoku_last_error(), "line 3") != NULL);
    CHECK(gomoku_load("") == NULL);
    CHECK(gomoku_load("\xff\xfe") == NULL);

    char psq[256];
    int32_t n = gomoku_to_psq(g, psq, sizeof psq);
    CHECK(n > 0 && (uint32_t)n < sizeof psq);
    CHECK(strncmp(psq, "Piskvorky 15x15", 15) == 0);
    GomokuGame *from = gomoku_from_psq(psq, GOMOKU_RULE_FREESTYLE);
    CHECK(from != NULL);
    CHECK_EQ(gomoku_move_count(from), 3);
    CHECK_EQ(gomoku_rule(from), GOMOKU_RULE_FREESTYLE);
    gomoku_free(from);
    CHECK(gomoku_from_psq(psq, 9) == NULL);
    CHECK(gomoku_from_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", 0) == NULL);
    CHECK(strstr(gomoku_last_error(), "line 3") != NULL);

    GomokuGame *copy = gomoku_clone(g);
    CHECK_EQ(gomoku_play(copy, 0, 0), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_move_count(copy), 4);
    CHECK_EQ(gomoku_move_count(g), 3);
    gomoku_free(copy);
    gomoku_free(g);
}

/* The board and the history in one call each agree with the per-point calls. */
static void test_bulk_reads(void) {
    GomokuGame *g = gomoku_new(9, GOMOKU_RULE_FREESTYLE);
    CHECK_EQ(gomoku_play_moves(g, "e5 d4 a9 i1 c2"), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_undo(g), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_undo(g), GOMOKU_STATUS_OK);
    int32_t rows[81], columns[81];
    CHECK_EQ(gomoku_board_rows(g, rows, 81), 81);
    CHECK_EQ(gomoku_board_columns(g, columns, 81), 81);
    for (int32_t y = 0; y < 9; y++)
        for (int32_t x = 0; x < 9; x++) {
            CHECK_EQ(rows[y * 9 + x], gomoku_stone(g, x, y));
            CHECK_EQ(columns[x * 9 + y], gomoku_stone(g, x, y));
        }
    CHECK_EQ(rows[4 * 9 + 4], GOMOKU_STONE_BLACK);  /* e5 */
    CHECK_EQ(rows[8 * 9 + 0], GOMOKU_STONE_BLACK);  /* a9: column a, row 9 */
    CHECK_EQ(columns[0 * 9 + 8], GOMOKU_STONE_BLACK);
    /* Too small a buffer: the size is returned and nothing written. */
    int32_t small[80];
    for (int i = 0; i < 80; i++) small[i] = 7;
    CHECK_EQ(gomoku_board_rows(g, small, 80), 81);
    CHECK_EQ(small[0], 7);
    CHECK_EQ(small[79], 7);

    int32_t xs[8], ys[8];
    CHECK_EQ(gomoku_moves(g, xs, ys, 8), 3);
    for (uint32_t i = 0; i < 3; i++) {
        int32_t x, y;
        CHECK_EQ(gomoku_move_at(g, i, &x, &y), GOMOKU_STATUS_OK);
        CHECK(xs[i] == x && ys[i] == y);
    }
    xs[1] = -5;
    CHECK_EQ(gomoku_moves(g, xs, ys, 1), 3); /* fills only one */
    CHECK_EQ(xs[1], -5);
    CHECK_EQ(gomoku_redo_moves(g, xs, ys, 8), 2);
    CHECK(xs[0] == 8 && ys[0] == 0); /* i1, the next to replay */
    CHECK(xs[1] == 2 && ys[1] == 1); /* then c2 */
    CHECK_EQ(gomoku_redo_count(g), 2);
    gomoku_free(g);
}

/* Hostile arguments everywhere: refused with a status and changing nothing. */
static void test_bad_input(void) {
    const uint32_t sizes[] = {0, 1, 4, 27, 100, 1u << 31, UINT32_MAX};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        gomoku_clear_last_error();
        CHECK(gomoku_new(sizes[i], GOMOKU_RULE_FREESTYLE) == NULL);
        CHECK(strstr(gomoku_last_error(), "invalid board size") != NULL);
        CHECK(gomoku_new_setup(sizes[i], 0, NULL, NULL, NULL, 0, GOMOKU_STONE_BLACK) == NULL);
    }
    CHECK(gomoku_new(15, INT32_MIN) == NULL);
    CHECK(gomoku_new(15, INT32_MAX) == NULL);

    GomokuGame *g = gomoku_new(5, GOMOKU_RULE_RENJU);
    const int32_t coords[] = {INT32_MIN, -1000000, -1, 5, 26, 1000000, INT32_MAX};
    for (size_t i = 0; i < sizeof coords / sizeof coords[0]; i++) {
        int32_t c = coords[i];
        CHECK_EQ(gomoku_play(g, c, 0), GOMOKU_STATUS_OFF_BOARD);
        CHECK_EQ(gomoku_play(g, 0, c), GOMOKU_STATUS_OFF_BOARD);
        CHECK_EQ(gomoku_stone(g, c, c), GOMOKU_STATUS_OFF_BOARD);
        CHECK_EQ(gomoku_is_forbidden(g, c, 2), 0);
        CHECK_EQ(gomoku_is_legal(g, 2, c), 0);
    }
    CHECK_EQ(gomoku_move_at(g, UINT32_MAX, &(int32_t){0}, &(int32_t){0}), GOMOKU_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(gomoku_last_error(), "no move 4294967295") != NULL);
    CHECK_EQ(gomoku_move_count(g), 0);

    /* Text that is not UTF-8, or not a game. */
    CHECK_EQ(gomoku_play_moves(g, "c3 \xc3\x28"), GOMOKU_STATUS_PARSE_ERROR);
    CHECK(strstr(gomoku_last_error(), "UTF-8") != NULL);
    CHECK_EQ(gomoku_play_moves(g, "c3 zz99999999999999999999"), GOMOKU_STATUS_PARSE_ERROR);
    CHECK(gomoku_load("gomoku-save 1\n\xff\n") == NULL);
    CHECK(gomoku_from_psq("\x80\x80", GOMOKU_RULE_FREESTYLE) == NULL);
    CHECK(gomoku_load("gomoku-save 1\nsize 99999999999999999999\n") == NULL);
    CHECK_EQ(gomoku_move_count(g), 0);

    /* Buffers too small for the save text: its length, nothing written. */
    CHECK_EQ(gomoku_play_moves(g, "c3 b2"), GOMOKU_STATUS_OK);
    int32_t len = gomoku_save(g, NULL, 0);
    CHECK(len > 0);
    char *buf = malloc((size_t)len + 1);
    memset(buf, 'x', (size_t)len + 1);
    CHECK_EQ(gomoku_save(g, buf, 0), len);
    CHECK_EQ(gomoku_save(g, buf, 1), len);
    CHECK_EQ(gomoku_save(g, buf, (uint32_t)len), len); /* no room for the NUL */
    CHECK_EQ(buf[0], 'x');
    CHECK_EQ(buf[len], 'x');
    CHECK_EQ(gomoku_save(g, buf, (uint32_t)len + 1), len);
    CHECK_EQ(buf[len], 0);
    CHECK_EQ(gomoku_to_psq(g, buf, 3), gomoku_to_psq(g, NULL, 0));
    free(buf);

    /* Calls after the game ended. */
    GomokuGame *won = gomoku_new(5, GOMOKU_RULE_FREESTYLE);
    CHECK_EQ(gomoku_play_moves(won, "a1 b1 a2 b2 a3 b3 a4 b4 a5"), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_result(won), GOMOKU_RESULT_BLACK_WON);
    int32_t x, y;
    CHECK_EQ(gomoku_play(won, 4, 4), GOMOKU_STATUS_GAME_OVER);
    CHECK_EQ(gomoku_play_moves(won, "e5"), GOMOKU_STATUS_GAME_OVER);
    CHECK_EQ(gomoku_ai_move(won, NULL, &x, &y), GOMOKU_STATUS_GAME_OVER);
    CHECK_EQ(gomoku_redo(won), GOMOKU_STATUS_NOTHING_TO_REDO);
    CHECK_EQ(gomoku_forbidden_points(won, NULL, NULL, 0), 0);
    CHECK_EQ(gomoku_move_count(won), 9);
    CHECK_EQ(gomoku_undo(won), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_redo(won), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_result(won), GOMOKU_RESULT_BLACK_WON);
    gomoku_free(won);
    gomoku_free(g);
}

/* Options: the struct's size, the defaults, and absurd limits. */
static void test_ai_options(void) {
    GomokuGame *g = gomoku_new(15, GOMOKU_RULE_FREESTYLE);
    CHECK_EQ(gomoku_play_moves(g, "h8 i9"), GOMOKU_STATUS_OK);
    int32_t x = -1, y = -1;
    GomokuAiOptions o;
    memset(&o, 0x5a, sizeof o);
    gomoku_ai_options_init(&o);
    CHECK_EQ(o.struct_size, sizeof o);
    CHECK(o.level == 0 && o.time_ms == 0 && o.max_depth == 0 && o.max_nodes == 0 && o.seed == 0);
    CHECK_EQ(o.table_mib, 16);
    o.max_depth = 2;
    CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_is_legal(g, x, y), 1);

    /* A struct_size smaller than this layout is refused, 0 means this layout. */
    o.struct_size = 8;
    CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(gomoku_last_error(), "struct_size 8") != NULL);
    o.struct_size = 0;
    CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_OK);

    /* Levels out of range, at both ends of int32_t. */
    const int32_t levels[] = {INT32_MIN, -1, gomoku_ai_max_level() + 1, 256, INT32_MAX};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        o.level = levels[i];
        CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_INVALID_ARGUMENT);
        CHECK(strstr(gomoku_last_error(), "invalid level") != NULL);
        CHECK_EQ(gomoku_ai_scores(g, levels[i], NULL, 0), GOMOKU_STATUS_INVALID_ARGUMENT);
    }

    /* The largest value of each limit, bounded by another limit. */
    for (int32_t level = 0; level <= gomoku_ai_max_level(); level++) {
        gomoku_ai_options_init(&o);
        o.level = level;
        o.seed = UINT64_MAX;
        o.time_ms = UINT32_MAX;
        o.max_depth = 2;
        CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_OK);
        o.time_ms = 0;
        o.max_nodes = UINT64_MAX;
        CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_OK);
        o.max_depth = UINT32_MAX;
        o.max_nodes = 3000;
        CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_OK);
        CHECK_EQ(gomoku_is_legal(g, x, y), 1);
    }
    /* The smallest: a budget of one node or one millisecond still answers. */
    gomoku_ai_options_init(&o);
    o.max_nodes = 1;
    CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_is_legal(g, x, y), 1);
    o.max_nodes = 0;
    o.time_ms = 1;
    CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_is_legal(g, x, y), 1);

    /* A table too large for any allocator is an error, not an abort; the
     * handle keeps working with a sane size afterwards. */
    gomoku_ai_options_init(&o);
    o.max_depth = 2;
    o.table_mib = UINT32_MAX;
    CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_OUT_OF_MEMORY);
    CHECK(strstr(gomoku_last_error(), "4294967295 MiB") != NULL);
    o.table_mib = 1;
    CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_move_count(g), 2);
    gomoku_free(g);
}

/* Board arrays in both layouts, against the game the moves give. */
static void test_board_arrays(void) {
    GomokuGame *played = gomoku_new(9, GOMOKU_RULE_RENJU);
    CHECK_EQ(gomoku_play_moves(played, "e5 d4 a9"), GOMOKU_STATUS_OK);
    int32_t rows[81], columns[81];
    CHECK_EQ(gomoku_board_rows(played, rows, 81), 81);
    CHECK_EQ(gomoku_board_columns(played, columns, 81), 81);
    GomokuGame *from_rows = gomoku_new_from_rows(9, GOMOKU_RULE_RENJU, rows, 0);
    GomokuGame *from_columns = gomoku_new_from_columns(9, GOMOKU_RULE_RENJU, columns, 0);
    CHECK(from_rows != NULL && from_columns != NULL);
    CHECK_EQ(gomoku_side_to_move(from_rows), GOMOKU_STONE_WHITE); /* 2 black, 1 white */
    for (int32_t y = 0; y < 9; y++)
        for (int32_t x = 0; x < 9; x++) {
            CHECK_EQ(gomoku_stone(from_rows, x, y), gomoku_stone(played, x, y));
            CHECK_EQ(gomoku_stone(from_columns, x, y), gomoku_stone(played, x, y));
        }
    CHECK_EQ(gomoku_move_count(from_rows), 0);
    gomoku_free(from_rows);
    gomoku_free(from_columns);
    /* Given side to move; impossible boards with their reason. */
    CHECK(gomoku_new_from_rows(9, GOMOKU_RULE_RENJU, rows, GOMOKU_STONE_BLACK) == NULL);
    CHECK(strstr(gomoku_last_error(), "cannot have black to move") != NULL);
    CHECK(gomoku_new_from_rows(9, GOMOKU_RULE_RENJU, rows, 3) == NULL);
    rows[0] = 7;
    CHECK(gomoku_new_from_rows(9, 0, rows, 0) == NULL);
    CHECK(strstr(gomoku_last_error(), "invalid stone 7 at a1") != NULL);
    rows[0] = 1;
    rows[1] = 1;
    CHECK(gomoku_new_from_rows(9, 0, rows, 0) == NULL);
    CHECK(strstr(gomoku_last_error(), "no side can be to move") != NULL);
    CHECK(gomoku_new_from_rows(4, 0, rows, 0) == NULL);
    CHECK(gomoku_new_from_rows(9, 9, rows, 0) == NULL);
    gomoku_free(played);
}

/* SGF, endings, players and dates, symmetry and the history file. */
static void test_records(void) {
    GomokuGame *g = gomoku_new(15, GOMOKU_RULE_RENJU);
    CHECK_EQ(gomoku_play_moves(g, "h8 i9 j10"), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_set_player(g, GOMOKU_STONE_BLACK, "小明"), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_set_player(g, 3, "x"), GOMOKU_STATUS_INVALID_ARGUMENT);
    CHECK_EQ(gomoku_set_date(g, "2026-12-01"), GOMOKU_STATUS_OK);
    char name[16];
    CHECK_EQ(gomoku_player(g, GOMOKU_STONE_BLACK, name, sizeof name), (int32_t)strlen("小明"));
    CHECK(strcmp(name, "小明") == 0);
    CHECK_EQ(gomoku_player(g, GOMOKU_STONE_WHITE, name, sizeof name), 0);
    CHECK_EQ(gomoku_date(g, name, sizeof name), 10);
    CHECK_EQ(gomoku_result_reason(g), GOMOKU_REASON_NONE);
    CHECK_EQ(gomoku_resign(g, GOMOKU_STONE_BLACK), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_result(g), GOMOKU_RESULT_WHITE_WON);
    CHECK_EQ(gomoku_result_reason(g), GOMOKU_REASON_RESIGNATION);
    CHECK_EQ(gomoku_agree_draw(g), GOMOKU_STATUS_GAME_OVER);
    char text[256];
    CHECK(gomoku_result_text(g, GOMOKU_LANGUAGE_CHINESE, text, sizeof text) > 0);
    CHECK(strcmp(text, "黑棋认输，白棋获胜") == 0);
    CHECK_EQ(gomoku_result_text(g, 9, text, sizeof text), GOMOKU_STATUS_INVALID_ARGUMENT);

    int32_t len = gomoku_to_sgf(g, NULL, 0);
    char *sgf = malloc((size_t)len + 1);
    CHECK_EQ(gomoku_to_sgf(g, sgf, (uint32_t)len + 1), len);
    CHECK(strstr(sgf, "RU[renju]PB[小明]DT[2026-12-01]RE[W+R]") != NULL);
    GomokuGame *back = gomoku_from_sgf(sgf);
    CHECK(back != NULL);
    CHECK_EQ(gomoku_result_reason(back), GOMOKU_REASON_RESIGNATION);
    CHECK_EQ(gomoku_move_count(back), 3);
    free(sgf);
    CHECK(gomoku_from_sgf("(;GM[1])") == NULL);
    CHECK(strstr(gomoku_last_error(), "GM[1]") != NULL);

    /* The eight symmetries and the canonical form. */
    GomokuGame *turned = gomoku_transform(back, GOMOKU_SYMMETRY_ROTATE90);
    int32_t x, y;
    CHECK_EQ(gomoku_transform_point(15, GOMOKU_SYMMETRY_ROTATE90, 8, 8, &x, &y), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_stone(turned, x, y), GOMOKU_STONE_WHITE); /* i9's image */
    CHECK_EQ(gomoku_result_reason(turned), GOMOKU_REASON_RESIGNATION);
    CHECK_EQ(gomoku_canonical_symmetry(turned) >= 0, 1);
    GomokuGame *a = gomoku_transform(back, gomoku_canonical_symmetry(back));
    GomokuGame *b = gomoku_transform(turned, gomoku_canonical_symmetry(turned));
    int32_t ra[225], rb[225];
    gomoku_board_rows(a, ra, 225);
    gomoku_board_rows(b, rb, 225);
    CHECK(memcmp(ra, rb, sizeof ra) == 0);
    CHECK(gomoku_transform(back, 8) == NULL);
    CHECK_EQ(gomoku_transform_point(15, 0, 15, 0, &x, &y), GOMOKU_STATUS_OFF_BOARD);
    gomoku_free(a);
    gomoku_free(b);
    gomoku_free(turned);

    /* A history file keeps every game appended to it. */
    char path[] = "/tmp/gomoku-history-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    CHECK_EQ(gomoku_append_history(path, g), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_append_history(path, back), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_append_history("/nonexistent/dir/history.txt", g), GOMOKU_STATUS_IO_ERROR);
    CHECK(strstr(gomoku_last_error(), "/nonexistent/dir") != NULL);
    FILE *f = fopen(path, "r");
    static char file[8192];
    size_t n = fread(file, 1, sizeof file - 1, f);
    file[n] = 0;
    fclose(f);
    remove(path);
    CHECK_EQ(gomoku_history_count(file), 2);
    GomokuGame *second = gomoku_history_game(file, 1);
    CHECK(second != NULL);
    CHECK_EQ(gomoku_move_count(second), 3);
    CHECK(gomoku_history_game(file, 2) == NULL);
    CHECK(strstr(gomoku_last_error(), "no game 2") != NULL);
    CHECK_EQ(gomoku_history_count("gomoku-save 1\nsize 3\n"), GOMOKU_STATUS_PARSE_ERROR);
    GomokuGame *all[3] = {NULL, NULL, NULL};
    CHECK_EQ(gomoku_history_games(file, NULL, 0), 2);
    CHECK_EQ(gomoku_history_games(file, all, 1), 2); /* one handle written */
    CHECK(all[0] != NULL && all[1] == NULL);
    CHECK_EQ(gomoku_move_count(all[0]), 3);
    gomoku_free(all[0]);
    CHECK_EQ(gomoku_history_games(file, all, 3), 2);
    CHECK_EQ(gomoku_result_reason(all[0]), GOMOKU_REASON_RESIGNATION);
    gomoku_free(all[0]);
    gomoku_free(all[1]);
    CHECK_EQ(gomoku_history_games(file, NULL, 2), GOMOKU_STATUS_NULL_POINTER);
    gomoku_free(second);
    gomoku_free(back);
    gomoku_free(g);
}

/* A hint names the shapes and the forced win, in both languages. */
static void test_hint(void) {
    GomokuGame *g = gomoku_new(15, GOMOKU_RULE_FREESTYLE);
    CHECK_EQ(gomoku_play_moves(g, "h8 a1 i8 o1 j8 a15"), GOMOKU_STATUS_OK);
    GomokuAiOptions o;
    gomoku_ai_options_init(&o);
    o.max_depth = 3;
    GomokuHint hint;
    CHECK_EQ(gomoku_hint(g, &o, GOMOKU_LANGUAGE_ENGLISH, &hint), GOMOKU_STATUS_OK);
    CHECK(hint.y == 7 && (hint.x == 6 || hint.x == 10)); /* g8 or k8 */
    CHECK_EQ(hint.forced_win, GOMOKU_FORCED_WIN_VCF);
    CHECK(hint.line_length >= 3 && hint.line_xs[0] == hint.x);
    CHECK(hint.point_count >= 2 && hint.point_count <= GOMOKU_HINT_POINTS);
    CHECK(hint.points[0].x == hint.x && hint.points[0].y == hint.y);
    CHECK_EQ(hint.points[0].makes[0], GOMOKU_SHAPE_OPEN_FOUR);
    CHECK(strstr(hint.text, "makes an open four") != NULL);
    CHECK_EQ(gomoku_hint(g, &o, GOMOKU_LANGUAGE_CHINESE, &hint), GOMOKU_STATUS_OK);
    CHECK(strstr(hint.text, "活四") != NULL);
    CHECK(strstr(hint.points[0].text, "形成活四") != NULL);
    CHECK_EQ(gomoku_hint(g, &o, 7, &hint), GOMOKU_STATUS_INVALID_ARGUMENT);
    CHECK_EQ(gomoku_hint(g, &o, 0, NULL), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_move_count(g), 6); /* nothing played */
    gomoku_free(g);
}

static int progress_calls;
static void on_progress(const GomokuSearchInfo *info, void *user_data) {
    progress_calls++;
    *(uint32_t *)user_data = info->depth;
    if (info->pv_length == 0 || info->pv_xs == NULL || info->pv_ys == NULL) progress_calls = -1000;
}

struct thinking {
    GomokuGame *g;
    int32_t status, x, y;
    atomic_int depths;   /* finished depths so far, so the caller knows it thinks */
    atomic_int released; /* set by the caller once it has checked the handle */
};

/* Counts a finished depth and, at the first, holds the thinking thread (and
 * with it the handle's AI) until the caller releases it: the caller's checks
 * then run while the AI certainly thinks, however slow the machine. */
static void count_depth(const GomokuSearchInfo *info, void *user_data) {
    (void)info;
    struct thinking *t = user_data;
    atomic_fetch_add(&t->depths, 1);
    struct timespec pause = {0, 1000 * 1000};
    while (!atomic_load(&t->released)) nanosleep(&pause, NULL);
}

static void *think(void *arg) {
    struct thinking *t = arg;
    GomokuAiOptions o = {0};
    o.time_ms = 60000;
    t->status = gomoku_ai_move_with_progress(t->g, &o, count_depth, t, &t->x, &t->y);
    return NULL;
}

static void test_ai(void) {
    GomokuGame *g = gomoku_new(15, GOMOKU_RULE_FREESTYLE);
    int32_t x = -1, y = -1;
    GomokuAiOptions o = {0};
    CHECK(gomoku_ai_max_level() >= 3);
    o.level = gomoku_ai_max_level() + 1;
    CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_INVALID_ARGUMENT);
    o.level = -1;
    CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_INVALID_ARGUMENT);

    /* Every level answers with a legal point and plays the five when it has one. */
    CHECK_EQ(gomoku_play_moves(g, "h8 g8 i8 a1 j8 a3 k8 a5"), GOMOKU_STATUS_OK);
    for (int32_t level = 1; level <= gomoku_ai_max_level(); level++) {
        o.level = level;
        o.max_depth = 2;
        CHECK_EQ(gomoku_ai_move(g, &o, &x, &y), GOMOKU_STATUS_OK);
        CHECK(x == 11 && y == 7); /* l8 */
    }
    CHECK_EQ(gomoku_move_count(g), 8); /* nothing played */

    /* Progress reports, one per depth. */
    GomokuGame *open = gomoku_new(15, GOMOKU_RULE_RENJU);
    CHECK_EQ(gomoku_play_moves(open, "h8 i9 j8 i7"), GOMOKU_STATUS_OK);
    uint32_t last_depth = 0;
    o.level = 0;
    o.max_depth = 3;
    progress_calls = 0;
    CHECK_EQ(gomoku_ai_move_with_progress(open, &o, on_progress, &last_depth, &x, &y), GOMOKU_STATUS_OK);
    CHECK_EQ(progress_calls, 3);
    CHECK_EQ(last_depth, 3);
    CHECK_EQ(gomoku_is_legal(open, x, y), 1);

    /* Score map: one value per point, INT32_MIN where the mover may not play. */
    int32_t scores[225];
    CHECK_EQ(gomoku_ai_scores(open, 0, NULL, 0), 225);
    CHECK_EQ(gomoku_ai_scores(open, 1, scores, 225), 225);
    CHECK_EQ(scores[7 * 15 + 7], INT32_MIN); /* h8 is occupied */
    CHECK(scores[0] > INT32_MIN);
    CHECK_EQ(gomoku_ai_scores(open, 99, scores, 225), GOMOKU_STATUS_INVALID_ARGUMENT);
    CHECK_EQ(gomoku_ai_scores(open, 2, NULL, 225), GOMOKU_STATUS_NULL_POINTER);

    /* While the AI thinks on one thread, other calls on the handle go on:
     * reads, a second ai_move (refused as busy), even a move and its undo;
     * then a stop
     * makes the search return promptly with a move for the position it was
     * asked about. */
    struct thinking t = {open, -1, -1, -1, 0, 0};
    pthread_t thread;
    pthread_create(&thread, NULL, think, &t);
    /* Wait for its first finished depth, where it waits for us. */
    struct timespec pause = {0, 10 * 1000 * 1000};
    while (atomic_load(&t.depths) == 0) nanosleep(&pause, NULL);
    int32_t cells[225];
    CHECK_EQ(gomoku_board_rows(open, cells, 225), 225);
    CHECK_EQ(cells[7 * 15 + 7], GOMOKU_STONE_BLACK);
    CHECK_EQ(gomoku_ai_move(open, NULL, &x, &y), GOMOKU_STATUS_BUSY);
    CHECK(strstr(gomoku_last_error(), "already thinking") != NULL);
    CHECK(gomoku_save(open, NULL, 0) > 0);
    CHECK_EQ(gomoku_play(open, 0, 0), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_move_count(open), 5);
    CHECK_EQ(gomoku_undo(open), GOMOKU_STATUS_OK);
    atomic_store(&t.released, 1);
    gomoku_ai_stop(open);
    pthread_join(thread, NULL);
    CHECK_EQ(t.status, GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_is_legal(open, t.x, t.y), 1);
    gomoku_free(open);

    /* A finished game has no AI move. */
    CHECK_EQ(gomoku_play(g, 11, 7), GOMOKU_STATUS_OK);
    CHECK_EQ(gomoku_ai_move(g, NULL, &x, &y), GOMOKU_STATUS_GAME_OVER);
    gomoku_free(g);
}

/* A game between two AI levels, played by node budget so that it is the
 * same game on any machine and under any load: its save text into `out`. */
static void play_out(uint32_t seed, char *out, uint32_t cap) {
    GomokuGame *g = gomoku_new(11, (int32_t)(seed % 4));
    GomokuAiOptions o;
    gomoku_ai_options_init(&o);
    o.max_nodes = 1500;
    o.table_mib = 1;
    o.seed = seed;
    gomoku_play(g, 5, 5);
    gomoku_play(g, (int32_t)(seed % 3) + 4, 4);
    for (int ply = 0; ply < 24 && gomoku_result(g) == GOMOKU_RESULT_ONGOING; ply++) {
        int32_t x, y;
        o.level = ply % 2 == 0 ? 3 : 2;
        if (gomoku_ai_move(g, &o, &x, &y) != GOMOKU_STATUS_OK || gomoku_play(g, x, y) != GOMOKU_STATUS_OK) break;
    }
    gomoku_save(g, out, cap);
    gomoku_free(g);
}

enum { GAMES = 8, SAVE_CAP = 1024 };
static char concurrent_saves[GAMES][SAVE_CAP];

static void *play_two_games(void *arg) {
    uint32_t first = (uint32_t)(uintptr_t)arg;
    for (uint32_t k = first; k < first + 2; k++) play_out(k, concurrent_saves[k], SAVE_CAP);
    return NULL;
}

/* Many handles on many threads at once play the same games as one by one. */
static void test_threads_match_sequential_play(void) {
    static char sequential[GAMES][SAVE_CAP];
    for (uint32_t k = 0; k < GAMES; k++) play_out(k, sequential[k], SAVE_CAP);
    pthread_t t[GAMES / 2];
    for (uint32_t i = 0; i < GAMES / 2; i++) pthread_create(&t[i], NULL, play_two_games, (void *)(uintptr_t)(2 * i));
    for (uint32_t i = 0; i < GAMES / 2; i++) pthread_join(t[i], NULL);
    for (uint32_t k = 0; k < GAMES; k++) {
        CHECK(strstr(sequential[k], "moves ") != NULL);
        CHECK(strcmp(sequential[k], concurrent_saves[k]) == 0);
    }
}

static void *play_own_game(void *arg) {
    (void)arg;
    for (int i = 0; i < 50; i++) {
        GomokuGame *g = gomoku_new(15, GOMOKU_RULE_RENJU);
        gomoku_play_moves(g, "h8 i9 j10 k11");
        if (gomoku_play(g, 7, 7) != GOMOKU_STATUS_OCCUPIED) return (void *)1;
        gomoku_free(g);
    }
    return NULL;
}

static void test_threads_use_their_own_handles(void) {
    pthread_t t[4];
    for (int i = 0; i < 4; i++) pthread_create(&t[i], NULL, play_own_game, NULL);
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(t[i], &r);
        CHECK(r == NULL);
    }
}

static void test_messages(void) {
    CHECK(strcmp(gomoku_status_message(GOMOKU_STATUS_OK), "success") == 0);
    CHECK(strstr(gomoku_status_message(GOMOKU_STATUS_FORBIDDEN), "forbidden") != NULL);
    CHECK(strcmp(gomoku_status_message(12345), "unknown status code") == 0);
    for (int32_t c = -99; c <= 0; c++) CHECK(gomoku_status_message(c) != NULL);
    CHECK(strlen(gomoku_version()) > 0);
}

int main(void) {
    test_new_and_free();
    test_null_handles();
    test_last_error_lifetime();
    test_play_errors_change_nothing();
    test_history();
    test_win_and_game_over();
    test_draw();
    test_renju_forbidden();
    test_setup();
    test_save_load_and_psq();
    test_bulk_reads();
    test_bad_input();
    test_ai_options();
    test_board_arrays();
    test_records();
    test_hint();
    test_ai();
    test_threads_use_their_own_handles();
    test_threads_match_sequential_play();
    test_messages();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
