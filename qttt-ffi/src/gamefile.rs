//! Game files, reviews and puzzles: the core's `qttt::gamefile`,
//! `qttt::analysis::Review` and the shipped puzzle set, through the C API.

use std::ffi::{CString, c_char};
use std::sync::OnceLock;

use qttt::analysis::{Review, Solver, Verdict};
use qttt::gamefile::{self, AnnotatedGame, GameFileError, Glyph};

use crate::analysis::scoring;
use crate::game::{load, player, store};
use crate::memory::{Out, OutSlice, with_text, write_text};
use crate::status::{
    Error, QTTT_STATUS_INVALID_ARGUMENT, QTTT_STATUS_INVALID_GAMEFILE, boundary, static_text,
};
use crate::{qttt_game, qttt_player, qttt_status};

/// Where and why a game file does not parse.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_gamefile_error {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// Why, in English, NUL-terminated (cut at a character boundary to fit).
    pub reason: [c_char; 192],
}

/// The action kept its value.
pub const QTTT_VERDICT_KEPT: u8 = 0;
/// A won position given away (for a draw or a loss).
pub const QTTT_VERDICT_WIN_GIVEN_AWAY: u8 = 1;
/// A drawn position given away.
pub const QTTT_VERDICT_DRAW_GIVEN_AWAY: u8 = 2;
/// Half a point lost (Goff's points).
pub const QTTT_VERDICT_HALF_POINT_LOST: u8 = 3;

/// One action of a review (see `qttt_review`). Values are X's result under
/// perfect play in half points (2 X wins, 0 draw, -2 O wins; under Goff's
/// points also 1 and -1).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub struct qttt_review_step {
    /// The action's ply, counted from the empty board, from 1.
    pub ply: u8,
    /// The action's id.
    pub action: u8,
    /// Who played it: QTTT_PLAYER_X or QTTT_PLAYER_O.
    pub player: qttt_player,
    /// The value before it.
    pub before: i8,
    /// The value after it.
    pub after: i8,
    /// What it lost from the mover's side, in half points (0: kept).
    pub lost_half_points: i8,
    /// QTTT_VERDICT_*.
    pub verdict: u8,
    /// The glyph the annotated game file gives it, as its NAG number (the
    /// file's `$n`): 0 none (the value kept), 4 `??` (a full win given
    /// away for a full loss), 6 `?!` (half a point lost under Goff's
    /// points), else 2 `?` (a win or a draw given away).
    pub glyph: u8,
    /// How many of `best` are used.
    pub best_count: u8,
    /// The best actions before it (ids, ascending).
    pub best: [u8; 36],
    /// How many of `best_line` are used.
    pub best_line_count: u8,
    /// A best action, then perfect play to the end (ids).
    pub best_line: [u8; 13],
}

/// The games of a text, or the error written to `*error` (if not NULL).
///
/// # Safety
/// `text` is NULL or points to `size` readable bytes or a NUL-terminated
/// string; `error` is NULL or writable.
unsafe fn games(
    text: *const c_char,
    size: usize,
    error: *mut qttt_gamefile_error,
) -> Result<Vec<AnnotatedGame>, Error> {
    // SAFETY: `text` keeps the contract in this function's `# Safety`.
    let parsed = unsafe { with_text(text, size, |text| Ok(gamefile::parse(text))) }?;
    parsed.map_err(|e| {
        // SAFETY: `error` keeps the contract in this function's `# Safety`.
        if let Some(out) = unsafe { Out::optional(error) } {
            out.write(error_of(&e));
        }
        Error(QTTT_STATUS_INVALID_GAMEFILE)
    })
}

fn error_of(e: &GameFileError) -> qttt_gamefile_error {
    let mut reason = [0 as c_char; 192];
    let text = e.kind().to_string();
    let mut len = text.len().min(reason.len() - 1);
    while !text.is_char_boundary(len) {
        len -= 1;
    }
    for (slot, &byte) in reason.iter_mut().zip(&text.as_bytes()[..len]) {
        *slot = byte as c_char;
    }
    qttt_gamefile_error {
        line: e.line(),
        column: e.column(),
        reason,
    }
}

