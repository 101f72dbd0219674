//! `qttt.dataset` and `qttt.write_dataset` (python/qttt/_dataset.py) rest on
//! `_Dataset`: positions drawn uniformly at random, labelled by the three
//! solvers, as the JSON lines `qttt dataset` writes.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use pyo3::prelude::*;

use qttt::analysis::{Dataset, LAST_PLY, PositionSampler};

use crate::TablebaseError;

/// An iterator of `positions` JSON lines, exactly those of
/// `qttt dataset --positions N --seed S [--ply P] [--table FILE]`.
#[pyclass(module = "qttt")]
pub struct _Dataset {
    data: Arc<Mutex<Dataset>>,
    left: u64,
}

#[pymethods]
impl _Dataset {
    #[new]
    #[pyo3(signature = (positions, seed = 0, ply = None, table = None))]
    fn new(
        py: Python<'_>,
        positions: u64,
        seed: u64,
        ply: Option<usize>,
        table: Option<PathBuf>,
    ) -> PyResult<_Dataset> {
        let sampler = match ply {
            None => PositionSampler::new(seed),
            Some(ply) => PositionSampler::at_ply(seed, ply).ok_or_else(|| {
                crate::convert::out_of_range(format!(
                    "ply {ply}: positions occur at plies 0 to {LAST_PLY}"
                ))
            })?,
        };
        let mut data = Dataset::new(sampler);
        if let Some(path) = table {
            let table = py
                .detach(|| qttt_mmap::open_tablebase(&path))
                .map_err(|e| TablebaseError::new_err(format!("{}: {e}", path.display())))?;
            data = data.tablebase(Arc::new(table));
        }
        Ok(_Dataset {
            data: Arc::new(Mutex::new(data)),
            left: positions,
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next line, labelled without the interpreter lock.
    fn __next__(&mut self, py: Python<'_>) -> Option<String> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let data = Arc::clone(&self.data);
        Some(py.detach(move || {
            let mut data = data.lock().unwrap_or_else(PoisonError::into_inner);
            let labelled = data.next().expect("the data set is endless");
            serde_json::to_string(&labelled).expect("a labelled position serialises")
        }))
    }
}
