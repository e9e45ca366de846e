// Attempt: two live references to the thread's own element.
// Expect: error[E0499]: cannot borrow value as mutable more than once at a time
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let a = out.get_mut(i);
        let b = out.get_mut(i);
        if let (Some(a), Some(b)) = (a, b) { *a = 1.0; *b = 2.0; }
    }
}
