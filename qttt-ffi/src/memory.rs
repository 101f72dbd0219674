//! Every raw-pointer access of the library: NULL checks, reading and
//! writing caller memory, and text in and out of caller buffers.

use std::ffi::c_char;
use std::fmt;
use std::ptr::NonNull;
use std::sync::atomic::AtomicBool;

use crate::status::{
    Error, QTTT_STATUS_BUFFER_TOO_SMALL, QTTT_STATUS_INVALID_GAME, QTTT_STATUS_INVALID_UTF8,
    QTTT_STATUS_MISSING_NUL, QTTT_STATUS_NULL_POINTER,
};

/// A non-NULL pointer, checked before any output is written.
pub(crate) fn non_null<T>(ptr: *mut T) -> Result<NonNull<T>, Error> {
    NonNull::new(ptr).ok_or(Error(QTTT_STATUS_NULL_POINTER))
}

/// An output the caller passed by pointer: checked non-NULL, and promised
/// (when it was made) to be writable for the whole call.
pub(crate) struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    /// An output from a pointer argument; `QTTT_STATUS_NULL_POINTER` for NULL.
    ///
    /// # Safety
    /// `ptr` is NULL or points to writable, aligned memory for a `T` that
    /// nothing else reads or writes until the exported function returns.
    pub(crate) unsafe fn new(ptr: *mut T) -> Result<Out<T>, Error> {
        non_null(ptr).map(Out)
    }

    /// An optional output: `None` for NULL.
    ///
    /// # Safety
    /// As for [`Out::new`].
    pub(crate) unsafe fn optional(ptr: *mut T) -> Option<Out<T>> {
        NonNull::new(ptr).map(Out)
    }

    /// Writes the output.
    pub(crate) fn write(&self, value: T) {
        // SAFETY: non-NULL, and writable and aligned for a `T` by the
        // promise `Out::new` took; `T` here is always a plain C type with
        // no destructor, so overwriting without dropping is correct.
        unsafe { self.0.write(value) }
    }

    /// The same output as another type.
    ///
    /// # Safety
    /// `U` has the size and alignment of `T`, and every bit pattern valid
    /// for one is valid for the other.
    pub(crate) unsafe fn cast<U>(self) -> Out<U> {
        Out(self.0.cast())
    }

    /// Whether the output is the memory `other` points to.
    pub(crate) fn is(&self, other: *const T) -> bool {
        std::ptr::eq(self.0.as_ptr(), other)
    }

    /// Runs `f` on the value in the output's memory, in place: for an
    /// output the caller also passed as an input, so it holds a valid `T`.
    ///
    /// # Safety
    /// The memory holds an initialised `T` (it was also an input).
    pub(crate) unsafe fn update<R>(&mut self, f: impl FnOnce(&mut T) -> R) -> R {
        // SAFETY: non-NULL, aligned and exclusively ours for the call (the
        // promise of `Out::new`), initialised (this function's contract);
        // the reference does not outlive `f`.
        f(unsafe { self.0.as_mut() })
    }
}

/// An output array the caller passed by pointer with its capacity.
pub(crate) struct OutSlice<T> {
    start: NonNull<T>,
    capacity: usize,
}

impl<T: Copy> OutSlice<T> {
    /// An output array; `QTTT_STATUS_NULL_POINTER` for NULL.
    ///
    /// # Safety
    /// `ptr` is NULL or points to `capacity` writable, aligned `T`s that
    /// nothing else reads or writes until the exported function returns.
    pub(crate) unsafe fn new(ptr: *mut T, capacity: usize) -> Result<OutSlice<T>, Error> {
        Ok(OutSlice {
            start: non_null(ptr)?,
            capacity,
        })
    }

    /// The whole array as one output of `N` elements, when it has room for them.
    pub(crate) fn whole<const N: usize>(&self) -> Option<Out<[T; N]>> {
        // `[T; N]` has the alignment of `T`, and `capacity` >= N elements are
        // writable (the promise of `OutSlice::new`).
        (self.capacity >= N).then(|| Out(self.start.cast()))
    }

    /// Writes `values` at the start of the array, or
    /// `QTTT_STATUS_BUFFER_TOO_SMALL` (writing nothing) when they do not fit.
    pub(crate) fn write(&self, values: &[T]) -> Result<(), Error> {
        if values.len() > self.capacity {
            return Err(Error(QTTT_STATUS_BUFFER_TOO_SMALL));
        }
        // SAFETY: the array holds `capacity` >= `values.len()` writable `T`s
        // (the promise of `OutSlice::new`); a Rust slice never overlaps
        // caller memory handed in through a raw pointer.
        unsafe {
            std::ptr::copy_nonoverlapping(values.as_ptr(), self.start.as_ptr(), values.len())
        };
        Ok(())
    }
}

