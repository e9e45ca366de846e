use oxpack::prelude::*;

kernel! {
    /// out ← x + y, one thread per element of `out`.
    pub fn vadd(i: ThreadIndex, x: &[f32], y: &[f32], out: &mut DisjointSlice<f32>)
    where (len(x) >= len(out), len(y) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()] + y[i.get()];
        }
    }
}
