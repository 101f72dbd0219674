//! Every raw-pointer access of the library: NULL checks, reading and
//! writing caller memory, and text in and out of caller buffers.

use std::ffi::c_char;
use std::fmt;
use std::ptr::NonNull;
use std::sync::atomic::AtomicBool;

use crate::qttt_status;

/// A non-NULL pointer to caller memory, checked before any output is written.
pub(crate) fn non_null<T>(ptr: *mut T) -> Result<NonNull<T>, qttt_status> {
    NonNull::new(ptr).ok_or(qttt_status::NullPointer)
}

/// Reads a value the caller passed by pointer.
pub(crate) fn read<T: Copy>(ptr: *const T) -> Result<T, qttt_status> {
    let ptr = non_null(ptr.cast_mut())?;
    // SAFETY: non-NULL; the C contract (qttt.h) is that pointer arguments
    // point to a valid, initialised, aligned `T`. The value is copied out,
    // so no reference outlives the call or aliases an output.
    Ok(unsafe { ptr.read() })
}

/// Runs `f` on a value in caller memory, in place.
pub(crate) fn update<T, R>(ptr: NonNull<T>, f: impl FnOnce(&mut T) -> R) -> R {
    // SAFETY: `ptr` is non-NULL and, by the C contract, points to a valid,
    // aligned `T` that nothing else accesses during the call; the reference
    // does not outlive `f`.
    f(unsafe { &mut *ptr.as_ptr() })
}

/// A cancel flag the caller may set from another thread while a call runs.
pub(crate) fn cancel_flag<'a>(ptr: *const bool) -> Option<&'a AtomicBool> {
    // SAFETY: when not NULL, the C contract (qttt.h) is that `ptr` points to
    // a writable `bool` (or C11 `atomic_bool`) variable that stays valid for
    // the whole call and that other threads only set to true or false,
    // atomically; `AtomicBool` has the size, alignment and bit validity of
    // `bool`; the library only loads from it, and the reference does not
    // outlive the call that received the pointer.
    (!ptr.is_null()).then(|| unsafe { AtomicBool::from_ptr(ptr.cast_mut()) })
}

/// Writes an output value.
pub(crate) fn write<T>(out: NonNull<T>, value: T) {
    // SAFETY: `out` is non-NULL and, by the C contract, points to writable,
    // aligned memory for a `T`; `T` here is always a plain C type with no
    // destructor, so overwriting without dropping is correct.
    unsafe { out.write(value) }
}

/// Writes `values` to an output array of `capacity` elements.
pub(crate) fn write_slice<T: Copy>(
    out: NonNull<T>,
    capacity: usize,
    values: &[T],
) -> Result<(), qttt_status> {
    if values.len() > capacity {
        return Err(qttt_status::BufferTooSmall);
    }
    // SAFETY: `out` is non-NULL and, by the C contract, points to at least
    // `capacity` writable `T`s, and `values.len() <= capacity`. A Rust slice
    // never overlaps caller memory handed in through a raw pointer.
    unsafe { std::ptr::copy_nonoverlapping(values.as_ptr(), out.as_ptr(), values.len()) };
    Ok(())
}

/// Input text: NUL-terminated within its first `size` bytes, and UTF-8.
/// `size` = `usize::MAX` (`QTTT_NUL_TERMINATED`, defined as `SIZE_MAX` in
/// the header) is the caller vouching for the terminator alone.
pub(crate) fn read_text<'a>(text: *const c_char, size: usize) -> Result<&'a str, qttt_status> {
    let start = non_null(text.cast_mut())?.cast::<u8>();
    let mut len = 0;
    loop {
        if len == size {
            return Err(qttt_status::MissingNul);
        }
        // SAFETY: the caller guarantees `size` readable bytes or, with
        // SIZE_MAX, a NUL terminator; every byte before `len` was not NUL,
        // so byte `len` is still inside the caller's text.
        if unsafe { start.add(len).read() } == 0 {
            break;
        }
        len += 1;
    }
    // SAFETY: the `len` bytes before the terminator were just read, are
    // initialised, and the caller keeps them alive for the call.
    let bytes = unsafe { std::slice::from_raw_parts(start.as_ptr(), len) };
    std::str::from_utf8(bytes).map_err(|_| qttt_status::InvalidUtf8)
}

/// Counts (and, given room, copies) formatted bytes.
pub(crate) struct Sink<'a> {
    room: Option<&'a mut [u8]>,
    len: usize,
}

impl Sink<'_> {
    /// Writes a `Display` value.
    pub(crate) fn display(&mut self, value: &impl fmt::Display) -> Result<(), qttt_status> {
        fmt::Write::write_fmt(self, format_args!("{value}")).map_err(|_| qttt_status::Panic)
    }

    /// Writes a JSON view.
    pub(crate) fn json(&mut self, value: &qttt::View) -> Result<(), qttt_status> {
        serde_json::to_writer(self, value).map_err(|_| qttt_status::Panic)
    }
}

impl fmt::Write for Sink<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if let Some(room) = self.room.as_deref_mut() {
            room.get_mut(self.len..self.len + s.len())
                .ok_or(fmt::Error)?
                .copy_from_slice(s.as_bytes());
        }
        self.len += s.len();
        Ok(())
    }
}

impl std::io::Write for Sink<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let text = std::str::from_utf8(bytes).map_err(std::io::Error::other)?;
        fmt::Write::write_str(self, text).map_err(std::io::Error::other)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Writes text and a NUL into `buf` (`capacity` bytes) and its size with
/// the NUL into `*needed` (if not NULL). When the buffer is too small only
/// `*needed` is written; `buf` may be NULL when `capacity` is 0. Formats
/// twice (measure, then copy) so that nothing allocates.
pub(crate) fn write_text(
    format: impl Fn(&mut Sink<'_>) -> Result<(), qttt_status>,
    buf: *mut c_char,
    capacity: usize,
    needed: *mut usize,
) -> Result<(), qttt_status> {
    let buf = if capacity == 0 {
        None
    } else {
        Some(non_null(buf)?.cast::<u8>())
    };
    let mut measure = Sink { room: None, len: 0 };
    format(&mut measure)?;
    let size = measure.len + 1;
    if let Some(needed) = NonNull::new(needed) {
        write(needed, size);
    }
    let buf = match buf {
        Some(buf) if capacity >= size => buf,
        _ => return Err(qttt_status::BufferTooSmall),
    };
    // SAFETY: `buf` is non-NULL and, by the C contract, points to
    // `capacity` >= `size` writable bytes that nothing else references
    // during the call.
    let room = unsafe { std::slice::from_raw_parts_mut(buf.as_ptr(), size) };
    let (text, nul) = room.split_at_mut(size - 1);
    format(&mut Sink {
        room: Some(text),
        len: 0,
    })?;
    nul[0] = 0;
    Ok(())
}
