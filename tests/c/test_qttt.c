/*
 * The C API from C: every shared vector (JSON views byte for byte, every
 * illegal continuation's status), every status code, NULL arguments,
 * aliasing in/out pointers, buffer sizes, a tablebase written by hand
 * (and damaged), and the version macros.
 *
 *   test_qttt tests/vectors
 */
#include "qttt.h"
#include "qttt.h" /* a second time: the include guard must hold */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;

#define CHECK(cond, ...)                                        \
    do {                                                        \
        if (cond) {                                             \
            passed++;                                           \
        } else {                                                \
            failed++;                                           \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                       \
            fputc('\n', stderr);                                \
        }                                                       \
    } while (0)

/* Reads a whole file; the caller frees it. */
static char *read_file(const char *dir, const char *name) {
    char path[1024];
    FILE *f;
    long size;
    char *text;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    text[size] = '\0';
    fclose(f);
    return text;
}

/* Splits text into lines in place; returns the next line or NULL. */
static char *next_line(char **cursor) {
    char *line = *cursor, *end;
    if (!line || !*line) return NULL;
    end = strchr(line, '\n');
    if (end) {
        *end = '\0';
        *cursor = end + 1;
    } else {
        *cursor = line + strlen(line);
    }
    return line;
}

static char *trim(char *s) {
    char *end;
    while (*s == ' ') s++;
    end = s + strlen(s);
    while (end > s && end[-1] == ' ') *--end = '\0';
    return s;
}

static qttt_game game_of(const char *record) {
    qttt_game game;
    qttt_status status = qttt_game_from_record(record, QTTT_NUL_TERMINATED, &game, NULL);
    if (status != QTTT_STATUS_OK) {
        fprintf(stderr, "record %s: %s\n", record, qttt_status_message(status));
        exit(2);
    }
    return game;
}

static void test_views(const char *dir) {
    char *text = read_file(dir, "games.txt"), *cursor = text, *line;
    char view[2048];
    int vectors = 0;
    while ((line = next_line(&cursor)) != NULL) {
        if (strncmp(line, "record:", 7) == 0) {
            qttt_game game = game_of(line + 7);
            char *expected = next_line(&cursor);
            size_t needed = 0;
            qttt_status status = qttt_game_view(&game, view, sizeof view, &needed);
            CHECK(status == QTTT_STATUS_OK, "view of %s: %s", line, qttt_status_message(status));
            CHECK(expected && strncmp(expected, "view: ", 6) == 0 && strcmp(view, expected + 6) == 0,
                  "view of %s:\n  got  %s\n  want %s", line, view, expected ? expected + 6 : "(none)");
            CHECK(needed == strlen(view) + 1, "needed size of %s", line);
            vectors++;
        }
    }
    CHECK(vectors >= 40, "only %d vectors", vectors);
    free(text);
}

static void test_illegal(const char *dir) {
    char *text = read_file(dir, "illegal.txt"), *cursor = text, *line;
    while ((line = next_line(&cursor)) != NULL) {
        char *record, *token, *reason, *bar1, *bar2, full[256];
        qttt_game before, out;
        qttt_record_error error;
        qttt_status status;
        uint8_t id = 200;
        if (line[0] == '#' || line[0] == '\0') continue;
        bar1 = strchr(line, '|');
        bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
        if (!bar2) {
            CHECK(0, "bad line %s", line);
            continue;
        }
        *bar1 = *bar2 = '\0';
        record = trim(line), token = trim(bar1 + 1), reason = trim(bar2 + 1);
        before = game_of(record);
        qttt_game_new(&out); /* must survive a failed call */
        status = qttt_action_from_token(token, strlen(token) + 1, &id);
        if (status == QTTT_STATUS_OK) {
            status = qttt_game_apply(&before, id, &out);
        } else {
            CHECK(id == 200, "%s: id written on failure", token);
        }
        CHECK(strcmp(qttt_status_code(status), reason) == 0, "%s | %s: got %s, want %s", record, token,
              qttt_status_code(status), reason);
        {
            qttt_game empty;
            qttt_game_new(&empty);
            CHECK(memcmp(&out, &empty, sizeof out) == 0, "%s | %s: output written on failure", record, token);
        }

        snprintf(full, sizeof full, "%s %s", record, token);
        status = qttt_game_from_record(full, sizeof full, &out, &error);
        CHECK(strcmp(qttt_status_code(status), reason) == 0 && error.status == status, "record %s", full);
        CHECK(error.byte_offset == strlen(full) - strlen(token) && error.token_length == strlen(token),
              "record %s: token at %zu, length %zu", full, error.byte_offset, error.token_length);
    }
    free(text);
}

