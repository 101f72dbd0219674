// A complete game through the C++ wrapper qttt.hpp: X takes the first
// legal action, O a random one; the board is printed after every action.
//
//   play_cpp [SEED]
#include <cstdlib>
#include <iostream>
#include <random>

#include "qttt.hpp"

int main(int argc, char **argv) {
    std::mt19937_64 rng(argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1);
    try {
        qttt::Game game;
        for (;;) {
            std::cout << game.board() << "\n\n";
            qttt::Actions legal = game.legal_actions();
            if (legal.empty()) break;
            bool x = game.current_player() == QTTT_PLAYER_X;
            std::uint8_t choice = x ? legal[0] : legal[rng() % legal.size()];
            std::cout << (x ? "X (first)" : "O (random)") << " plays " << qttt::token(choice) << "\n\n";
            game = game.apply_id(choice);
        }
        qttt_outcome outcome = game.outcome();
        std::cout << "Record: " << game.record() << "\nResult: "
                  << (outcome.winner == QTTT_PLAYER_X ? "X wins" : outcome.winner == QTTT_PLAYER_O ? "O wins" : "draw")
                  << '\n';
    } catch (const qttt::Error &e) {
        std::cerr << "qttt error " << e.code() << ": " << e.what() << '\n';
        return 1;
    }
    return 0;
}