/// Reads a value the caller passed by pointer: a copy, so no reference
/// outlives the call or aliases an output.
///
/// # Safety
/// `ptr` is NULL or points to a valid, initialised, aligned `T`.
pub(crate) unsafe fn read<T: Copy>(ptr: *const T) -> Result<T, Error> {
    let ptr = non_null(ptr.cast_mut())?;
    // SAFETY: non-NULL; valid, initialised and aligned by this function's contract.
    Ok(unsafe { ptr.read() })
}

/// The cancel flag behind a `qttt_cancel` pointer (NULL: none), lent to `f`
/// for the call only.
///
/// # Safety
/// `ptr` is NULL or points to a `qttt_cancel` that stays valid for the
/// call and that other threads change only through the library's
/// functions (atomically).
pub(crate) unsafe fn with_cancel<R>(
    ptr: *const crate::qttt_cancel,
    f: impl FnOnce(Option<&AtomicBool>) -> R,
) -> R {
    // SAFETY: `qttt_cancel` is a `repr(C)` struct whose only field is a
    // `bool` that qttt functions write as 0 or 1, so it has the size,
    // alignment and bit validity of `AtomicBool`; by this function's
    // contract it is valid for the call and only accessed atomically; the
    // reference lives only as long as `f`.
    let flag =
        (!ptr.is_null()).then(|| unsafe { AtomicBool::from_ptr(ptr.cast::<bool>().cast_mut()) });
    f(flag)
}

/// Input text, NUL-terminated within its first `size` bytes and UTF-8,
/// lent to `f` for the call only. `size` = `usize::MAX`
/// (`QTTT_NUL_TERMINATED`, defined as `SIZE_MAX` in the header) is the
/// caller vouching for the terminator alone.
///
/// # Safety
/// `text` is NULL or points to `size` readable bytes or to a
/// NUL-terminated string, unchanged during the call.
pub(crate) unsafe fn with_text<R>(
    text: *const c_char,
    size: usize,
    f: impl FnOnce(&str) -> Result<R, Error>,
) -> Result<R, Error> {
    let start = non_null(text.cast_mut())?.cast::<u8>();
    let mut len = 0;
    loop {
        if len == size {
            return Err(Error(QTTT_STATUS_MISSING_NUL));
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
    // initialised, and the caller keeps them alive and unchanged for the
    // call; the slice lives only as long as `f`.
    let bytes = unsafe { std::slice::from_raw_parts(start.as_ptr(), len) };
    f(std::str::from_utf8(bytes).map_err(|_| Error(QTTT_STATUS_INVALID_UTF8))?)
}

/// Counts (and, given room, copies) formatted bytes.
pub(crate) struct Sink<'a> {
    room: Option<&'a mut [u8]>,
    len: usize,
}

impl Sink<'_> {
    /// Writes a `Display` value. The sink itself never fails (it copies
    /// what fits and counts the rest), and qttt's `Display` impls never
    /// fail, so there is no error to report.
    pub(crate) fn display(&mut self, value: &impl fmt::Display) -> Result<(), Error> {
        let _ = fmt::Write::write_fmt(self, format_args!("{value}"));
        Ok(())
    }

    /// Writes a JSON view. serde_json fails only when the writer or a
    /// `Serialize` impl does; the sink never fails and the view holds only
    /// strings, numbers and lists, so an error can only come from a game
    /// whose bytes no qttt function wrote.
    pub(crate) fn json(&mut self, value: &qttt::View) -> Result<(), Error> {
        serde_json::to_writer(self, value).map_err(|_| Error(QTTT_STATUS_INVALID_GAME))
    }
}

impl fmt::Write for Sink<'_> {
    /// Copies what fits into the room and counts every byte: never fails.
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if let Some(room) = self.room.as_deref_mut() {
            let from = self.len.min(room.len());
            let fits = s.len().min(room.len() - from);
            room[from..from + fits].copy_from_slice(&s.as_bytes()[..fits]);
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
///
/// # Safety
/// `buf` is NULL or points to `capacity` writable bytes, and `needed` is
/// NULL or writable, neither used by anything else during the call.
pub(crate) unsafe fn write_text(
    format: impl Fn(&mut Sink<'_>) -> Result<(), Error>,
    buf: *mut c_char,
    capacity: usize,
    needed: *mut usize,
) -> Result<(), Error> {
    let buf = if capacity == 0 {
        None
    } else {
        Some(non_null(buf)?.cast::<u8>())
    };
    let mut measure = Sink { room: None, len: 0 };
    format(&mut measure)?;
    let size = measure.len + 1;
    // SAFETY: `needed` is NULL or writable (this function's contract).
    if let Some(needed) = unsafe { Out::optional(needed) } {
        needed.write(size);
    }
    let buf = match buf {
        Some(buf) if capacity >= size => buf,
        _ => return Err(Error(QTTT_STATUS_BUFFER_TOO_SMALL)),
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
