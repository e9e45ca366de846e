// Attempt: a 16-bit k = 8 fragment cut from a tf32 tile (it would hold two halves of one f32).
// Expect: error[E0599]: the method `frag_a8` exists for struct `TileRef<'_, MmaTile<f32, 16, 8, OperandA>>`, but its trait bounds were not satisfied
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[f32], out: &mut DisjointSlice<f32>) {
        let pipe = cp_async_pipeline!(1, 32, ATile<f32, 16, 8>, BtTile<f32, 16, 8>);
        let m = matrix(a, 8, 16).unwrap();
        pipe.fill(&m, (0, 0), &m, (0, 0));
        let s = pipe.wait();
        let _ = (s.a().frag_a8(0, 0), out);
    }
}