static void test_statuses(void) {
    /* Fixed values, never renumbered. */
    static const struct {
        qttt_status status;
        int value;
        const char *code;
    } expected[] = {
        {QTTT_STATUS_OK, 0, "ok"},
        {QTTT_STATUS_NULL_POINTER, 1, "null_pointer"},
        {QTTT_STATUS_INVALID_GAME, 2, "invalid_game"},
        {QTTT_STATUS_INVALID_ACTION_ID, 3, "invalid_action_id"},
        {QTTT_STATUS_INVALID_SQUARE, 4, "invalid_square"},
        {QTTT_STATUS_BUFFER_TOO_SMALL, 5, "buffer_too_small"},
        {QTTT_STATUS_INVALID_UTF8, 6, "invalid_utf8"},
        {QTTT_STATUS_MISSING_NUL, 7, "missing_nul"},
        {QTTT_STATUS_INVALID_SYMMETRY, 8, "invalid_symmetry"},
        {QTTT_STATUS_NOTHING_TO_UNDO, 9, "nothing_to_undo"},
        {QTTT_STATUS_PANIC, 10, "panic"},
        {QTTT_STATUS_INVALID_ARGUMENT, 11, "invalid_argument"},
        {QTTT_STATUS_INTERRUPTED, 12, "interrupted"},
        {QTTT_STATUS_INVALID_GAMEFILE, 13, "invalid_gamefile"},
        {QTTT_STATUS_IO, 14, "io"},
        {QTTT_STATUS_INVALID_TABLEBASE, 15, "invalid_tablebase"},
        {QTTT_STATUS_NOT_IN_TABLE, 16, "not_in_table"},
        {QTTT_STATUS_MALFORMED_TOKEN, 20, "malformed_token"},
        {QTTT_STATUS_SAME_SQUARE_TWICE, 21, "same_square_twice"},
        {QTTT_STATUS_GAME_OVER, 22, "game_over"},
        {QTTT_STATUS_COLLAPSE_PENDING, 23, "collapse_pending"},
        {QTTT_STATUS_NO_COLLAPSE_PENDING, 24, "no_collapse_pending"},
        {QTTT_STATUS_SQUARE_CLASSICAL, 25, "square_classical"},
        {QTTT_STATUS_CLASSICAL_MOVE_NOT_ALLOWED, 26, "classical_move_not_allowed"},
        {QTTT_STATUS_SPOOKY_MOVE_ON_LAST_SQUARE, 27, "spooky_move_on_last_square"},
        {QTTT_STATUS_NOT_COLLAPSE_OPTION, 28, "not_collapse_option"},
    };
    size_t i;
    for (i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        const char *message = qttt_status_message(expected[i].status);
        CHECK((int)expected[i].status == expected[i].value, "value of %s", expected[i].code);
        CHECK(strcmp(qttt_status_code(expected[i].status), expected[i].code) == 0, "code %s", expected[i].code);
        CHECK(message && strlen(message) > 5 && strcmp(message, "unknown status") != 0, "message %s", expected[i].code);
    }
    CHECK(strcmp(qttt_status_message(17), "unknown status") == 0, "unknown value 17");
    CHECK(strcmp(qttt_status_message(UINT32_MAX), "unknown status") == 0, "unknown value UINT32_MAX");
    CHECK(sizeof(qttt_status) == 4, "qttt_status is 32 bits with every compiler");
    CHECK(strcmp(qttt_status_code(1000), "unknown") == 0, "unknown code");
}

