/*
 * Game files, reviews and puzzles through the C API: the example of
 * docs/gamefile.md, a bad file's line and column, a review whose values
 * come from the independent model's minimax (tests/model/perfect_play.py),
 * the shipped puzzles, and a file parsed once (qttt_gamefile_parse).
 *
 *   test_gamefile qttt/tests/gamefile/example.qgn
 */
#include "qttt.h"

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

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    long size;
    char *text;
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
        exit(2);
    }
    text[size] = '\0';
    fclose(f);
    return text;
}

static void test_example(const char *example) {
    size_t count = 0, needed = 0;
    qttt_game start, end;
    char record[64], *normal;
    CHECK(qttt_gamefile_count(example, QTTT_NUL_TERMINATED, &count, NULL) == QTTT_STATUS_OK && count == 1,
          "one game, got %zu", count);
    CHECK(qttt_gamefile_game(example, QTTT_NUL_TERMINATED, 0, &start, &end, NULL) == QTTT_STATUS_OK, "game 0");
    CHECK(qttt_game_record(&end, record, sizeof record, NULL) == QTTT_STATUS_OK &&
              strcmp(record, "58 47 67 59 48 68 @8") == 0,
          "the main line's end: %s", record);
    CHECK(qttt_gamefile_game(example, QTTT_NUL_TERMINATED, 1, &start, &end, NULL) == QTTT_STATUS_INVALID_ARGUMENT,
          "no game 1");
    /* The example is in normal form: written back unchanged. */
    CHECK(qttt_gamefile_normalize(example, QTTT_NUL_TERMINATED, NULL, 0, &needed, NULL) ==
              QTTT_STATUS_BUFFER_TOO_SMALL && needed == strlen(example) + 1,
          "needed %zu", needed);
    normal = malloc(needed);
    CHECK(qttt_gamefile_normalize(example, QTTT_NUL_TERMINATED, normal, needed, NULL, NULL) == QTTT_STATUS_OK &&
              strcmp(normal, example) == 0,
          "normal form");
    free(normal);
}

static void test_bad_file(void) {
    qttt_gamefile_error error;
    size_t count = 99;
    qttt_status status = qttt_gamefile_count("1. 12 2. 12\n3. 34", QTTT_NUL_TERMINATED, &count, &error);
    CHECK(status == QTTT_STATUS_INVALID_GAMEFILE && count == 99, "status %u", status);
    CHECK(error.line == 2 && error.column == 4, "at %zu:%zu", error.line, error.column);
    CHECK(strncmp(error.reason, "ply 3 `34`: a collapse choice is pending", 40) == 0, "reason %s", error.reason);
    CHECK(strcmp(qttt_status_code(QTTT_STATUS_INVALID_GAMEFILE), "invalid_gamefile") == 0, "code");
    CHECK(qttt_gamefile_count(NULL, QTTT_NUL_TERMINATED, &count, NULL) == QTTT_STATUS_NULL_POINTER, "NULL text");
    CHECK(qttt_gamefile_count("1. 12", 3, &count, NULL) == QTTT_STATUS_MISSING_NUL, "no NUL within the size");
}

