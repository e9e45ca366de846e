// Attempt: a witness kept in a static cell, for another thread to use.
// Expect: error[E0277]: `Cell<Option<oxpack::ThreadIndex>>` cannot be shared between threads safely
use oxpack::prelude::*;

static LAST: core::cell::Cell<Option<ThreadIndex>> = core::cell::Cell::new(None);

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        LAST.set(Some(i));
    }
}
