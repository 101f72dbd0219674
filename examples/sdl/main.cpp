// qttt-sdl: quantum tic-tac-toe in a window, a small C++ game built the way
// engines are built: it links the installed qttt library through
// find_package(qttt), draws with SDL2, and lets the computer think on a
// worker thread (with a time limit and a cancel flag) while the window
// keeps drawing.
//
// Click two squares for a spooky move (or the last free square for a
// classical one); when a cycle closes, the two boards below show where the
// newest mark can land, hovering a highlighted square previews it on the
// main board, and a click chooses. U undoes your last turn, N starts a new
// game, F12 saves a screenshot (with --screenshots), Esc or Q quits.
//
// Every action is also written to standard output, one line each, so a
// script can follow (and drive) a game.
#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

#include "board.hpp"
#include "computer.hpp"
#include "font.hpp"
#include "qttt.hpp"

namespace {

constexpr int window_width = 540, window_height = 800;
constexpr BoardArea main_board{30, 90, 160};

const char usage[] =
    "usage: qttt-sdl [--ai random|mcts|perfect] [--human x|o|both|none] [--time-limit MS] [--pace MS]\n"
    "                [--scoring single|goff|complete] [--seed N] [--record RECORD] [--screenshots DIR]\n"
    "  --ai           the computer player (default perfect)\n"
    "  --scoring      what perfect play plays for (default single: RULES.md; its opening\n"
    "                 book answers the first moves at once, the others search them)\n"
    "  --human        who plays with the mouse (default x)\n"
    "  --time-limit   how long perfect play may think before MCTS answers (default 2000 ms)\n"
    "  --pace         the least time the computer takes per move, so that its moves can\n"
    "                 be followed (default 0 ms: answers as soon as it has them)\n"
    "  --seed         seeds the computer's choices among equal actions (default 1)\n"
    "  --record       start from this position (for example \"15 26\")\n"
    "  --screenshots  F12 saves the window as DIR/shot-N.bmp\n";

struct Options {
    qttt::OpponentKind opponent = qttt::OpponentKind::Perfect;
    qttt::Scoring scoring = qttt::Scoring::SingleResult;
    std::string human = "x";
    std::uint32_t time_limit_ms = 2000;
    std::uint32_t pace_ms = 0;
    std::uint64_t seed = 1;
    std::string record;
    std::string screenshots;
};

std::optional<Options> parse(int argc, char **argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--help" || flag == "-h") {
            std::fputs(usage, stdout);
            std::exit(0);
        }
        if (i + 1 >= argc) return std::nullopt;
        const std::string value = argv[++i];
        char *end = nullptr;
        if (flag == "--ai" || flag == "--scoring") {
            try {  // the library's stable names
                if (flag == "--ai") options.opponent = qttt::opponent_named(value);
                else options.scoring = qttt::scoring_named(value);
            } catch (const qttt::Error &) {
                return std::nullopt;
            }
        } else if (flag == "--human") {
            if (value != "x" && value != "o" && value != "both" && value != "none") return std::nullopt;
            options.human = value;
        } else if (flag == "--time-limit") {
            options.time_limit_ms = static_cast<std::uint32_t>(std::strtoul(value.c_str(), &end, 10));
            if (*end || value.empty()) return std::nullopt;
        } else if (flag == "--pace") {
            options.pace_ms = static_cast<std::uint32_t>(std::strtoul(value.c_str(), &end, 10));
            if (*end || value.empty()) return std::nullopt;
        } else if (flag == "--seed") {
            options.seed = std::strtoull(value.c_str(), &end, 10);
            if (*end || value.empty()) return std::nullopt;
        } else if (flag == "--record") {
            options.record = value;
        } else if (flag == "--screenshots") {
            options.screenshots = value;
        } else {
            return std::nullopt;
        }
    }
    return options;
}

const char *letter(qttt::Player player) { return player == qttt::Player::X ? "X" : "O"; }

std::string opponent_name(qttt::OpponentKind kind) { return std::string(qttt::name(kind)); }

class App {
public:
    App(SDL_Renderer *renderer, const Options &options)
        : renderer_(renderer), options_(options), computer_(options.opponent, options.scoring, options.time_limit_ms, options.pace_ms, options.seed),
          game_(options.record.empty() ? qttt::Game() : qttt::Game::from_record(options.record)) {}

    void run() {
        while (running_) {
            SDL_Event event;
            while (SDL_PollEvent(&event)) handle(event);
            step();
            draw();
            SDL_Delay(15);
        }
        if (computer_.stop()) std::printf("quit: the computer's move was cancelled\n");
        std::printf("bye\n");
    }

private:
    bool human_acts() const {
        const qttt::Player p = game_.current_player();
        return options_.human == "both" || (options_.human == "x" && p == qttt::Player::X) ||
               (options_.human == "o" && p == qttt::Player::O);
    }
    bool over() const { return game_.phase() == qttt::Phase::Over; }