static void test_null_and_range(void) {
    qttt_game game, out;
    uint8_t ids[QTTT_MAX_LEGAL_ACTIONS], byte = 0;
    size_t count = 0;
    qttt_mark mark;
    qttt_game_new(&game);
    CHECK(qttt_game_new(NULL) == QTTT_STATUS_NULL_POINTER, "new(NULL)");
    CHECK(qttt_game_apply(NULL, 0, &out) == QTTT_STATUS_NULL_POINTER, "apply(NULL game)");
    CHECK(qttt_game_apply(&game, 0, NULL) == QTTT_STATUS_NULL_POINTER, "apply(NULL out)");
    CHECK(qttt_game_legal_actions(&game, NULL, 36, &count) == QTTT_STATUS_NULL_POINTER, "legal(NULL ids)");
    CHECK(qttt_game_legal_actions(&game, ids, 36, NULL) == QTTT_STATUS_NULL_POINTER, "legal(NULL count)");
    CHECK(qttt_game_from_record(NULL, 10, &out, NULL) == QTTT_STATUS_NULL_POINTER, "from_record(NULL)");
    CHECK(qttt_game_outcome(&game, NULL) == QTTT_STATUS_NULL_POINTER, "outcome(NULL)");
    CHECK(qttt_game_record(NULL, NULL, 0, NULL) == QTTT_STATUS_NULL_POINTER, "record(NULL)");
    CHECK(qttt_action_from_token(NULL, 3, &byte) == QTTT_STATUS_NULL_POINTER, "from_token(NULL)");
    CHECK(qttt_game_apply(&game, 54, &out) == QTTT_STATUS_INVALID_ACTION_ID, "id 54");
    CHECK(qttt_game_apply(&game, 255, &out) == QTTT_STATUS_INVALID_ACTION_ID, "id 255");
    CHECK(qttt_game_classical(&game, 0, &mark) == QTTT_STATUS_INVALID_SQUARE, "square 0");
    CHECK(qttt_game_classical(&game, 10, &mark) == QTTT_STATUS_INVALID_SQUARE, "square 10");
    CHECK(qttt_game_transform(&game, 8, &out) == QTTT_STATUS_INVALID_SYMMETRY, "symmetry 8");
    CHECK(qttt_game_undo(&game, &out) == QTTT_STATUS_NOTHING_TO_UNDO, "undo at start");
    CHECK(qttt_game_legal_actions(&game, ids, 35, &count) == QTTT_STATUS_BUFFER_TOO_SMALL, "35 slots for 36");

    memset(&out, 0, sizeof out);
    CHECK(qttt_game_apply(&out, 0, &out) == QTTT_STATUS_INVALID_GAME, "zeroed game");
    memset(&out, 0xFF, sizeof out);
    CHECK(qttt_game_phase(&out, NULL) == QTTT_STATUS_NULL_POINTER, "NULL is checked first");
    CHECK(qttt_game_legal_actions(&out, ids, 36, &count) == QTTT_STATUS_INVALID_GAME, "garbage game");

    CHECK(qttt_game_from_record("12 34", 5, &out, NULL) == QTTT_STATUS_MISSING_NUL, "no NUL within 5");
    CHECK(qttt_game_from_record("12 \xe9", QTTT_NUL_TERMINATED, &out, NULL) == QTTT_STATUS_INVALID_UTF8, "latin-1");
}

static void test_aliasing_and_values(void) {
    qttt_game game, copy, array[3];
    uint8_t ids[QTTT_MAX_LEGAL_ACTIONS];
    size_t count = 0, needed = 0;
    char record[64], tiny[4] = "###";
    qttt_phase phase;
    qttt_player player;
    uint8_t options[2], n = 0;
    qttt_outcome outcome;

    qttt_game_new(&game);
    CHECK(qttt_game_apply(&game, 0, &game) == QTTT_STATUS_OK, "in place 12");
    CHECK(qttt_game_apply(&game, 0, &game) == QTTT_STATUS_OK, "in place 12 again");
    copy = game;              /* plain value */
    array[1] = game;          /* in an array */
    CHECK(memcmp(&copy, &array[1], sizeof copy) == 0, "copies are equal");
    CHECK(qttt_game_phase(&game, &phase) == QTTT_STATUS_OK && phase == QTTT_PHASE_COLLAPSE, "cycle 12 12");
    CHECK(qttt_game_current_player(&game, &player) == QTTT_STATUS_OK && player == QTTT_PLAYER_X, "X chooses");
    CHECK(qttt_game_collapse_options(&game, options, &n) == QTTT_STATUS_OK && n == 2 && options[0] == 1 &&
              options[1] == 2,
          "options 1 and 2");
    CHECK(qttt_game_legal_actions(&game, ids, QTTT_MAX_LEGAL_ACTIONS, &count) == QTTT_STATUS_OK && count == 2 &&
              ids[0] == 45 && ids[1] == 46,
          "legal @1 @2");
    CHECK(qttt_game_apply(&array[1], 46, &array[1]) == QTTT_STATUS_OK, "@2 in the array, in place");
    CHECK(qttt_game_record(&array[1], record, sizeof record, &needed) == QTTT_STATUS_OK &&
              strcmp(record, "12 12 @2") == 0 && needed == 9,
          "record %s", record);
    CHECK(qttt_game_record(&array[1], tiny, sizeof tiny, &needed) == QTTT_STATUS_BUFFER_TOO_SMALL && needed == 9 &&
              strcmp(tiny, "###") == 0,
          "too small: nothing written, size reported");
    CHECK(memcmp(&copy, &game, sizeof copy) == 0, "the copy did not change");
    CHECK(qttt_game_undo(&array[1], &array[1]) == QTTT_STATUS_OK && memcmp(&array[1], &game, sizeof game) == 0,
          "undo in place gives the game back");
    CHECK(qttt_game_outcome(&game, &outcome) == QTTT_STATUS_OK && !outcome.over, "not over");
}

