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
            bool x = game.current_player() == qttt::Player::X;
            qttt::Action choice = x ? legal[0] : legal[rng() % legal.size()];
            std::cout << (x ? "X (first)" : "O (random)") << " plays " << choice << "\n\n";
            game = game.apply(choice);
        }
        qttt::Player winner = qttt::to_player(game.outcome().winner);
        std::cout << "Record: " << game.record() << "\nResult: "
                  << (winner == qttt::Player::X ? "X wins" : winner == qttt::Player::O ? "O wins" : "draw") << '\n';
    } catch (const qttt::Error &e) {
        std::cerr << "qttt error " << e.code() << ": " << e.what() << '\n';
        return 1;
    }
    return 0;
}
