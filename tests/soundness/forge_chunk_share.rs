// Attempt: a 16-byte chunk share built from its fields, to write a neighbour's chunk.
// Expect: error[E0451]: fields `run`, `chunks` and `_out` of struct `ChunkShare` are private
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let _ = (i, out);
        let s: oxpack::strided::ChunkShare<'static, f32, oxpack::strided::ByGrid> =
            oxpack::strided::ChunkShare { run: todo!(), chunks: 1, _out: core::marker::PhantomData };
        let _ = s;
    }
}