static void test_result(void) {
    /* After @8: X's row 4-5-6 (highest mark 5) is older than O's 7-8-9 (highest 6). */
    qttt_game over = game_of("58 47 67 59 48 68 @8"), going = game_of("58 47 67 59 48 68");
    bool is_over = false;
    int8_t half_points = 9;
    CHECK(qttt_game_result(&over, QTTT_SCORING_SINGLE_RESULT, &is_over, &half_points) == QTTT_STATUS_OK &&
              is_over && half_points == 2,
          "result: X wins");
    CHECK(qttt_game_result(&over, QTTT_SCORING_GOFF_POINTS, &is_over, &half_points) == QTTT_STATUS_OK &&
              half_points == 1,
          "Goff's points: a point against half a point");
    CHECK(qttt_game_result(&over, QTTT_SCORING_COMPLETE_WIN, &is_over, &half_points) == QTTT_STATUS_OK &&
              half_points == 0,
          "complete win: both have lines, a draw");
    CHECK(qttt_game_result(&going, QTTT_SCORING_SINGLE_RESULT, &is_over, &half_points) == QTTT_STATUS_OK &&
              !is_over && half_points == 0,
          "no result while the game goes on");
    CHECK(qttt_game_result(&over, 5, &is_over, &half_points) == QTTT_STATUS_INVALID_ARGUMENT, "unknown scoring");
    CHECK(qttt_game_result(NULL, 0, &is_over, &half_points) == QTTT_STATUS_NULL_POINTER, "NULL game");
    CHECK(qttt_game_result(&over, 0, NULL, &half_points) == QTTT_STATUS_NULL_POINTER, "NULL over");
}