static void test_review(void) {
    /* The model: values +1, -1, 0 (in half points 2, -2, 0) before plies 7,
       8 and 9 of this game, -1 at the end; @7 would have held the draw. The
       glyphs follow from the verdicts: 47 gives X's full win away for a full
       loss (`??`, NAG 4), 79 O's win for a draw and @9 the draw for a loss
       (`?`, NAG 2 each). */
    qttt_game game, example;
    qttt_review_step steps[13], searched[13];
    size_t count = 0, searched_count = 0, needed = 0, i;
    int8_t final_value = 99, searched_final = 99;
    char *text;
    qttt_game_from_record("28 14 25 57 49 69 47 79 @9", QTTT_NUL_TERMINATED, &game, NULL);
    CHECK(qttt_review(&game, 6, QTTT_SCORING_SINGLE_RESULT, true, steps, 13, &count, &final_value) == QTTT_STATUS_OK,
          "review");
    CHECK(count == 3 && final_value == -2, "count %zu, final %d", count, final_value);
    CHECK(steps[0].ply == 7 && steps[0].player == QTTT_PLAYER_X && steps[0].before == 2 && steps[0].after == -2 &&
              steps[0].lost_half_points == 4 && steps[0].verdict == QTTT_VERDICT_WIN_GIVEN_AWAY &&
              steps[0].glyph == 4,
          "step 7");
    CHECK(steps[1].verdict == QTTT_VERDICT_WIN_GIVEN_AWAY && steps[1].before == -2 && steps[1].after == 0 &&
              steps[1].glyph == 2,
          "step 8");
    CHECK(steps[2].verdict == QTTT_VERDICT_DRAW_GIVEN_AWAY && steps[2].best_count == 1 &&
              steps[2].best[0] == 45 + 6 /* @7 */ && steps[2].glyph == 2,
          "step 9");
    /* From ply 2 on: the positions before plies 3 and 4 have two and three
       marks, which the opening book answers; without the book they are
       searched, and the two must agree, step by step, and on the three
       steps above. */
    CHECK(qttt_review(&game, 2, QTTT_SCORING_SINGLE_RESULT, true, steps, 13, &count, &final_value) ==
                  QTTT_STATUS_OK &&
              qttt_review(&game, 2, QTTT_SCORING_SINGLE_RESULT, false, searched, 13, &searched_count,
                          &searched_final) == QTTT_STATUS_OK,
          "review from ply 2, with and without the book");
    CHECK(count == 7 && searched_count == 7 && final_value == -2 && searched_final == -2, "seven steps, O wins");
    for (i = 0; i < 7; ++i) {
        CHECK((size_t)steps[i].ply == i + 3 && (size_t)searched[i].ply == i + 3 &&
                  steps[i].action == searched[i].action && steps[i].before == searched[i].before &&
                  steps[i].after == searched[i].after && steps[i].lost_half_points == searched[i].lost_half_points &&
                  steps[i].verdict == searched[i].verdict && steps[i].glyph == searched[i].glyph,
              "ply %zu: the book and the search agree", i + 3);
    }
    CHECK(searched[4].before == 2 && searched[4].glyph == 4 && searched[5].glyph == 2 && searched[6].glyph == 2,
          "the search's plies 7 to 9");
    /* RULES.md's worked example: @8 leaves X's 4-5-6 and O's 7-8-9, X's
       first (X's newest mark 5 against O's 6). Under the single result X
       wins: kept, no glyph. Under Goff's points X takes 1 and O 1/2 (1/2,
       1 half point), while @6 keeps X's single line (1, 2 half points):
       half a point lost, neither a win nor a draw given away: `?!`, NAG 6. */
    qttt_game_from_record("58 47 67 59 48 68 @8", QTTT_NUL_TERMINATED, &example, NULL);
    CHECK(qttt_review(&example, 6, QTTT_SCORING_SINGLE_RESULT, true, steps, 13, &count, &final_value) ==
                  QTTT_STATUS_OK &&
              count == 1 && steps[0].verdict == QTTT_VERDICT_KEPT && steps[0].glyph == 0 && final_value == 2,
          "@8 keeps X's win");
    CHECK(qttt_review(&example, 6, QTTT_SCORING_GOFF_POINTS, true, steps, 13, &count, &final_value) ==
                  QTTT_STATUS_OK &&
              count == 1 && steps[0].before == 2 && steps[0].after == 1 && steps[0].lost_half_points == 1 &&
              steps[0].verdict == QTTT_VERDICT_HALF_POINT_LOST && steps[0].glyph == 6 && final_value == 1,
          "@8 loses half a point under Goff's points: before %d, after %d, glyph %d", steps[0].before,
          steps[0].after, steps[0].glyph);
    CHECK(qttt_review(&game, 6, QTTT_SCORING_SINGLE_RESULT, true, steps, 2, &count, &final_value) ==
              QTTT_STATUS_BUFFER_TOO_SMALL,
          "too little room");
    CHECK(qttt_review(&game, 6, 7, true, steps, 13, &count, &final_value) == QTTT_STATUS_INVALID_ARGUMENT,
          "scoring 7");
    CHECK(qttt_review(&game, 6, 7, false, steps, 13, &count, &final_value) == QTTT_STATUS_INVALID_ARGUMENT,
          "scoring 7 without the book");
    qttt_review_write(&game, 6, QTTT_SCORING_SINGLE_RESULT, true, NULL, 0, &needed);
    text = malloc(needed);
    CHECK(qttt_review_write(&game, 6, QTTT_SCORING_SINGLE_RESULT, true, text, needed, NULL) == QTTT_STATUS_OK &&
              strstr(text, "7. 47?? {[%value -1]") != NULL,
          "annotated: %s", text);
    free(text);
    qttt_review_write(&game, 3, QTTT_SCORING_SINGLE_RESULT, false, NULL, 0, &needed);
    text = malloc(needed);
    CHECK(qttt_review_write(&game, 3, QTTT_SCORING_SINGLE_RESULT, false, text, needed, NULL) == QTTT_STATUS_OK &&
              strstr(text, "47??") != NULL && strstr(text, "79?") != NULL && strstr(text, "@9?") != NULL,
          "annotated without the book: %s", text);
    free(text);
}

static void test_puzzles(void) {
    size_t count = 0;
    qttt_game start, end;
    char record[64];
    const char *puzzles = qttt_puzzles();
    CHECK(qttt_gamefile_count(puzzles, QTTT_NUL_TERMINATED, &count, NULL) == QTTT_STATUS_OK && count >= 300,
          "%zu puzzles", count);
    /* The model: after this record only 17 wins for X. */
    qttt_gamefile_game(puzzles, QTTT_NUL_TERMINATED, 0, &start, &end, NULL);
    qttt_game_record(&start, record, sizeof record, NULL);
    CHECK(strcmp(record, "46 45 46 @6 38 17 27") == 0, "puzzle 1: %s", record);
}

