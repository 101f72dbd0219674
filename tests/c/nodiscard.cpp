// Must NOT compile with -Werror (tests/c/run.sh checks that it fails, and
// on which line): a Game is a value, so applying an action and dropping
// the new game does nothing, and qttt.hpp marks every value-returning
// function [[nodiscard]].
#include "qttt.hpp"

int main() {
    qttt::Game game;
    game.apply("15");  // the warning: the game after 15 is thrown away
    return 0;
}