    void handle(const SDL_Event &event) {
        switch (event.type) {
        case SDL_QUIT: running_ = false; break;
        case SDL_MOUSEMOTION: hover_ = main_board.square_at(event.motion.x, event.motion.y); break;
        case SDL_MOUSEBUTTONDOWN:
            if (event.button.button == SDL_BUTTON_LEFT) click(main_board.square_at(event.button.x, event.button.y));
            break;
        case SDL_KEYDOWN:
            switch (event.key.keysym.sym) {
            case SDLK_ESCAPE:
            case SDLK_q: running_ = false; break;
            case SDLK_u: undo(); break;
            case SDLK_n: restart(); break;
            case SDLK_F12: screenshot_requested_ = !options_.screenshots.empty(); break;
            default: break;
            }
            break;
        default: break;
        }
    }

    void click(int square) {
        if (square == 0 || over() || !human_acts()) return;
        message_.clear();
        if (game_.phase() == qttt::Phase::Collapse) {
            play("@" + std::to_string(square), "human");
        } else if (game_.is_legal_id(qttt::action_id(std::to_string(square)))) {
            play(std::to_string(square), "human");  // the last free square: a classical move
        } else if (selected_ == 0) {
            if (game_.classical(static_cast<std::uint8_t>(square))) message_ = "that square is classical";
            else selected_ = square;
        } else if (selected_ == square) {
            selected_ = 0;
        } else {
            const int a = std::min(selected_, square), b = std::max(selected_, square);
            play(std::to_string(a) + std::to_string(b), "human");
        }
    }

    void play(const std::string &token, const std::string &who) {
        try {
            const qttt::Player player = game_.current_player();
            game_ = game_.apply(token);
            selected_ = 0;
            std::printf("%s plays %s (%s)\nrecord: %s\n", letter(player), token.c_str(), who.c_str(),
                        game_.record().c_str());
            if (over()) {
                const qttt_outcome outcome = game_.outcome();
                std::printf("game over: %s\n", outcome.winner == QTTT_PLAYER_NONE ? "draw"
                                               : outcome.winner == QTTT_PLAYER_X  ? "X wins"
                                                                                   : "O wins");
            }
            std::fflush(stdout);
            announced_ = false;
        } catch (const qttt::Error &error) {
            message_ = error.what();  // the engine's reason, e.g. a move on a classical square
            selected_ = 0;
        }
    }

    void undo() {
        (void)computer_.stop();
        // Take back to the human's previous turn: at least one action, then
        // on until a human is to act again.
        std::optional<qttt::Game> back = game_.undo();
        if (!back) {
            message_ = "nothing to undo";
            return;
        }
        game_ = *back;
        while (!human_acts() && (back = game_.undo())) game_ = *back;
        selected_ = 0;
        announced_ = false;
        std::printf("undo\nrecord: %s\n", game_.record().c_str());
        std::fflush(stdout);
    }

    void restart() {
        (void)computer_.stop();
        game_ = qttt::Game();
        selected_ = 0;
        message_.clear();
        announced_ = false;
        std::printf("new game\n");
        std::fflush(stdout);
    }

    // Lets the computer move, and tells a script when a human is to act.
    void step() {
        if (over()) return;
        if (human_acts()) {
            if (!announced_) {
                std::printf("%s to act: legal", letter(game_.current_player()));
                for (qttt::Action action : game_.legal_actions()) std::printf(" %s", action.token().c_str());
                std::printf("\n");
                std::fflush(stdout);
                announced_ = true;
            }
            return;
        }
        if (!computer_.thinking()) {
            computer_.start(game_);
            thinking_since_ = SDL_GetTicks();
            std::printf("%s thinks (%s)\n", letter(game_.current_player()), opponent_name(options_.opponent).c_str());
            std::fflush(stdout);
            return;
        }
        if (std::optional<Computer::Answer> answer = computer_.poll()) {
            char how[96];
            std::snprintf(how, sizeof how, "%s, %.2f s", answer->how.c_str(), answer->seconds);
            play(answer->action.token(), how);
        }
    }