static void test_solver(void) {
    /* X chooses where O6 lands: @8 (id 52) wins at once, with 6 marks (RULES.md example). */
    qttt_game game = game_of("58 47 67 59 48 68");
    qttt_solution solution;
    uint8_t action = 0;
    CHECK(qttt_solve(&game, QTTT_SCORING_SINGLE_RESULT, &solution) == QTTT_STATUS_OK, "solve");
    CHECK(solution.value_half_points == 2 && solution.end_move == 6, "X wins at move 6");
    CHECK(solution.optimal_count == 1 && solution.optimal[0] == 52, "the only optimal action is @8");
    CHECK(qttt_solve(&game, QTTT_SCORING_COMPLETE_WIN, &solution) == QTTT_STATUS_OK, "solve, complete win");
    CHECK(qttt_solve(&game, 7, &solution) == QTTT_STATUS_INVALID_ARGUMENT, "unknown scoring");
    CHECK(qttt_best_action(&game, QTTT_OPPONENT_PERFECT, 0, 1, &action) == QTTT_STATUS_OK && action == 52,
          "the perfect opponent takes the win");
    CHECK(qttt_best_action(&game, 9, 0, 1, &action) == QTTT_STATUS_INVALID_ARGUMENT, "unknown opponent");
    {
        /* The stable names of docs/API.md, both ways. */
        int32_t kind = -1;
        CHECK(strcmp(qttt_opponent_name(QTTT_OPPONENT_RANDOM), "random") == 0 &&
                  strcmp(qttt_opponent_name(QTTT_OPPONENT_MCTS), "mcts") == 0 &&
                  strcmp(qttt_opponent_name(QTTT_OPPONENT_PERFECT), "perfect") == 0 &&
                  strcmp(qttt_opponent_name(3), "unknown") == 0 && strcmp(qttt_opponent_name(-1), "unknown") == 0,
              "opponent names");
        CHECK(strcmp(qttt_scoring_name(QTTT_SCORING_SINGLE_RESULT), "single") == 0 &&
                  strcmp(qttt_scoring_name(QTTT_SCORING_GOFF_POINTS), "goff") == 0 &&
                  strcmp(qttt_scoring_name(QTTT_SCORING_COMPLETE_WIN), "complete") == 0 &&
                  strcmp(qttt_scoring_name(7), "unknown") == 0,
              "scoring names");
        CHECK(qttt_opponent_from_name("mcts", QTTT_NUL_TERMINATED, &kind) == QTTT_STATUS_OK &&
                  kind == QTTT_OPPONENT_MCTS,
              "mcts by name");
        CHECK(qttt_scoring_from_name("goff", 5, &kind) == QTTT_STATUS_OK && kind == QTTT_SCORING_GOFF_POINTS,
              "goff by name");
        CHECK(qttt_opponent_from_name("Mcts", QTTT_NUL_TERMINATED, &kind) == QTTT_STATUS_INVALID_ARGUMENT &&
                  kind == QTTT_SCORING_GOFF_POINTS,
              "names are exact; nothing written");
        CHECK(qttt_scoring_from_name("goff", 4, &kind) == QTTT_STATUS_MISSING_NUL, "no NUL within the size");
        CHECK(qttt_opponent_from_name(NULL, 1, &kind) == QTTT_STATUS_NULL_POINTER, "NULL name");
    }
    {
        /* A solver that remembers: the same answers, the second solve from its table. */
        qttt_solver *solver = NULL;
        qttt_solution again;
        CHECK(qttt_solver_new(QTTT_SCORING_SINGLE_RESULT, 1, 5, &solver) == QTTT_STATUS_OK && solver, "solver");
        CHECK(qttt_solver_solve(solver, &game, 0, NULL, &solution) == QTTT_STATUS_OK &&
                  solution.value_half_points == 2 && solution.optimal[0] == 52,
              "solver: @8 wins");
        CHECK(qttt_solver_solve(solver, &game, 0, NULL, &again) == QTTT_STATUS_OK &&
                  again.value_half_points == 2 && again.nodes <= solution.nodes,
              "solver again");
        CHECK(qttt_solver_best_action(solver, &game, 0, NULL, &action) == QTTT_STATUS_OK && action == 52,
              "solver best action");
        CHECK(qttt_solver_best_action(solver, NULL, 0, NULL, &action) == QTTT_STATUS_NULL_POINTER, "NULL game");
        {
            /* O chooses where X9 lands: @9 (id 53) fills the board without a
               line, a draw; @8 (id 52) gives X the column 1-4-7. O's best first. */
            qttt_game last = game_of("12 12 @2 35 35 @5 46 46 @6 78 79 89");
            qttt_game finished = game_of("58 47 67 59 48 68 @8");
            qttt_action_value values[QTTT_MAX_LEGAL_ACTIONS];
            size_t count = 99;
            CHECK(qttt_solver_action_values(solver, &last, 0, NULL, values, QTTT_MAX_LEGAL_ACTIONS, &count) ==
                          QTTT_STATUS_OK &&
                      count == 2,
                  "action values: two");
            CHECK(values[0].action == 53 && values[0].value_half_points == 0 && values[0].end_move == 9,
                  "action values: @9 draws, first");
            CHECK(values[1].action == 52 && values[1].value_half_points == 2 && values[1].end_move == 9,
                  "action values: @8 loses, second");
            CHECK(qttt_solver_action_values(solver, &last, 0, NULL, values, 1, &count) ==
                      QTTT_STATUS_BUFFER_TOO_SMALL,
                  "action values: no room");
            CHECK(qttt_solver_action_values(solver, &finished, 0, NULL, values, QTTT_MAX_LEGAL_ACTIONS, &count) ==
                          QTTT_STATUS_OK &&
                      count == 0,
                  "action values: none once over");
            CHECK(qttt_solver_action_values(solver, &last, 0, NULL, NULL, 2, &count) == QTTT_STATUS_NULL_POINTER,
                  "action values: NULL values");
        }
        CHECK(qttt_solver_new(9, 1, 5, &solver) == QTTT_STATUS_INVALID_ARGUMENT, "unknown scoring");
        qttt_solver_free(solver);
        qttt_solver_free(NULL);
    }
    CHECK(qttt_best_action(&game, QTTT_OPPONENT_MCTS, 100, 1, NULL) == QTTT_STATUS_NULL_POINTER, "NULL action");
}

