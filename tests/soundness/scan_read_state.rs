// Attempt: read (and reset) a scan's state words directly, behind the look-back's back.
// Expect: error[E0608]: cannot index into a value of type `oxpack::scan::ScanState`
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, state: ScanState, out: &mut DisjointSlice<u64>) {
        if let Some(o) = out.get_mut(i) { *o = state[0].load(); state[0].store(0); }
    }
}