/* A file parsed once (qttt_gamefile_parse): the same games as the text
   functions give, every statement about NULL, a bad file and an index past
   the end, and nothing written on failure. */
static void test_parsed(const char *example) {
    qttt_gamefile *file = NULL, *bad = (qttt_gamefile *)&bad;
    qttt_gamefile_error error;
    qttt_game start, end, untouched;
    size_t count = 0, needed = 0, i;
    char record[64], *normal;
    CHECK(qttt_gamefile_parse(example, QTTT_NUL_TERMINATED, &file, NULL) == QTTT_STATUS_OK && file != NULL, "parse");
    CHECK(qttt_gamefile_len(file, &count) == QTTT_STATUS_OK && count == 1, "one game, got %zu", count);
    CHECK(qttt_gamefile_at(file, 0, &start, &end) == QTTT_STATUS_OK &&
              qttt_game_record(&end, record, sizeof record, NULL) == QTTT_STATUS_OK &&
              strcmp(record, "58 47 67 59 48 68 @8") == 0,
          "the main line's end: %s", record);
    qttt_game_new(&untouched);
    end = untouched;
    CHECK(qttt_gamefile_at(file, 1, &start, &end) == QTTT_STATUS_INVALID_ARGUMENT &&
              memcmp(&end, &untouched, sizeof end) == 0,
          "no game 1, nothing written");
    CHECK(qttt_gamefile_write(file, NULL, 0, &needed) == QTTT_STATUS_BUFFER_TOO_SMALL && needed == strlen(example) + 1,
          "needed %zu", needed);
    normal = malloc(needed);
    CHECK(qttt_gamefile_write(file, normal, needed, NULL) == QTTT_STATUS_OK && strcmp(normal, example) == 0,
          "normal form");
    free(normal);
    CHECK(qttt_gamefile_len(NULL, &count) == QTTT_STATUS_NULL_POINTER, "NULL file");
    CHECK(qttt_gamefile_len(file, NULL) == QTTT_STATUS_NULL_POINTER, "NULL count");
    CHECK(qttt_gamefile_at(NULL, 0, &start, &end) == QTTT_STATUS_NULL_POINTER, "NULL file at");
    CHECK(qttt_gamefile_write(NULL, NULL, 0, &needed) == QTTT_STATUS_NULL_POINTER, "NULL file write");
    CHECK(qttt_gamefile_parse(example, QTTT_NUL_TERMINATED, NULL, NULL) == QTTT_STATUS_NULL_POINTER, "NULL out");
    qttt_gamefile_free(file);
    qttt_gamefile_free(NULL); /* nothing to do */

    /* A bad file: where and why, as for the text functions; *out untouched. */
    CHECK(qttt_gamefile_parse("1. 12 2. 12\n3. 34", QTTT_NUL_TERMINATED, &bad, &error) ==
                  QTTT_STATUS_INVALID_GAMEFILE &&
              bad == (qttt_gamefile *)&bad && error.line == 2 && error.column == 4,
          "bad file at %zu:%zu", error.line, error.column);

    /* The shipped puzzles, parsed once and read through: the same starts as
       the text function gives game by game (checked on a few). */
    CHECK(qttt_gamefile_parse(qttt_puzzles(), QTTT_NUL_TERMINATED, &file, NULL) == QTTT_STATUS_OK, "puzzles");
    CHECK(qttt_gamefile_len(file, &count) == QTTT_STATUS_OK && count >= 300, "%zu puzzles", count);
    for (i = 0; i < count; i += count / 7) {
        qttt_game by_text_start, by_text_end;
        qttt_gamefile_at(file, i, &start, &end);
        qttt_gamefile_game(qttt_puzzles(), QTTT_NUL_TERMINATED, i, &by_text_start, &by_text_end, NULL);
        CHECK(memcmp(&start, &by_text_start, sizeof start) == 0 && memcmp(&end, &by_text_end, sizeof end) == 0,
              "puzzle %zu", i);
    }
    qttt_gamefile_at(file, 0, &start, &end);
    qttt_game_record(&start, record, sizeof record, NULL);
    CHECK(strcmp(record, "46 45 46 @6 38 17 27") == 0, "puzzle 1: %s", record);
    qttt_gamefile_free(file);
}

int main(int argc, char **argv) {
    char *example;
    if (argc != 2) {
        fprintf(stderr, "usage: %s EXAMPLE.qgn\n", argv[0]);
        return 2;
    }
    example = read_file(argv[1]);
    test_example(example);
    test_bad_file();
    test_review();
    test_puzzles();
    test_parsed(example);
    free(example);
    printf("c gamefile: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