static void test_limits_and_counts(void) {
    qttt_game empty, late = game_of("12 12 @1 34 34 @3 56 56 @5 78");
    qttt_solution solution;
    qttt_cancel cancel;
    bool requested = true;
    uint64_t games = 0;
    qttt_game_new(&empty);
    CHECK(qttt_cancel_init(&cancel) == QTTT_STATUS_OK, "cancel init");
    CHECK(qttt_cancel_is_requested(&cancel, &requested) == QTTT_STATUS_OK && !requested, "a new flag is clear");
    CHECK(qttt_cancel_request(&cancel) == QTTT_STATUS_OK, "cancel request");
    CHECK(qttt_cancel_is_requested(&cancel, &requested) == QTTT_STATUS_OK && requested, "requested");
    CHECK(qttt_cancel_request(NULL) == QTTT_STATUS_NULL_POINTER, "request on NULL");
    /* Under Goff's points (no opening book) the empty board takes about a
       second to solve: 1 ms is not enough. */
    CHECK(qttt_solve_limited(&empty, QTTT_SCORING_GOFF_POINTS, 1, 1, NULL, &solution) == QTTT_STATUS_INTERRUPTED,
          "time limit");
    CHECK(qttt_solve_limited(&empty, QTTT_SCORING_GOFF_POINTS, 2, 0, &cancel, &solution) == QTTT_STATUS_INTERRUPTED,
          "cancel flag");
    {
        /* The opening book answers the empty board under the single result;
           turned off, a 1 ms limit stops the search. */
        qttt_solver *solver = NULL;
        CHECK(qttt_solver_new(QTTT_SCORING_SINGLE_RESULT, 1, 0, &solver) == QTTT_STATUS_OK, "solver");
        CHECK(qttt_solver_solve(solver, &empty, 10000, NULL, &solution) == QTTT_STATUS_OK &&
                  solution.value_half_points == 2 && solution.end_move == 9,
              "the empty board from the book");
        CHECK(qttt_solver_set_opening_book(solver, false) == QTTT_STATUS_OK, "book off");
        CHECK(qttt_solver_solve(solver, &empty, 1, NULL, &solution) == QTTT_STATUS_INTERRUPTED,
              "searched, the empty board takes more than 1 ms");
        CHECK(qttt_solver_set_opening_book(NULL, true) == QTTT_STATUS_NULL_POINTER, "book switch on NULL");
        qttt_solver_free(solver);
    }
    qttt_cancel_init(&cancel);
    CHECK(qttt_solve_limited(&late, QTTT_SCORING_SINGLE_RESULT, 2, 60000, &cancel, &solution) == QTTT_STATUS_OK &&
              solution.value_half_points == -2 && solution.optimal_count == 2,
          "generous limits, two threads: O wins with 79 or 89, %d", solution.value_half_points);
    /* O has 1 3 5, X 2 4 6, X7 is in 7 and 8 (worked by hand in the Rust docs of GameCounter):
       78 gives 2 games, 79 and 89 6 each. */
    CHECK(qttt_count_games(&late, 0, NULL, &games) == QTTT_STATUS_OK && games == 14, "count: %llu",
          (unsigned long long)games);
    qttt_cancel_request(&cancel);
    CHECK(qttt_count_games(&empty, 0, &cancel, &games) == QTTT_STATUS_INTERRUPTED, "count cancelled");
    CHECK(qttt_count_games(&late, 0, NULL, NULL) == QTTT_STATUS_NULL_POINTER, "count into NULL");
    CHECK(qttt_count_games(NULL, 0, NULL, &games) == QTTT_STATUS_NULL_POINTER, "count of NULL");
}