/// Checks a game file (docs/gamefile.md; NUL-terminated within `size`
/// bytes, or QTTT_NUL_TERMINATED) and writes how many games it holds to
/// `*count`. A file that does not parse returns QTTT_STATUS_INVALID_GAMEFILE
/// and, if `error` is not NULL, where and why. Each of the functions that
/// take a file's text parses it again; `qttt_gamefile_parse` parses once.
///
/// # Safety
/// `text` must be NULL or point to `size` readable bytes or a
/// NUL-terminated string; `count` and `error` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_gamefile_count(
    text: *const c_char,
    size: usize,
    count: *mut usize,
    error: *mut qttt_gamefile_error,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let (count, games) = unsafe { (Out::new(count)?, games(text, size, error)?) };
        count.write(games.len());
        Ok(())
    })
}

/// Writes game `index` (from 0) of a game file: its start position (the
/// `Start` tag, else the empty board) to `*start` and the end of its main
/// line to `*end`. QTTT_STATUS_INVALID_ARGUMENT when the file has no game
/// `index`; errors as for `qttt_gamefile_count`.
///
/// # Safety
/// As for `qttt_gamefile_count`; `start` and `end` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_gamefile_game(
    text: *const c_char,
    size: usize,
    index: usize,
    start: *mut qttt_game,
    end: *mut qttt_game,
    error: *mut qttt_gamefile_error,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let (start, end, games) =
            unsafe { (Out::new(start)?, Out::new(end)?, games(text, size, error)?) };
        write_game(&games, index, start, end)
    })
}

/// Game `index` of `games`: its start into `start`, the end of its main
/// line into `end`; QTTT_STATUS_INVALID_ARGUMENT when there is none.
fn write_game(
    games: &[AnnotatedGame],
    index: usize,
    start: Out<qttt_game>,
    end: Out<qttt_game>,
) -> Result<(), Error> {
    let game = games
        .get(index)
        .ok_or(Error(QTTT_STATUS_INVALID_ARGUMENT))?;
    store(start, game.start);
    store(end, game.end());
    Ok(())
}

/// Writes a game file in normal form (NUL-terminated) into `buf` of
/// `capacity` bytes, and the size it needs, NUL included, into `*needed`
/// (as `qttt_game_record`); errors as for `qttt_gamefile_count`.
///
/// # Safety
/// As for `qttt_gamefile_count`; `buf` must point to `capacity` writable
/// bytes (or be NULL with `capacity` 0); `needed` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_gamefile_normalize(
    text: *const c_char,
    size: usize,
    buf: *mut c_char,
    capacity: usize,
    needed: *mut usize,
    error: *mut qttt_gamefile_error,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let games = unsafe { games(text, size, error) }?;
        let written = gamefile::write(&games);
        // SAFETY: `buf` and `needed` keep the contract in this function's `# Safety`.
        unsafe { write_text(|sink| sink.display(&written), buf, capacity, needed) }
    })
}

/// A game file parsed once (docs/gamefile.md): its games, read by index.
/// Made by `qttt_gamefile_parse`, freed by `qttt_gamefile_free`; never
/// changed after it is made, so several threads may read one at once.
/// The functions that take a file's text (`qttt_gamefile_count`, `_game`,
/// `_normalize`) parse it again at every call; for more than one question
/// about a file, parse it once here.
// Opaque to C and to the ABI check (no fields to compare): a handle to the
// core's parsed games, whose layout may change in any release.
#[allow(non_camel_case_types)]
pub struct qttt_gamefile {
    _opaque: [u8; 0],
}

/// Parses a game file (NUL-terminated within `size` bytes, or
/// QTTT_NUL_TERMINATED) and writes it into `*out`: free it with
/// `qttt_gamefile_free`. A file that does not parse returns
/// QTTT_STATUS_INVALID_GAMEFILE and, if `error` is not NULL, where and
/// why; `*out` is then not written.
///
/// # Safety
/// `text` must be NULL or point to `size` readable bytes or a
/// NUL-terminated string; `out` and `error` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_gamefile_parse(
    text: *const c_char,
    size: usize,
    out: *mut *mut qttt_gamefile,
    error: *mut qttt_gamefile_error,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let (out, games) = unsafe { (Out::new(out)?, games(text, size, error)?) };
        out.write(Box::into_raw(Box::new(games)).cast::<qttt_gamefile>());
        Ok(())
    })
}

