// Attempt: grid-stride ownership with a stride chosen by the kernel (a stride below the thread count gives elements two owners).
// Expect: error[E0061]: this method takes 1 argument but 2 arguments were supplied
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32, GridStride>) {
        if let Some(s) = out.grid_stride(i, 7) { for (_, o) in s.iter_mut() { *o = 1.0; } }
    }
}
