/*
 * A complete game through the C API, the board printed after every action.
 *
 *   play [SEED]               two simple computer players: X always takes
 *                             the first legal action, O a random one;
 *   play --ai perfect [SEED]  you are O (type tokens such as 15 or @5,
 *                             `undo` or `quit`) against the perfect X;
 *                             try not to lose;
 *   play --help               this text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qttt.h"

/* SplitMix64: the same generator as qttt::random in Rust. */
static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int fail(qttt_status status, const char *what) {
    fprintf(stderr, "%s: %s\n", what, qttt_status_message(status));
    return 1;
}

static const char USAGE[] =
    "usage: play [SEED]               X takes the first legal action, O a random one\n"
    "       play --ai perfect [SEED]  you are O against the perfect X: type tokens such as\n"
    "                                 15, 7 or @5, `undo` to take back your last turn, or `quit`\n"
    "       play --help               this text\n";

/* Prints the legal tokens of a game, as the Rust and Python programs do. */
static void list_legal(const uint8_t *ids, size_t count) {
    size_t i;
    char token[4];
    printf("Legal:");
    for (i = 0; i < count; i++) {
        qttt_action_token(ids[i], token, sizeof token, NULL);
        printf(" %s", token);
    }
    printf("\n");
}

/* What the human typed: a legal action, undo, or the end (quit or end of input). */
enum command { ACT, UNDO, END };

/* Reads a command from standard input: a legal token (its id into *id),
   `undo` or `quit`, asking again after anything else. */
static enum command ask(const qttt_game *game, uint8_t *id) {
    char line[64];
    for (;;) {
        bool legal = false;
        qttt_status status;
        char *end;
        printf("O> ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) return END;
        end = line + strcspn(line, "\r\n");
        *end = '\0';
        if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0) return END;
        if (strcmp(line, "undo") == 0) return UNDO;
        status = qttt_action_from_token(line, sizeof line, id);
        if (status == QTTT_STATUS_OK) status = qttt_game_is_legal(game, *id, &legal);
        if (status == QTTT_STATUS_OK && legal) return ACT;
        printf("`%s`: %s\n", line, status == QTTT_STATUS_OK ? "not legal now" : qttt_status_message(status));
    }
}

/* Takes back actions up to and including the human's (O's) last one;
   returns 0, leaving the game as it was, when O has not played yet. */
static int undo_turn(qttt_game *game) {
    qttt_game earlier = *game;
    qttt_player player;
    while (qttt_game_undo(&earlier, &earlier) == QTTT_STATUS_OK) {
        if (qttt_game_current_player(&earlier, &player) == QTTT_STATUS_OK && player == QTTT_PLAYER_O) {
            *game = earlier;
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    int perfect = argc > 2 && strcmp(argv[1], "--ai") == 0 && strcmp(argv[2], "perfect") == 0;
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(USAGE, stdout);
        return 0;
    }
    if (argc > 1 && argv[1][0] == '-' && !perfect) {
        fprintf(stderr, "play: unknown option %s\n%s", argv[1], USAGE);
        return 2;
    }
    uint64_t rng = argc > (perfect ? 3 : 1) ? strtoull(argv[perfect ? 3 : 1], NULL, 10) : 1;
    qttt_game game;
    char text[1024];
    uint8_t ids[QTTT_MAX_LEGAL_ACTIONS];
    size_t count = 0;
    qttt_player player = QTTT_PLAYER_X;
    qttt_outcome outcome;
    qttt_status status;
    qttt_solver *solver = NULL; /* remembers what it solved: the opening is solved once */

    if ((status = qttt_game_new(&game)) != QTTT_STATUS_OK) return fail(status, "new game");
    if (perfect && (status = qttt_solver_new(QTTT_SCORING_SINGLE_RESULT, 1, rng, &solver)) != QTTT_STATUS_OK) {
        return fail(status, "solver");
    }
    for (;;) {
        uint8_t choice;
        char token[4];
        if ((status = qttt_game_board(&game, text, sizeof text, NULL)) != QTTT_STATUS_OK) return fail(status, "board");
        printf("%s\n\n", text);
        if ((status = qttt_game_legal_actions(&game, ids, QTTT_MAX_LEGAL_ACTIONS, &count)) != QTTT_STATUS_OK) {
            return fail(status, "legal actions");
        }
        if (count == 0) break;
        if ((status = qttt_game_current_player(&game, &player)) != QTTT_STATUS_OK) return fail(status, "player");
        if (perfect && player == QTTT_PLAYER_O) {
            enum command command;
            list_legal(ids, count);
            command = ask(&game, &choice);
            if (command == END) break;
            if (command == UNDO) {
                if (!undo_turn(&game)) printf("Nothing to undo: you have not played yet.\n\n");
                continue;
            }
        } else if (perfect) {
            if ((status = qttt_solver_best_action(solver, &game, 0, NULL, &choice)) != QTTT_STATUS_OK) {
                qttt_solver_free(solver);
                return fail(status, "perfect play");
            }
        } else {
            choice = player == QTTT_PLAYER_X ? ids[0] : ids[next_random(&rng) % count];
        }
        qttt_action_token(choice, token, sizeof token, NULL);
        printf("%s plays %s\n\n", player == QTTT_PLAYER_X ? (perfect ? "X (perfect)" : "X (first)") : "O", token);
        if ((status = qttt_game_apply(&game, choice, &game)) != QTTT_STATUS_OK) return fail(status, "apply");
    }
    qttt_solver_free(solver);
    if (count > 0) return 0; /* the end of input before the end of the game */
    if ((status = qttt_game_outcome(&game, &outcome)) != QTTT_STATUS_OK) return fail(status, "outcome");
    qttt_game_record(&game, text, sizeof text, NULL);
    printf("Record: %s\nResult: %s\n", text,
           outcome.winner == QTTT_PLAYER_X ? "X wins" : outcome.winner == QTTT_PLAYER_O ? "O wins" : "draw");
    return 0;
}