/// Frees a game file made by `qttt_gamefile_parse` (NULL: nothing to do).
///
/// # Safety
/// `file` must be NULL or a file from `qttt_gamefile_parse` not yet freed,
/// not in use by another call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_gamefile_free(file: *mut qttt_gamefile) {
    if !file.is_null() {
        // SAFETY: a pointer from `Box::into_raw` in `qttt_gamefile_parse`,
        // not yet freed (this function's contract); dropping cannot panic.
        drop(unsafe { Box::from_raw(file.cast::<Vec<AnnotatedGame>>()) });
    }
}

/// Runs `f` on the games behind a caller's pointer (NULL is an error).
///
/// # Safety
/// `file` is NULL or a live file from `qttt_gamefile_parse`.
unsafe fn with_file<R>(
    file: *const qttt_gamefile,
    f: impl FnOnce(&[AnnotatedGame]) -> Result<R, Error>,
) -> Result<R, Error> {
    let games = crate::memory::non_null(file.cast::<Vec<AnnotatedGame>>().cast_mut())?;
    // SAFETY: from `Box::into_raw` and alive (this function's contract);
    // only read, and the reference lives only as long as `f`.
    f(unsafe { games.as_ref() })
}

/// Writes how many games a parsed file holds to `*count`.
///
/// # Safety
/// `file` must be NULL or a live file from `qttt_gamefile_parse`; `count`
/// must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_gamefile_len(
    file: *const qttt_gamefile,
    count: *mut usize,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let count = unsafe { Out::new(count) }?;
        // SAFETY: as above.
        unsafe {
            with_file(file, |games| {
                count.write(games.len());
                Ok(())
            })
        }
    })
}

/// Writes game `index` (from 0) of a parsed file: its start position to
/// `*start` and the end of its main line to `*end`, as
/// `qttt_gamefile_game` does with a file's text;
/// QTTT_STATUS_INVALID_ARGUMENT when the file has no game `index`.
///
/// # Safety
/// `file` must be NULL or a live file from `qttt_gamefile_parse`; `start`
/// and `end` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_gamefile_at(
    file: *const qttt_gamefile,
    index: usize,
    start: *mut qttt_game,
    end: *mut qttt_game,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let (start, end) = unsafe { (Out::new(start)?, Out::new(end)?) };
        // SAFETY: as above.
        unsafe { with_file(file, |games| write_game(games, index, start, end)) }
    })
}

/// Writes a parsed file in normal form into `buf`, as
/// `qttt_gamefile_normalize` does with a file's text.
///
/// # Safety
/// `file` must be NULL or a live file from `qttt_gamefile_parse`; `buf`
/// must point to `capacity` writable bytes (or be NULL with `capacity` 0);
/// `needed` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_gamefile_write(
    file: *const qttt_gamefile,
    buf: *mut c_char,
    capacity: usize,
    needed: *mut usize,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `file` keeps the contract in this function's `# Safety`.
        let written = unsafe { with_file(file, |games| Ok(gamefile::write(games))) }?;
        // SAFETY: `buf` and `needed` keep the contract in this function's `# Safety`.
        unsafe { write_text(|sink| sink.display(&written), buf, capacity, needed) }
    })
}

/// A value's half points, as C holds them (−2 to 2).
fn half_points(value: qttt::gamefile::Value) -> i8 {
    value.half_points() as i8
}

/// The review of `game`'s actions from ply `first` on (0: all) under
/// `scoring_kind` (QTTT_SCORING_*), by a solver with the opening book or,
/// `opening_book` false, without it.
fn review_of(
    game: &qttt::Game,
    first: usize,
    scoring_kind: i32,
    opening_book: bool,
) -> Result<Review, Error> {
    Ok(Review::new(
        &mut Solver::new(scoring(scoring_kind)?).opening_book(opening_book),
        game,
        first,
    ))
}