/* The classical ensemble (docs/ensemble.md), worked out by hand. */
static void test_ensemble(void) {
    qttt_classical_board boards[QTTT_MAX_ENSEMBLE], one[1];
    size_t count = 0, listed = 0;
    qttt_game game;
    static const uint8_t path[3][9] = {
        /* "12 23": X1 1-2, O2 2-3, one board for each empty square, mark order */
        {1, 2, 0, 0, 0, 0, 0, 0, 0},
        {1, 0, 2, 0, 0, 0, 0, 0, 0},
        {0, 1, 2, 0, 0, 0, 0, 0, 0},
    };

    game = game_of("12 23");
    CHECK(qttt_game_ensemble_count(&game, &count) == QTTT_STATUS_OK && count == 3, "path of 3: %zu", count);
    CHECK(qttt_game_ensemble(&game, boards, QTTT_MAX_ENSEMBLE, &listed) == QTTT_STATUS_OK && listed == 3 &&
              memcmp(boards[0].numbers, path[0], 9) == 0 && memcmp(boards[1].numbers, path[1], 9) == 0 &&
              memcmp(boards[2].numbers, path[2], 9) == 0,
          "the path's three boards");
    listed = 99;
    CHECK(qttt_game_ensemble(&game, one, 1, &listed) == QTTT_STATUS_BUFFER_TOO_SMALL && listed == 99,
          "no room: nothing written");
    /* Three rows, each a path of 3 squares: 3 * 3 * 3, the largest. */
    game = game_of("12 23 45 56 78 89");
    CHECK(qttt_game_ensemble_count(&game, &count) == QTTT_STATUS_OK && count == QTTT_MAX_ENSEMBLE, "27: %zu", count);
    CHECK(qttt_game_ensemble(&game, boards, QTTT_MAX_ENSEMBLE, &listed) == QTTT_STATUS_OK && listed == 27, "27 boards");
    /* RULES.md's worked example: the cycle on squares 4-9, the two choices; after @8, one. */
    game = game_of("58 47 67 59 48 68");
    CHECK(qttt_game_ensemble_count(&game, &count) == QTTT_STATUS_OK && count == 2, "pending cycle: %zu", count);
    game = game_of("58 47 67 59 48 68 @8");
    CHECK(qttt_game_ensemble_count(&game, &count) == QTTT_STATUS_OK && count == 1, "collapsed: %zu", count);
    CHECK(qttt_game_ensemble_count(NULL, &count) == QTTT_STATUS_NULL_POINTER, "NULL game");
    CHECK(qttt_game_ensemble_count(&game, NULL) == QTTT_STATUS_NULL_POINTER, "NULL count");
    CHECK(qttt_game_ensemble(&game, NULL, 0, &listed) == QTTT_STATUS_NULL_POINTER, "NULL boards");
}

/* The tablebase file's checksum as docs/analysis.md and the module's
 * documentation define it, written again in C. */
static uint64_t checksum(const unsigned char *bytes, size_t len) {
    uint64_t h = (uint64_t)len;
    size_t i, j;
    for (i = 0; i < len; i += 8) {
        uint64_t word = 0;
        for (j = 0; j < 8 && i + j < len; j++) word |= (uint64_t)bytes[i + j] << (8 * j);
        h = (h ^ word) * UINT64_C(0x9E3779B97F4A7C15);
        h = h << 31 | h >> 33;
    }
    return h ^ (h >> 29);
}

static void put_u64(unsigned char *at, uint64_t value) {
    int i;
    for (i = 0; i < 8; i++) at[i] = (unsigned char)(value >> (8 * i));
}

/* Writes `len` bytes to `path`; 0 on failure. */
static int write_bytes(const char *path, const unsigned char *bytes, size_t len) {
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(bytes, 1, len, f) == len;
    if (f) ok = fclose(f) == 0 && ok;
    return ok;
}

/* A table with no entries, written by hand from the documented layout: it
 * answers finished games and positions from mark 8 on (the closed forms)
 * and lacks every stored position. */
