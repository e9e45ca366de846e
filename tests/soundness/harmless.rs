//! Attempts that compile, each harmless; tests/test_soundness.py shows why from the PTX.
//! `plain` is the reference: the thread writes its own element.
use oxpack::prelude::*;

fn put<T: Copy>(o: &mut DisjointSlice<f32>, i: ThreadIndex, v: f32, _tag: T) {
    if let Some(e) = o.get_mut(i) {
        *e = v;
    }
}

macro_rules! write_own {
    ($out:ident, $i:expr, $v:expr) => {
        if let Some(e) = $out.get_mut($i) {
            *e = $v;
        }
    };
}

kernel! {
    /// The reference: thread i writes x[i] + 1 to out[i].
    pub fn plain(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        if let Some(e) = out.get_mut(i) {
            *e = x[i.get()] + 1.0;
        }
    }

    /// Attempt: copy the witness into an array and pick one per thread. Every copy is the
    /// thread's own index, so the PTX is `plain`'s.
    #[coarsen(1)] // the PTX checks read a plain entry: one index per thread
    pub fn witness_in_array(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        let copies = [i, i, i];
        let pick = copies[(x.len() + i.get()) % 3];
        if let Some(e) = out.get_mut(pick) {
            *e = x[i.get()] + 1.0;
        }
    }

    /// Attempt: keep the witness in a closure and call it later. Still the thread's own.
    pub fn witness_in_closure(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        let mine = move || i;
        if let Some(e) = out.get_mut(mine()) {
            *e = x[i.get()] + 1.0;
        }
    }

    /// Attempt: shadow the witness and swap two copies with `mem::swap`/`mem::replace`.
    /// Both copies name the calling thread.
    pub fn witness_swapped(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        let (mut a, mut b) = (i, i);
        if x.len() > 7 {
            core::mem::swap(&mut a, &mut b);
        }
        let i = core::mem::replace(&mut a, b);
        if let Some(e) = out.get_mut(i) {
            *e = x[i.get()] + 1.0;
        }
    }

    /// Attempt: a generic helper and a macro that write through the witness they get.
    pub fn helper_and_macro(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        put(out, i, 0.0, 1u8);
        write_own!(out, i, x[i.get()] + 1.0);
    }

    /// Attempt: a loop that reuses the witness: the same element each time, so one
    /// thread, one element (the PTX stores once).
    #[coarsen(1)] // the PTX checks read a plain entry: one index per thread
    pub fn loop_reusing_witness(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        for k in 0..4 {
            if let Some(e) = out.get_mut(i) {
                *e = x[i.get()] + k as f32;
            }
        }
    }

    /// Attempt: swap two `Rows` outputs of different widths in some threads only. The
    /// width travels with its buffer, so every thread still maps (x, y) to y·width + x of
    /// whichever buffer it writes, with that buffer's width: no element gets two writers
    /// (and the stub refuses two outputs that alias).
    pub fn swap_outputs_per_thread(
        ij: ThreadIndex2, wa: u32, wb: u32,
        a: &mut DisjointSlice<f32, Rows> = (wa), b: &mut DisjointSlice<f32, Rows> = (wb),
    ) {
        if ij.y() == 0 {
            core::mem::swap(a, b); // the outputs themselves: buffer, length and width
        }
        if let Some(e) = a.get_mut_2d(ij) {
            *e = 1.0;
        }
        if let Some(e) = b.get_mut_2d(ij) {
            *e = 2.0;
        }
    }

    /// Attempt: per-thread branches around a `Rows` write. Both arms use the output's one
    /// width, bound at launch: the width is a kernel parameter in the PTX, never a value
    /// computed in the body.
    pub fn divergent_rows(ij: ThreadIndex2, w: u32, out: &mut DisjointSlice<f32, Rows> = (w)) {
        let v = if ij.y() == 0 { out.get_mut_2d(ij) } else { out.get_mut_2d(ij) };
        if let Some(e) = v {
            *e = ij.y() as f32;
        }
    }

    /// Attempt: select between two `Uniform` values per thread. The result is no longer
    /// uniform, but a `Uniform` decides no output mapping any more (shapes live in the
    /// output's type), so this can only change a loop bound (a barrier inside such a loop
    /// is the author's duty, as in CUDA).
    pub fn uniform_selected_per_thread(
        i: ThreadIndex, a: Uniform<u32>, b: Uniform<u32>, out: &mut DisjointSlice<f32>,
    ) {
        let n = if thread_idx().x == 0 { a } else { b };
        let mut s = 0.0;
        for k in 0..n.get() {
            s += k as f32;
        }
        if let Some(e) = out.get_mut(i) {
            *e = s;
        }
    }

    /// Attempt: read past an input's end. The bounds check traps instead.
    pub fn read_past_the_end(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        if let Some(e) = out.get_mut(i) {
            *e = x[i.get() + 1000];
        }
    }

    /// Attempt: read a shared array past its end. The bounds check traps instead.
    pub fn shared_past_the_end(i: ThreadIndex, out: &mut DisjointSlice<f32>) {
        let mut s = shared_array!(f32, 32);
        s.write(thread_slot(), 1.0);
        let r = s.sync();
        if let Some(e) = out.get_mut(i) {
            *e = r.get(thread_idx().x as usize + 32);
        }
    }

    /// Attempt: write a shared slot past the array's end (a 64-thread block, 32 slots).
    /// `write` refuses it (returns false): the PTX stores only under the bound.
    pub fn shared_write_past_the_end(i: ThreadIndex, out: &mut DisjointSlice<u32>) {
        let mut s = shared_array!(u32, 32);
        let wrote = s.write(thread_slot(), 1);
        if let Some(e) = out.get_mut(i) {
            *e = wrote as u32;
        }
    }

    /// Attempt: one width for two outputs. Each output binds its own copy of the launch's
    /// width; both are the same in every thread.
    pub fn one_width_two_outputs(
        ij: ThreadIndex2, w: u32, a: &mut DisjointSlice<f32, Rows> = (w), b: &mut DisjointSlice<f32, Rows> = (w),
    ) {
        if let (Some(p), Some(q)) = (a.get_mut_2d(ij), b.get_mut_2d(ij)) {
            *p = 1.0;
            *q = 2.0;
        }
    }

    /// Attempt: a `Vec4` output whose length is not a multiple of 4. The last thread's
    /// handle covers the remaining lanes only (`lanes()`), so nothing is written past the end.
    #[coarsen(1)] // the PTX checks read a plain entry: one index per thread
    pub fn vec4_tail(i: ThreadIndex, out: &mut DisjointSlice<f32, Vec4>) {
        if let Some(mut v) = out.get_mut_vec4(i) {
            v.set(F32x4([1.0; 4]));
        }
    }

    /// Attempt: a transposed tile reached with `index_2d()` in a 3-D launch, where blocks
    /// that differ in z alone would map to the same elements. `transposed_tile` returns
    /// `None` unless gridDim.z is 1 (the PTX tests %nctaid.z).
    pub fn transposed_tile_in_3d(
        ijk: ThreadIndex3, w: u32, h: u32, out: &mut DisjointSlice<f32, TransposedTiles<32, 8>> = (h, w),
    ) {
        let _ = ijk;
        if let Some(mut dst) = out.transposed_tile(index_2d()) {
            for k in 0..4 {
                if let Some(e) = dst.get_mut(k) {
                    *e = 1.0;
                }
            }
        }
    }
}
