//! Progress on standard error for long work: an indicatif spinner or bar
//! while standard error is a terminal, nothing at all otherwise (in pipes,
//! logs and tests).

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// Whether progress is shown: only to a person at a terminal.
fn shown() -> bool {
    std::io::stderr().is_terminal()
}

/// Runs `work` under a spinner that names it and counts the seconds.
pub fn with_progress<T>(label: &str, work: impl FnOnce() -> T) -> T {
    if !shown() {
        return work();
    }
    let spinner = ProgressBar::new_spinner().with_message(label.to_owned());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
        spinner.set_style(style);
    }
    spinner.enable_steady_tick(Duration::from_millis(100));
    let result = work();
    spinner.finish_and_clear();
    result
}

/// A bar over `steps` steps of long work (hidden off a terminal); call
/// `inc(1)` after each, print through `suspend`, and `finish_and_clear`.
pub fn bar(steps: u64, label: &str) -> ProgressBar {
    if !shown() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(steps).with_message(label.to_owned());
    if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ({elapsed})") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(100));
    bar
}

/// A count of positions done, against `total` when it is known (a bar),
/// else a spinner with the count (hidden off a terminal); set the count
/// with `set_position`, end with `finish_and_clear`.
pub fn counter(total: Option<u64>, label: &str) -> ProgressBar {
    if !shown() {
        return ProgressBar::hidden();
    }
    let (bar, template) = match total {
        Some(total) => (
            ProgressBar::new(total),
            "{msg} [{bar:30}] {human_pos}/{human_len} positions ({elapsed}, {eta} left)",
        ),
        None => (
            ProgressBar::new_spinner(),
            "{spinner} {msg}: {human_pos} positions ({elapsed})",
        ),
    };
    let bar = bar.with_message(label.to_owned());
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(100));
    bar
}