static void test_tablebase(void) {
    unsigned char header[64] = {'Q', 'T', 'T', 'T', '-', 'T', 'B', '\n', 1, 0, 0, 0};
    char path[1024];
    const char *dir = getenv("TMPDIR");
    qttt_tablebase *table = NULL;
    qttt_table_value value = {99, 99};
    qttt_solution solution;
    qttt_game game;
    header[24] = 7; /* all three scorings */
    header[25] = 7; /* the last stored move number */
    /* count, key and value checksums: 0 (an empty run's checksum is 0) */
    put_u64(header + 56, checksum(header, 56));
    snprintf(path, sizeof path, "%s/qttt_c_test_tablebase.tb", dir && *dir ? dir : "/tmp");
    if (!write_bytes(path, header, sizeof header)) {
        CHECK(0, "cannot write %s", path);
        return;
    }
    CHECK(qttt_tablebase_open(path, QTTT_NUL_TERMINATED, &table) == QTTT_STATUS_OK, "open %s", path);
    /* Worked by hand: X's line 4-5-6 (highest mark 5) before O's 7-8-9
     * (highest 6): X wins (2), a point against half a point under Goff's
     * points (1), a draw as a complete win (0); it ended with 6 marks. */
    game = game_of("58 47 67 59 48 68 @8");
    CHECK(qttt_tablebase_value(table, &game, QTTT_SCORING_SINGLE_RESULT, &value) == QTTT_STATUS_OK, "finished");
    CHECK(value.value_half_points == 2 && value.end_move == 6, "single %d %d", value.value_half_points, value.end_move);
    CHECK(qttt_tablebase_value(table, &game, QTTT_SCORING_GOFF_POINTS, &value) == QTTT_STATUS_OK, "goff");
    CHECK(value.value_half_points == 1 && value.end_move == 6, "goff %d %d", value.value_half_points, value.end_move);
    CHECK(qttt_tablebase_value(table, &game, QTTT_SCORING_COMPLETE_WIN, &value) == QTTT_STATUS_OK, "complete");
    CHECK(value.value_half_points == 0 && value.end_move == 0, "complete %d %d", value.value_half_points, value.end_move);
    /* Waiting for mark 8: the closed form, against the search. */
    game = game_of("15 26 37 48 59 16 27");
    CHECK(qttt_tablebase_value(table, &game, QTTT_SCORING_SINGLE_RESULT, &value) == QTTT_STATUS_OK, "mark 8");
    CHECK(qttt_solve(&game, QTTT_SCORING_SINGLE_RESULT, &solution) == QTTT_STATUS_OK, "solve mark 8");
    CHECK(value.value_half_points == solution.value_half_points, "mark 8 value");
    CHECK(value.end_move == (solution.value_half_points ? solution.end_move : 0), "mark 8 end");
    /* Stored positions are not in an empty table; misuses are statuses. */
    game = game_of("");
    value.value_half_points = 99;
    CHECK(qttt_tablebase_value(table, &game, 0, &value) == QTTT_STATUS_NOT_IN_TABLE, "not in table");
    CHECK(qttt_tablebase_value(table, &game, 3, &value) == QTTT_STATUS_INVALID_ARGUMENT, "scoring 3");
    CHECK(qttt_tablebase_value(NULL, &game, 0, &value) == QTTT_STATUS_NULL_POINTER, "NULL table");
    CHECK(qttt_tablebase_value(table, NULL, 0, &value) == QTTT_STATUS_NULL_POINTER, "NULL game");
    CHECK(qttt_tablebase_value(table, &game, 0, NULL) == QTTT_STATUS_NULL_POINTER, "NULL out");
    CHECK(value.value_half_points == 99, "no output on an error");
    qttt_tablebase_close(table);
    qttt_tablebase_close(NULL);
    /* Damage: a flipped bit, another format version, a truncated file. */
    table = NULL;
    header[40] ^= 1;
    CHECK(write_bytes(path, header, sizeof header), "write");
    CHECK(qttt_tablebase_open(path, QTTT_NUL_TERMINATED, &table) == QTTT_STATUS_INVALID_TABLEBASE, "flipped");
    header[40] ^= 1;
    header[8] = 2;
    put_u64(header + 56, checksum(header, 56));
    CHECK(write_bytes(path, header, sizeof header), "write");
    CHECK(qttt_tablebase_open(path, QTTT_NUL_TERMINATED, &table) == QTTT_STATUS_INVALID_TABLEBASE, "version 2");
    CHECK(write_bytes(path, header, 63), "write");
    CHECK(qttt_tablebase_open(path, QTTT_NUL_TERMINATED, &table) == QTTT_STATUS_INVALID_TABLEBASE, "truncated");
    CHECK(table == NULL, "no table from a damaged file");
    remove(path);
    CHECK(qttt_tablebase_open(path, QTTT_NUL_TERMINATED, &table) == QTTT_STATUS_IO, "missing file");
    CHECK(qttt_tablebase_open(NULL, 0, &table) == QTTT_STATUS_NULL_POINTER, "NULL path");
    CHECK(qttt_tablebase_open(path, QTTT_NUL_TERMINATED, NULL) == QTTT_STATUS_NULL_POINTER, "NULL out");
}

static void test_version(void) {
    char macro_version[32];
    snprintf(macro_version, sizeof macro_version, "%d.%d.%d", QTTT_VERSION_MAJOR, QTTT_VERSION_MINOR,
             QTTT_VERSION_PATCH);
    CHECK(strcmp(qttt_version(), macro_version) == 0, "runtime %s, macros %s", qttt_version(), macro_version);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTORS_DIR\n", argv[0]);
        return 2;
    }
    test_views(argv[1]);
    test_illegal(argv[1]);
    test_statuses();
    test_null_and_range();
    test_aliasing_and_values();
    test_result();
    test_solver();
    test_limits_and_counts();
    test_ensemble();
    test_tablebase();
    test_version();
    printf("c: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