/// Reviews `game` by perfect play from its ply `first` on (0 for every
/// action) under `scoring_kind` (QTTT_SCORING_*): one `qttt_review_step`
/// per action into `steps` (room for `capacity`; 13 always suffice), their
/// number into `*count` and the value at the end into `*final_value`.
/// `opening_book` true (the default of every binding: Python's
/// `opening_book=`, JavaScript's `openingBook`) reads positions with up to
/// three marks from the opening book, false searches them; the values are
/// the same. Takes milliseconds under QTTT_SCORING_SINGLE_RESULT with the
/// book, up to seconds under the others or without it.
///
/// # Safety
/// `game` must be NULL or point to a `qttt_game`; `steps` must point to
/// `capacity` writable steps; `count` and `final_value` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_review(
    game: *const qttt_game,
    first: usize,
    scoring_kind: i32,
    opening_book: bool,
    steps: *mut qttt_review_step,
    capacity: usize,
    count: *mut usize,
    final_value: *mut i8,
) -> qttt_status {
    boundary(|| {
        // SAFETY: the pointers keep the contract in this function's `# Safety`.
        let (game, steps, count, final_value) = unsafe {
            (
                load(game)?,
                OutSlice::new(steps, capacity)?,
                Out::new(count)?,
                Out::new(final_value)?,
            )
        };
        let review = review_of(&game, first, scoring_kind, opening_book)?;
        let ids = |actions: &[qttt::Action], out: &mut [u8]| {
            for (slot, action) in out.iter_mut().zip(actions) {
                *slot = action.id();
            }
            actions.len().min(out.len()) as u8
        };
        let written: Vec<qttt_review_step> = review
            .steps
            .iter()
            .map(|step| {
                let mut out = qttt_review_step {
                    ply: step.ply as u8,
                    action: step.action.id(),
                    player: player(Some(step.player)),
                    before: half_points(step.before),
                    after: half_points(step.after),
                    lost_half_points: step.lost_half_points as i8,
                    verdict: match step.verdict {
                        Verdict::Kept => QTTT_VERDICT_KEPT,
                        Verdict::WinGivenAway => QTTT_VERDICT_WIN_GIVEN_AWAY,
                        Verdict::DrawGivenAway => QTTT_VERDICT_DRAW_GIVEN_AWAY,
                        _ => QTTT_VERDICT_HALF_POINT_LOST,
                    },
                    glyph: step.glyph().map_or(0, Glyph::nag),
                    best_count: 0,
                    best: [0; 36],
                    best_line_count: 0,
                    best_line: [0; 13],
                };
                out.best_count = ids(&step.best, &mut out.best);
                out.best_line_count = ids(&step.best_line, &mut out.best_line);
                out
            })
            .collect();
        steps.write(&written)?;
        count.write(written.len());
        final_value.write(half_points(review.final_value));
        Ok(())
    })
}

/// The review of `qttt_review` (the same `first`, `scoring_kind` and
/// `opening_book`) as an annotated game file (values, the steps' glyphs,
/// the best line after each mistake as a variation), written into `buf`
/// like `qttt_game_record`. Its comments are in English (the core's
/// `ReviewComment` words; the Python module writes them in other
/// languages, docs/reviews.md).
///
/// # Safety
/// As for `qttt_review` for `game`; `buf` must point to `capacity` writable
/// bytes (or be NULL with `capacity` 0); `needed` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_review_write(
    game: *const qttt_game,
    first: usize,
    scoring_kind: i32,
    opening_book: bool,
    buf: *mut c_char,
    capacity: usize,
    needed: *mut usize,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `game` keeps the contract in this function's `# Safety`.
        let game = unsafe { load(game) }?;
        let text =
            gamefile::write(&[review_of(&game, first, scoring_kind, opening_book)?.to_annotated()]);
        // SAFETY: `buf` and `needed` keep the contract in this function's `# Safety`.
        unsafe { write_text(|sink| sink.display(&text), buf, capacity, needed) }
    })
}

/// The shipped puzzle set: a game file of 330 puzzles, each position
/// (its `Start` tag) with exactly one winning action, proven by the
/// solver; the solution is the main line, the tags `Puzzle` and `Depth`
/// say what it teaches and how deep it is. Static and NUL-terminated;
/// never NULL; do not free.
#[unsafe(no_mangle)]
pub extern "C" fn qttt_puzzles() -> *const c_char {
    static TEXT: OnceLock<CString> = OnceLock::new();
    static_text(|| {
        TEXT.get_or_init(|| CString::new(qttt::analysis::puzzles::SHIPPED).unwrap_or_default())
            .as_ptr()
    })
}
