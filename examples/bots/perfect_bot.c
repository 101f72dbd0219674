/* A quantum tic-tac-toe bot for `qttt referee` (docs/referee.md) that
 * plays perfectly, through the C library's solver (include/qttt.h).
 *
 * It keeps the game itself: `played T` and its own answers are applied
 * with qttt_game_apply; on `turn` it asks qttt_best_action for the
 * perfect opponent's choice. Build: cc perfect_bot.c -lqttt. */
#include <stdio.h>
#include <string.h>

#include "qttt.h"

/* Applies the action with this token to *game; 0 when it is not legal. */
static int apply_token(struct qttt_game *game, const char *token) {
    uint8_t id;
    if (qttt_action_from_token(token, QTTT_NUL_TERMINATED, &id) != QTTT_STATUS_OK) {
        return 0;
    }
    struct qttt_game next;
    if (qttt_game_apply(game, id, &next) != QTTT_STATUS_OK) {
        return 0;
    }
    *game = next;
    return 1;
}

int main(void) {
    struct qttt_game game;
    char line[512];
    if (qttt_game_new(&game) != QTTT_STATUS_OK) {
        return 1;
    }
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *word = strtok(line, " \r\n");
        if (word == NULL) {
            continue;
        }
        if (strcmp(word, "played") == 0) {
            char *token = strtok(NULL, " \r\n");
            if (token == NULL || !apply_token(&game, token)) {
                return 1;
            }
        } else if (strcmp(word, "turn") == 0) {
            uint8_t id;
            char token[8];
            size_t needed;
            if (qttt_best_action(&game, QTTT_OPPONENT_PERFECT, 0, 0, &id) != QTTT_STATUS_OK ||
                qttt_action_token(id, token, sizeof token, &needed) != QTTT_STATUS_OK ||
                !apply_token(&game, token)) {
                return 1;
            }
            printf("%s\n", token);
            fflush(stdout);
        } else if (strcmp(word, "end") == 0) {
            return 0;
        }
    }
    return 0;
}
