// Attempt: read s8 B fragments from a K × N tile (`ldmatrix.trans` moves 16-bit values: the bytes would pair wrongly).
// Expect: error[E0599]: the method `frag_b` exists for struct `TileRef<'_, MmaTile<i8, 32, 16, OperandB>>`, but its trait bounds were not satisfied
use oxpack::prelude::*;

kernel! {
    pub fn k(a: &[i8], out: &mut DisjointSlice<f32>) {
        let p = cp_async_pipeline!(1, 32, ATile<i8, 16, 32>, BTile<i8, 32, 16>);
        let m = matrix(a, 32, 16).unwrap();
        p.fill(&m, (0, 0), &m, (0, 0));
        let s = p.wait();
        let _ = s.b().frag_b(0, 0);
        let _ = out;
    }
}
