/* A short scripted game on libgomoku: play, undo, a renju forbidden point,
 * save and load, then print the board. Build and run: make -C bindings/c example */
#include <stdio.h>
#include <stdlib.h>

#include "gomoku.h"

static void print_board(const GomokuGame *g) {
    uint32_t n = gomoku_size(g);
    printf("   ");
    for (uint32_t x = 0; x < n; x++) printf(" %c", 'a' + (int)x);
    printf("\n");
    for (uint32_t y = 0; y < n; y++) {
        printf("%3u", y + 1);
        for (uint32_t x = 0; x < n; x++) {
            int32_t s = gomoku_stone(g, (int32_t)x, (int32_t)y);
            printf(" %c", s == GOMOKU_STONE_BLACK ? 'X' : s == GOMOKU_STONE_WHITE ? 'O' : '.');
        }
        printf("\n");
    }
}

static void check(int32_t status, const char *what) {
    if (status != GOMOKU_STATUS_OK) {
        fprintf(stderr, "%s: %s (%s)\n", what, gomoku_status_message(status), gomoku_last_error());
        exit(1);
    }
}

int main(void) {
    printf("libgomoku %s\n", gomoku_version());
    GomokuGame *g = gomoku_new(15, GOMOKU_RULE_RENJU);
    if (!g) return 1;

    check(gomoku_play_moves(g, "h8 h9 i8 i9 j9 a1 j10 a2"), "opening");
    /* j8 would give black two open threes: refused, the game unchanged. */
    int32_t status = gomoku_play(g, 9, 7);
    printf("black j8: %s (%s)\n", gomoku_status_message(status), gomoku_last_error());

    check(gomoku_play(g, 6, 7), "g8");
    check(gomoku_undo(g), "undo");
    check(gomoku_redo(g), "redo");

    char buf[512];
    int32_t len = gomoku_save(g, buf, sizeof buf);
    if (len < 0 || (uint32_t)len >= sizeof buf) return 1;
    GomokuGame *copy = gomoku_load(buf);
    if (!copy) return 1;
    printf("saved and reloaded %u moves:\n%s\n", gomoku_move_count(copy), buf);

    /* White wins on column a. */
    check(gomoku_play_moves(copy, "a3 m13 a4 n14 a5"), "finish");
    int32_t xs[8], ys[8];
    int32_t n = gomoku_winning_line(copy, xs, ys, 8);
    printf("result %d, winner %d, winning line of %d from (%d, %d) to (%d, %d)\n",
           gomoku_result(copy), gomoku_winner(copy), n, xs[0], ys[0], xs[n - 1], ys[n - 1]);
    print_board(copy);

    gomoku_free(copy);
    gomoku_free(g);
    return 0;
}
