// Attempt: tf32 B fragments from a k × n tile (ldmatrix.trans would swap the halves of each f32).
// Expect: error[E0599]: the method `frag_b2` exists for struct `TileRef<'_, MmaTile<f32, 8, 16, OperandB>>`, but its trait bounds were not satisfied
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[f32], out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(1, 32, ATile<f32, 16, 8>, BTile<f32, 8, 16>);
        let m = matrix(a, 16, 16).unwrap();
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let s = pipe.wait();
        let _ = (s.b().frag_b2(0, 0), out);
    }
}