    void draw() {
        use(renderer_, palette::paper);
        SDL_RenderClear(renderer_);

        const bool collapsing = game_.phase() == qttt::Phase::Collapse;
        std::uint8_t options[2];
        std::uint8_t option_count = 0;
        qttt_game_collapse_options(&game_.raw(), options, &option_count);

        // The main board, or the preview of the collapse choice under the mouse.
        Emphasis emphasis;
        emphasis.selected = selected_;
        for (std::uint8_t i = 0; i < option_count; ++i) emphasis.options |= 1u << options[i];
        const bool previewing = collapsing && human_acts() && (emphasis.options >> hover_ & 1);
        if (previewing) {
            draw_board(renderer_, game_.apply("@" + std::to_string(hover_)), main_board, Emphasis{});
        } else {
            draw_board(renderer_, game_, main_board, emphasis);
        }

        // The status line.
        std::string status;
        Colour status_colour = palette::ink;
        if (over()) {
            const qttt_outcome outcome = game_.outcome();
            const qttt::Player winner = qttt::to_player(outcome.winner);
            status = winner == qttt::Player::None ? "draw" : std::string(letter(winner)) + " wins";
            status_colour = winner == qttt::Player::None ? palette::ink : colour_of(winner);
        } else {
            const qttt::Player p = game_.current_player();
            status_colour = colour_of(p);
            if (!human_acts()) status = std::string(letter(p)) + " (" + opponent_name(options_.opponent) + ") thinks";
            else if (collapsing) status = std::string(letter(p)) + ": collapse a cycle";
            else status = std::string(letter(p)) + " to move";
        }
        use(renderer_, status_colour);
        font::draw(renderer_, status, 30, 24, 3);
        if (!over() && !human_acts()) spinner(30 + font::width(status, 3) + 30, 34);
        use(renderer_, palette::faint);
        const std::string second = previewing ? "preview: click to choose @" + std::to_string(hover_)
                                   : !message_.empty() ? message_
                                   : over()     ? "game over: n for a new game"
                                   : collapsing ? "a cycle closed: the newest mark collapses"
                                                : "click two squares for a spooky move";
        font::draw(renderer_, second, 30, 62, 2);

        // Below the board: the two outcomes of a collapse, or the record.
        if (collapsing) {
            for (std::uint8_t i = 0; i < option_count; ++i) {
                const int x = 75 + i * 240;
                const std::string token = "@" + std::to_string(options[i]);
                use(renderer_, palette::ink);
                font::draw(renderer_, token, x, 600, 2);
                draw_board(renderer_, game_.apply(token), BoardArea{x, 620, 50}, Emphasis{});
            }
        } else {
            use(renderer_, palette::ink);
            font::draw(renderer_, "record:", 30, 600, 2);
            draw_wrapped(game_.record(), 30, 625, 2, 40);
            use(renderer_, palette::faint);
            font::draw(renderer_, "u undo   n new game   esc quit", 30, 760, 2);
        }

        if (screenshot_requested_) save_screenshot();
        SDL_RenderPresent(renderer_);
    }

    void draw_wrapped(const std::string &text, int x, int y, int scale, std::size_t columns) {
        std::size_t start = 0;
        while (start < text.size()) {
            std::size_t end = std::min(text.size(), start + columns);
            if (end < text.size()) {
                const std::size_t space = text.rfind(' ', end);
                if (space != std::string::npos && space > start) end = space;
            }
            font::draw(renderer_, text.substr(start, end - start), x, y, scale);
            y += (font::glyph_height + 4) * scale;
            start = end + 1;
        }
    }

    // Eight dots, one bright and turning: the window keeps drawing while the computer thinks.
    void spinner(int cx, int cy) {
        const int lit = static_cast<int>((SDL_GetTicks() - thinking_since_) / 100 % 8);
        for (int i = 0; i < 8; ++i) {
            const float a = 6.2831853f * i / 8;
            use(renderer_, i == lit ? palette::ink : palette::faint);
            const SDL_Rect dot{cx + static_cast<int>(14 * std::cos(a)) - 3, cy + static_cast<int>(14 * std::sin(a)) - 3, 6, 6};
            SDL_RenderFillRect(renderer_, &dot);
        }
    }

    void save_screenshot() {
        screenshot_requested_ = false;
        int w = 0, h = 0;
        SDL_GetRendererOutputSize(renderer_, &w, &h);
        SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        if (!surface) return;
        const std::string path = options_.screenshots + "/shot-" + std::to_string(++screenshots_) + ".bmp";
        if (SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_ARGB8888, surface->pixels, surface->pitch) == 0 &&
            SDL_SaveBMP(surface, path.c_str()) == 0)
            std::printf("screenshot %s\n", path.c_str());
        else
            std::printf("screenshot failed: %s\n", SDL_GetError());
        std::fflush(stdout);
        SDL_FreeSurface(surface);
    }

    SDL_Renderer *renderer_;
    Options options_;
    Computer computer_;
    qttt::Game game_;
    bool running_ = true;
    bool announced_ = false;
    bool screenshot_requested_ = false;
    int selected_ = 0;
    int hover_ = 0;
    int screenshots_ = 0;
    Uint32 thinking_since_ = 0;
    std::string message_;
};

}  // namespace

int main(int argc, char **argv) {
    const std::optional<Options> options = parse(argc, argv);
    if (!options) {
        std::fputs(usage, stderr);
        return 2;
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        std::fprintf(stderr, "qttt-sdl: cannot start SDL: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("qttt", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, window_width,
                                          window_height, SDL_WINDOW_RESIZABLE);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC) : nullptr;
    if (!renderer) {
        std::fprintf(stderr, "qttt-sdl: cannot open a window: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    SDL_RenderSetLogicalSize(renderer, window_width, window_height);
    int status = 0;
    try {
        App(renderer, *options).run();
    } catch (const qttt::Error &error) {
        std::fprintf(stderr, "qttt-sdl: %s\n", error.what());  // e.g. a --record that is not a game
        status = 1;
    }
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}
