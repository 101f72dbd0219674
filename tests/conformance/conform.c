/* The C side of the cross-language conformance run (tests/conformance/run.py):
 * the same protocol as conform.rs, through the public header only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"

static void print_view(const qttt_game *game) {
    char buf[1024];
    if (qttt_game_view(game, buf, sizeof buf, NULL) != QTTT_STATUS_OK) {
        fprintf(stderr, "qttt_game_view failed\n");
        exit(1);
    }
    puts(buf);
}

/* Writes a mark as "X5" (odd numbers are X's: the C side has only the number here). */
static void print_mark(uint8_t number) {
    printf("%c%u", number % 2 ? 'X' : 'O', (unsigned)number);
}

/* While a collapse is pending: "cycle" and its marks, then for each choice
 * "steps @s" and its steps (mark@square<from/forced_by). */
static void print_cycle(const qttt_game *game) {
    uint8_t options[2];
    uint8_t count = 0;
    uint16_t marks = 0;
    int i;
    uint8_t n;
    qttt_game_collapse_options(game, options, &count);
    if (count == 0) {
        return;
    }
    qttt_game_cycle(game, &marks);
    printf("cycle");
    for (n = 1; n <= 9; n++) {
        if (marks & (1u << n)) {
            putchar(' ');
            print_mark(n);
        }
    }
    putchar('\n');
    for (i = 0; i < count; i++) {
        qttt_collapse_step steps[QTTT_MAX_MARKS];
        size_t k, length = 0;
        if (qttt_game_collapse_steps(game, options[i], steps, QTTT_MAX_MARKS, &length) != QTTT_STATUS_OK) {
            fprintf(stderr, "qttt_game_collapse_steps failed\n");
            exit(1);
        }
        printf("steps @%u", (unsigned)options[i]);
        for (k = 0; k < length; k++) {
            putchar(' ');
            print_mark(steps[k].mark.number);
            printf("@%u<%u", (unsigned)steps[k].square, (unsigned)steps[k].from);
            if (steps[k].forced_by.number) {
                putchar('/');
                print_mark(steps[k].forced_by.number);
            }
        }
        putchar('\n');
    }
}

/* Applies one token ("15", "@5", "7") or raw id ("#17") to the game. */
static qttt_status step(qttt_game *game, const char *token) {
    uint8_t id;
    if (token[0] == '#') {
        char *end;
        long value = strtol(token + 1, &end, 10);
        if (*end != '\0' || value < 0 || value > 255) {
            return QTTT_STATUS_INVALID_ACTION_ID;
        }
        id = (uint8_t)value;
    } else {
        qttt_status status = qttt_action_from_token(token, QTTT_NUL_TERMINATED, &id);
        if (status != QTTT_STATUS_OK) {
            return status;
        }
    }
    return qttt_game_apply(game, id, game);
}

int main(void) {
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        qttt_game game;
        char *token;
        qttt_game_new(&game);
        print_view(&game);
        for (token = strtok(line, " \t\r\n"); token; token = strtok(NULL, " \t\r\n")) {
            qttt_status status = step(&game, token);
            if (status == QTTT_STATUS_OK) {
                print_view(&game);
                print_cycle(&game);
            } else {
                printf("error %s\n", qttt_status_code(status));
            }
        }
        puts("end");
    }
    return 0;
}
