//! `apply`, `legal_actions`, the outcome check and the classical ensemble
//! (its count and its list) never allocate: a global
//! allocator counts allocations on this thread while random games run.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use qttt::Game;
use qttt::random::SplitMix64;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards every call to the system allocator unchanged; the
// counter is a const-initialised thread-local, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn playing_listing_and_checking_the_outcome_do_not_allocate() {
    let mut rng = SplitMix64::new(99);
    let mut outcomes = 0;
    let mut positions = 0;
    let before = allocations();
    for _ in 0..2_000 {
        let mut game = Game::new();
        loop {
            positions += 1;
            let legal = game.legal_actions();
            if game.outcome().is_some() {
                outcomes += 1;
                break;
            }
            let action = legal[rng.below(legal.len() as u32) as usize];
            game = game.apply(action).expect("a legal action");
            let _ = game.phase();
            let _ = game.is_legal(action);
            let _ = (game.ensemble_count(), game.ensemble());
        }
        let _ = game.undo();
        let _ = game.canonical_key();
    }
    assert_eq!(allocations() - before, 0);
    assert_eq!(outcomes, 2_000);
    assert!(positions > 20_000);
    // The counter does see allocations.
    let v = std::hint::black_box(vec![1u8; 10]);
    assert_eq!(allocations() - before, 1);
    drop(v);
}
