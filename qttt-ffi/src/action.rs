//! Actions: ids and their tokens.

use std::ffi::c_char;

use qttt::Action;

use crate::memory::{Out, with_text, write_text};
use crate::status::*;

/// Writes the token of action `action` (0–53), such as "15", "7" or "@5",
/// like `qttt_game_record` (a token needs at most 3 bytes with its NUL).
///
/// # Safety
/// `buf` must point to `capacity` writable bytes (or be NULL with
/// `capacity` 0); `needed` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_action_token(
    action_id: u8,
    buf: *mut c_char,
    capacity: usize,
    needed: *mut usize,
) -> qttt_status {
    boundary(|| {
        let token = action(action_id)?;
        // SAFETY: `buf` and `needed` keep the contract in this function's `# Safety`.
        unsafe { write_text(|sink| sink.display(&token), buf, capacity, needed) }
    })
}

/// Writes the id of the action a token names ("15" and "51" alike, "7",
/// "@5"). The token is NUL-terminated within `size` bytes (or pass
/// QTTT_NUL_TERMINATED); a token that is no action returns
/// QTTT_STATUS_MALFORMED_TOKEN or QTTT_STATUS_SAME_SQUARE_TWICE.
///
/// # Safety
/// `token` must be NULL or point to `size` readable bytes or to a
/// NUL-terminated string; `id` must be NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn qttt_action_from_token(
    token: *const c_char,
    size: usize,
    id: *mut u8,
) -> qttt_status {
    boundary(|| {
        // SAFETY: `id` keeps the contract in this function's `# Safety`.
        let id = unsafe { Out::new(id) }?;
        // SAFETY: `token` keeps the contract in this function's `# Safety`.
        let parsed: Action = unsafe { with_text(token, size, |text| Ok(text.parse::<Action>()?)) }?;
        id.write(parsed.id());
        Ok(())
    })
}

/// The action with id `id` (0–53).
pub(crate) fn action(id: u8) -> Result<Action, Error> {
    Ok(Action::try_from(id)?)
}
