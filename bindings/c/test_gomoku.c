/* Tests every function of libgomoku's C ABI, its error paths and NULL handles.
 * Run: make -C bindings/c test (under valgrind). Ends with "N passed, N failed". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <pthread.h>
#include <time.h>

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

static void test_null_handles(void) {
    int32_t x = 0, y = 0, xs[5], ys[5];
    char buf[8];
    CHECK_EQ(gomoku_play(NULL, 0, 0), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_play_moves(NULL, "h8"), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_undo(NULL), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_redo(NULL), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_winner(NULL), 0);
    CHECK_EQ(gomoku_result(NULL), 0);
    CHECK_EQ(gomoku_side_to_move(NULL), 0);
    CHECK(gomoku_stone(NULL, 0, 0) < 0);
    CHECK_EQ(gomoku_size(NULL), 0);
    CHECK(gomoku_rule(NULL) < 0);
    CHECK_EQ(gomoku_move_count(NULL), 0);
    CHECK_EQ(gomoku_redo_count(NULL), 0);
    CHECK_EQ(gomoku_move_at(NULL, 0, &x, &y), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_winning_line(NULL, xs, ys, 5), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_is_forbidden(NULL, 7, 7), 0);
    CHECK_EQ(gomoku_is_legal(NULL, 7, 7), 0);
    CHECK_EQ(gomoku_forbidden_points(NULL, xs, ys, 5), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_save(NULL, buf, sizeof buf), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_to_psq(NULL, buf, sizeof buf), GOMOKU_STATUS_NULL_POINTER);
    CHECK(gomoku_load(NULL) == NULL);
    CHECK(gomoku_from_psq(NULL, 0) == NULL);
    CHECK(gomoku_clone(NULL) == NULL);
    CHECK_EQ(gomoku_ai_move(NULL, NULL, &x, &y), GOMOKU_STATUS_NULL_POINTER);
    gomoku_ai_stop(NULL);

    GomokuGame *g = gomoku_new(15, 0);
    CHECK_EQ(gomoku_move_at(g, 0, NULL, &y), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_play_moves(g, NULL), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_winning_line(g, NULL, NULL, 0), 0);
    CHECK_EQ(gomoku_forbidden_points(g, NULL, NULL, 3), GOMOKU_STATUS_NULL_POINTER);
    CHECK_EQ(gomoku_ai_move(g, NULL, NULL, &y), GOMOKU_STATUS_NULL_POINTER);
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

static int progress_calls;
static void on_progress(const GomokuSearchInfo *info, void *user_data) {
    progress_calls++;
    *(uint32_t *)user_data = info->depth;
    if (info->pv_length == 0 || info->pv_xs == NULL || info->pv_ys == NULL) progress_calls = -1000;
}

struct thinking {
    GomokuGame *g;
    int32_t status, x, y;
};

static void *think(void *arg) {
    struct thinking *t = arg;
    GomokuAiOptions o = {0};
    o.time_ms = 60000;
    t->status = gomoku_ai_move(t->g, &o, &t->x, &t->y);
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

    /* Stop from another thread: the search returns a legal move promptly. */
    struct thinking t = {open, -1, -1, -1};
    pthread_t thread;
    pthread_create(&thread, NULL, think, &t);
    struct timespec pause = {0, 300 * 1000 * 1000};
    nanosleep(&pause, NULL);
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
    test_play_errors_change_nothing();
    test_history();
    test_win_and_game_over();
    test_draw();
    test_renju_forbidden();
    test_setup();
    test_save_load_and_psq();
    test_ai();
    test_threads_use_their_own_handles();
    test_messages();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
