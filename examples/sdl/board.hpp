// Drawing a position: classical marks large, spooky marks small with their
// move numbers (in the slot of their number, so they never overlap),
// squares to choose from highlighted, completed lines struck through.
#ifndef QTTT_SDL_BOARD_HPP
#define QTTT_SDL_BOARD_HPP

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "font.hpp"
#include "qttt.hpp"

struct Colour {
    Uint8 r, g, b;
};

namespace palette {
constexpr Colour paper{250, 249, 244}, ink{45, 45, 55}, faint{160, 160, 170};
constexpr Colour x{192, 57, 43}, o{31, 95, 168};  // as the Python module and the playground draw them
constexpr Colour option{255, 226, 120}, selected{205, 223, 247}, pending{255, 200, 60};
}  // namespace palette

inline void use(SDL_Renderer *renderer, Colour c) { SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 255); }

inline Colour colour_of(qttt::Player player) { return player == qttt::Player::X ? palette::x : palette::o; }

/// A line `width` pixels wide, as two triangles.
inline void thick_line(SDL_Renderer *renderer, float x1, float y1, float x2, float y2, float width, Colour c) {
    const float length = std::hypot(x2 - x1, y2 - y1);
    if (length == 0) return;
    const float nx = -(y2 - y1) / length * width / 2, ny = (x2 - x1) / length * width / 2;
    const SDL_Color colour{c.r, c.g, c.b, 255};
    const SDL_Vertex v[4] = {{{x1 + nx, y1 + ny}, colour, {0, 0}}, {{x2 + nx, y2 + ny}, colour, {0, 0}},
                             {{x2 - nx, y2 - ny}, colour, {0, 0}}, {{x1 - nx, y1 - ny}, colour, {0, 0}}};
    const int triangles[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(renderer, nullptr, v, 4, triangles, 6);
}

/// A circle outline of radius `r`, `width` pixels wide.
inline void ring(SDL_Renderer *renderer, float cx, float cy, float r, float width, Colour c) {
    constexpr int segments = 64;
    constexpr float turn = 6.2831853f;
    for (int i = 0; i < segments; ++i) {
        const float a = turn * i / segments, b = turn * (i + 1) / segments;
        // Overlap the segments a little so the joints have no gaps.
        thick_line(renderer, cx + r * std::cos(a), cy + r * std::sin(a), cx + r * std::cos(b + 0.02f),
                   cy + r * std::sin(b + 0.02f), width, c);
    }
}

/// Where a board is drawn: its top left corner and the size of a square.
struct BoardArea {
    int x, y, cell;

    SDL_Rect square(int number) const {
        return {x + (number - 1) % 3 * cell, y + (number - 1) / 3 * cell, cell, cell};
    }
    /// The square (1-9) at a point, or 0 outside the board.
    int square_at(int px, int py) const {
        if (px < x || py < y || px >= x + 3 * cell || py >= y + 3 * cell) return 0;
        return (py - y) / cell * 3 + (px - x) / cell + 1;
    }
};

/// What to emphasise besides the position itself.
struct Emphasis {
    std::uint16_t options = 0;  // squares (bit n for square n) to choose from
    int selected = 0;           // the first square of a spooky move being made
};

inline void draw_board(SDL_Renderer *renderer, const qttt::Game &game, const BoardArea &area, const Emphasis &emphasis) {
    const int cell = area.cell;
    for (int square = 1; square <= 9; ++square) {
        const SDL_Rect r = area.square(square);
        use(renderer, emphasis.options >> square & 1 ? palette::option
                      : square == emphasis.selected   ? palette::selected
                                                      : palette::paper);
        SDL_RenderFillRect(renderer, &r);
    }
    const float grid = std::max(2.0f, cell / 40.0f);
    for (int i = 1; i < 3; ++i) {
        thick_line(renderer, area.x + i * cell, area.y, area.x + i * cell, area.y + 3 * cell, grid, palette::ink);
        thick_line(renderer, area.x, area.y + i * cell, area.x + 3 * cell, area.y + i * cell, grid, palette::ink);
    }

    qttt_mark_state marks[QTTT_MAX_MARKS];
    std::size_t count = 0;
    std::uint8_t options[2];
    std::uint8_t option_count = 0;
    qttt_game_marks(&game.raw(), marks, QTTT_MAX_MARKS, &count);
    qttt_game_collapse_options(&game.raw(), options, &option_count);
    const int pending = option_count ? static_cast<int>(count) : 0;  // the newest mark awaits its collapse

    const int slot = cell / 3;
    const int small = std::max(1, slot / 17);
    for (std::size_t i = 0; i < count; ++i) {
        const qttt_mark_state &m = marks[i];
        const Colour colour = colour_of(qttt::to_player(m.mark.player));
        const std::string label = std::string(qttt::to_player(m.mark.player) == qttt::Player::X ? "X" : "O") + std::to_string(m.mark.number);
        if (m.spooky) {
            for (std::uint8_t square : m.squares) {
                const SDL_Rect r = area.square(square);
                const int sx = r.x + (m.mark.number - 1) % 3 * slot, sy = r.y + (m.mark.number - 1) / 3 * slot;
                const int tx = sx + (slot - font::width(label, small)) / 2;
                const int ty = sy + (slot - font::glyph_height * small) / 2;
                if (m.mark.number == pending) {
                    const SDL_Rect box{tx - small * 2, ty - small * 2, font::width(label, small) + small * 4,
                                       (font::glyph_height + 4) * small};
                    use(renderer, palette::pending);
                    SDL_RenderFillRect(renderer, &box);
                }
                use(renderer, colour);
                font::draw(renderer, label, tx, ty, small);
            }
        } else {
            const SDL_Rect r = area.square(m.squares[0]);
            const float cx = r.x + cell / 2.0f, cy = r.y + cell / 2.0f, half = cell * 0.28f, width = cell * 0.08f;
            if (qttt::to_player(m.mark.player) == qttt::Player::X) {
                thick_line(renderer, cx - half, cy - half, cx + half, cy + half, width, colour);
                thick_line(renderer, cx - half, cy + half, cx + half, cy - half, width, colour);
            } else {
                ring(renderer, cx, cy, half, width, colour);
            }
            use(renderer, colour);
            const std::string number = std::to_string(m.mark.number);
            font::draw(renderer, number, r.x + cell - font::width(number, small) - small * 5,
                       r.y + cell - (font::glyph_height + 5) * small, small);
        }
    }

    const qttt_outcome outcome = game.outcome();
    for (std::uint8_t i = 0; i < outcome.line_count; ++i) {
        const qttt_line &line = outcome.lines[i];
        const SDL_Rect a = area.square(line.squares[0]), b = area.square(line.squares[2]);
        const float ax = a.x + cell / 2.0f, ay = a.y + cell / 2.0f, bx = b.x + cell / 2.0f, by = b.y + cell / 2.0f;
        const float dx = (bx - ax) * 0.15f, dy = (by - ay) * 0.15f;  // overshoot the end squares' centres
        thick_line(renderer, ax - dx, ay - dy, bx + dx, by + dy, cell * 0.05f, palette::ink);
    }
}

#endif  // QTTT_SDL_BOARD_HPP
