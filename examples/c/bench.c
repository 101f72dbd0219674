/*
 * Complete random games through the C API: the loop a C engine would run
 * (list the legal actions, pick one with SplitMix64, apply it in place).
 * Prints games per second, best of 5 rounds; compare with its Rust twin
 * `cargo bench -p qttt --bench random_loop`, which runs the same loop.
 *
 *   bench [GAMES [ROUNDS]]   (default 1000000 games, 5 rounds)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "qttt.h"

static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int main(int argc, char **argv) {
    long games = argc > 1 ? atol(argv[1]) : 1000000;
    int rounds = argc > 2 ? atoi(argv[2]) : 5, round;
    uint64_t rng = 7, actions = 0;
    uint8_t ids[QTTT_MAX_LEGAL_ACTIONS];
    size_t count;
    struct timespec start, stop;
    double seconds, best = 1e300;
    long g;
    qttt_game empty, game;

    if (qttt_game_new(&empty) != QTTT_STATUS_OK) return 1;
    for (round = 0; round < rounds; round++) {
        actions = 0;
        clock_gettime(CLOCK_MONOTONIC, &start);
        for (g = 0; g < games; g++) {
            game = empty;
            for (;;) {
                if (qttt_game_legal_actions(&game, ids, QTTT_MAX_LEGAL_ACTIONS, &count) != QTTT_STATUS_OK) return 1;
                if (count == 0) break;
                /* Lemire's multiply-shift on the high 32 bits, as qttt::random::SplitMix64::below. */
                if (qttt_game_apply(&game, ids[((next_random(&rng) >> 32) * count) >> 32], &game) != QTTT_STATUS_OK) {
                    return 1;
                }
                actions++;
            }
        }
        clock_gettime(CLOCK_MONOTONIC, &stop);
        seconds = (double)(stop.tv_sec - start.tv_sec) + (double)(stop.tv_nsec - start.tv_nsec) / 1e9;
        if (seconds < best) best = seconds;
    }
    printf("c: %ld games, %llu actions, best of %d rounds %.3f s: %.0f games/s, %.1f ns/action\n", games,
           (unsigned long long)actions, rounds, best, (double)games / best, best * 1e9 / (double)actions);
    return 0;
}
