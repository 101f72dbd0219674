//! A read-only view of a whole file, memory-mapped where the platform can
//! (`memmap2` on Unix and Windows), read into memory elsewhere.
//!
//! The core crate `qttt` forbids `unsafe` code; mapping a file takes one
//! `unsafe` call (the map is only sound while nobody changes the file), so
//! that call lives here, alone, for the tablebase
//! ([`qttt::analysis::Tablebase`]), whose `open` reads the file instead.
//! The command-line program, the C library and the Python module open
//! tables through [`open_tablebase`].
//!
//! ```no_run
//! use qttt::analysis::Scoring;
//! let table = qttt_mmap::open_tablebase("qttt.tb")?; // mapped, then checked
//! let value = table.value(&qttt::Game::new(), Scoring::SingleResult);
//! # Ok::<(), qttt::analysis::TablebaseError>(())
//! ```

#![deny(unsafe_code)]

use std::fs::File;
use std::io;
use std::path::Path;

use qttt::analysis::{Tablebase, TablebaseError};

/// Opens the tablebase in the file at `path` memory-mapped (where the
/// platform maps files), checked as [`Tablebase::from_bytes`] checks
/// bytes: the whole file is read once at open. The file must not be
/// changed while the table lives (see [`Bytes::open`]).
///
/// # Errors
///
/// [`TablebaseError::Io`] when the file cannot be opened or mapped, else
/// the damage found.
pub fn open_tablebase(path: impl AsRef<Path>) -> Result<Tablebase, TablebaseError> {
    Tablebase::from_storage(Bytes::open(path.as_ref())?)
}

/// A file's bytes: mapped, or read when the platform cannot map (or the
/// file is empty, which cannot be mapped).
pub struct Bytes(Inner);

enum Inner {
    #[cfg(any(unix, windows))]
    Mapped(memmap2::Mmap),
    Read(Vec<u8>),
}

impl Bytes {
    /// The bytes of the file at `path`, read-only.
    ///
    /// The file must not be changed or truncated while the result lives:
    /// a map shows another process's writes (a reader then sees other
    /// bytes than were checked) and a truncated mapped file ends the
    /// process with a bus error. Replace such files by renaming a new one
    /// into place, never by writing into them.
    ///
    /// # Errors
    ///
    /// The error of opening, measuring, mapping or reading the file.
    pub fn open(path: &Path) -> io::Result<Bytes> {
        let file = File::open(path)?;
        if file.metadata()?.len() == 0 {
            return Ok(Bytes(Inner::Read(Vec::new())));
        }
        Bytes::map(&file)
    }

    #[cfg(any(unix, windows))]
    #[allow(unsafe_code)]
    fn map(file: &File) -> io::Result<Bytes> {
        // SAFETY: memmap2's contract is that the file is not modified or
        // truncated while mapped; `open` documents that its caller keeps it
        // so (tablebase files are written once, then renamed into place).
        // The map is read-only, so nothing here writes through it.
        let map = unsafe { memmap2::Mmap::map(file)? };
        Ok(Bytes(Inner::Mapped(map)))
    }

    #[cfg(not(any(unix, windows)))]
    fn map(file: &File) -> io::Result<Bytes> {
        use std::io::Read;
        let mut bytes = Vec::new();
        (&*file).read_to_end(&mut bytes)?;
        Ok(Bytes(Inner::Read(bytes)))
    }

    /// Whether the bytes are a memory map (false: read into memory).
    #[must_use]
    pub fn is_mapped(&self) -> bool {
        match &self.0 {
            #[cfg(any(unix, windows))]
            Inner::Mapped(_) => true,
            Inner::Read(_) => false,
        }
    }
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        match &self.0 {
            #[cfg(any(unix, windows))]
            Inner::Mapped(map) => map,
            Inner::Read(bytes) => bytes,
        }
    }
}

impl core::fmt::Debug for Bytes {
    /// The length and kind, not the contents.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Bytes")
            .field("len", &self.as_ref().len())
            .field("mapped", &self.is_mapped())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_back_as_written() {
        let path = std::env::temp_dir().join(format!("qttt-mmap-{}", std::process::id()));
        std::fs::write(&path, b"quantum").unwrap();
        let bytes = Bytes::open(&path).unwrap();
        assert_eq!(bytes.as_ref(), b"quantum");
        assert!(bytes.is_mapped() == cfg!(any(unix, windows)));
        drop(bytes);
        std::fs::write(&path, b"").unwrap();
        assert_eq!(Bytes::open(&path).unwrap().as_ref(), b"");
        std::fs::remove_file(&path).unwrap();
        assert!(Bytes::open(&path).is_err());
        assert!(matches!(open_tablebase(&path), Err(TablebaseError::Io(_))));
    }

    #[test]
    fn a_mapped_table_answers_as_the_one_written() {
        let root = qttt::Game::from_record("58 47 67 59").unwrap();
        let table = Tablebase::build_from(&[root]);
        let path = std::env::temp_dir().join(format!("qttt-mmap-tb-{}", std::process::id()));
        table.write(&path).unwrap();
        let mapped = open_tablebase(&path).unwrap();
        assert_eq!(mapped.to_bytes(), table.to_bytes());
        let scoring = qttt::analysis::Scoring::GoffPoints;
        assert_eq!(mapped.value(&root, scoring), table.value(&root, scoring));
        drop(mapped);
        std::fs::write(&path, b"QTTT-TB\n").unwrap();
        assert!(matches!(
            open_tablebase(&path),
            Err(TablebaseError::Truncated { .. })
        ));
        std::fs::remove_file(&path).unwrap();
    }
}
