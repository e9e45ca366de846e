//! Fragments: a warp's operands and products of `mma.sync`, in registers.
//!
//! # Safety
//! A fragment's words are the registers of the lane that holds them, in PTX's fragment layout for
//! that lane ([`lane_parts`]: lane `4g + t` holds rows `g`, `g + 8` and columns `2t`, `2t + 1` of
//! each 16 × 8 accumulator tile). Fragments are made only by this module's and [`operand`](super)'s
//! loads (their fields are private), are not `Copy`, have no shuffle and are not element types, so
//! no lane reads or writes another lane's part, and a warp's registers never reach shared or
//! global memory except through its own [`WarpTile`](super::WarpTile). `mma_sync` and the loads are
//! warp-collective: each first checks that all 32 lanes run it ([`whole_warp`](super::whole_warp)).

use core::marker::PhantomData;

use super::*;

// ---------------------------------------------------------------------------- fragments

/// A warp's tile of A, 16 rows × [`K_STEP`](TileElem::K_STEP) columns (16 for BF16 and F16, 8 for
/// tf32; row-major, k across), spread over its lanes as `mma.sync` takes it: 4 words per lane.
/// Made by [`TileRef::frag_a`].
pub struct FragA<T: MmaInput> {
    pub(super) r: [u32; 4],
    pub(super) _t: PhantomData<T>,
}

/// A warp's tile of B, `K_STEP` × 8 (k down, n across, "col"), 2 words per lane. Made by
/// [`TileRef::frag_b`] or [`TileRef::frag_b2`], from either B tile.
pub struct FragB<T: MmaInput> {
    pub(super) r: [u32; 2],
    pub(super) _t: PhantomData<T>,
}

/// A warp's 16 × 8 tile of A for `mma.sync` m16n8k8 (4 values of T per lane); see [`mma_sync_k8`].
pub struct FragA8<T: Mma16> {
    pub(super) r: [u32; 2],
    pub(super) _t: PhantomData<T>,
}

/// A warp's 8 × 8 tile of B for `mma.sync` m16n8k8 (2 values of T per lane).
pub struct FragB8<T: Mma16> {
    pub(super) r: u32,
    pub(super) _t: PhantomData<T>,
}

/// A warp's 16 × 8 tile of f32 accumulators (4 per lane): the C and D of `mma.sync`.
pub struct FragC {
    pub(super) v: [f32; 4],
}

impl FragC {
    /// Applies `f` to every accumulator (the same function on every element, wherever it is).
    #[inline(always)]
    pub fn map(&mut self, f: impl Fn(f32) -> f32) {
        for v in self.v.iter_mut() {
            *v = f(*v);
        }
    }
}

/// The constructors and accessors that every accumulator kind shares: the fragment `$frag` (4
/// values of `$v` a lane, in the C layout) and the warp block `$acc<MT, NT>` of `MT × NT` of them,
/// updated by `$mma` (a doc link).
macro_rules! accumulators {
    ($frag:ident, $acc:ident, $v:ty, $zero:expr, $mma:literal) => {
        impl $frag {
            /// All zeros.
            #[inline(always)]
            pub const fn zero() -> Self {
                $frag { v: [$zero; 4] }
            }

            /// Calls `f(row, col, &mut v)` for each of the calling lane's 4 accumulators, with its
            /// row (0..16) and column (0..8) in the tile: e.g. to mask or scale by position.
            #[inline(always)]
            pub fn for_each_mut(&mut self, mut f: impl FnMut(usize, usize, &mut $v)) {
                let (g, t) = lane_parts();
                f(g, 2 * t, &mut self.v[0]);
                f(g, 2 * t + 1, &mut self.v[1]);
                f(g + 8, 2 * t, &mut self.v[2]);
                f(g + 8, 2 * t + 1, &mut self.v[3]);
            }
        }

        impl<const MT: usize, const NT: usize> $acc<MT, NT> {
            /// All zeros.
            #[inline(always)]
            pub const fn zero() -> Self {
                $acc { c: [const { [const { $frag::zero() }; NT] }; MT] }
            }

            /// Tile (`i`, `j`): rows `16i..16i + 16`, columns `8j..8j + 8` of the warp's block.
            #[inline(always)]
            pub fn frag(&self, i: usize, j: usize) -> &$frag {
                &self.c[i][j]
            }

            #[doc = concat!("Tile (`i`, `j`), to update it with [`", $mma, "`].")]
            #[inline(always)]
            pub fn frag_mut(&mut self, i: usize, j: usize) -> &mut $frag {
                &mut self.c[i][j]
            }

            /// Calls `f(row, col, &mut v)` for each of the calling lane's accumulators, with its
            /// row (`0..16·MT`) and column (`0..8·NT`) in the warp's block: to mask or scale by
            /// position.
            #[inline(always)]
            pub fn for_each_mut(&mut self, mut f: impl FnMut(usize, usize, &mut $v)) {
                const { assert!(MT * NT <= 64, "oxpack: at most 64 fragments in a warp's accumulators") };
                each!(MT * NT, |q| {
                    let (i, j) = (q / NT, q % NT);
                    self.c[i][j].for_each_mut(|r, c, v| f(16 * i + r, 8 * j + c, v));
                });
            }
        }
    };
}

pub(super) use accumulators;

accumulators!(FragC, Accum, f32, 0.0, "mma_sync");

/// The calling lane's (group, thread in group): rows `g`, `g + 8`, columns `2t`, `2t + 1`.
#[inline(always)]
pub(super) fn lane_parts() -> (usize, usize) {
    let lane = lane_id() as usize & 31;
    (lane >> 2, lane & 3)
}

/// `c ← a·b + c` for one 16 × 8 tile, `K_STEP` deep: `mma.sync.aligned.m16n8k16.row.col.f32.T.T.f32`
/// for BF16 and F16, `m16n8k8….tf32` for f32. The products (of bf16, f16 or tf32 values) are exact
/// and summed in f32. Warp-collective: all 32 lanes must call it together (it traps otherwise; in
/// emulation, `KernelBarrierError`).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn mma_sync<T: MmaInput>(a: &FragA<T>, b: &FragB<T>, c: &mut FragC) {
    whole_warp();
    crate::at!();
    mma_raw(a, b, c);
}

#[inline(always)]
pub(super) fn mma_raw<T: MmaInput>(a: &FragA<T>, b: &FragB<T>, c: &mut FragC) {
    let cp = c.v.as_mut_ptr();
    // SAFETY: `a` holds 4 words, `b` 2, `c` 4 floats, read before the 4 results are written back.
    unsafe {
        match T::KIND {
            Kind::Bf16 => rt::__oxpack_mma_m16n8k16_bf16(cp, a.r.as_ptr(), b.r.as_ptr(), cp),
            Kind::F16 => rt::__oxpack_mma_m16n8k16_f16(cp, a.r.as_ptr(), b.r.as_ptr(), cp),
            Kind::Tf32 => rt::__oxpack_mma_m16n8k8_tf32(cp, a.r.as_ptr(), b.r.as_ptr(), cp),
        }
    }
}

/// `c ← a·b + c` for one m16n8k8 tile of BF16 or F16; as [`mma_sync`], half the depth.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub fn mma_sync_k8<T: Mma16>(a: &FragA8<T>, b: &FragB8<T>, c: &mut FragC) {
    whole_warp();
    crate::at!();
    let cp = c.v.as_mut_ptr();
    // SAFETY: `a` holds 2 words, `b` 1, `c` 4 floats, read before the results are written back.
    unsafe {
        if T::KIND == Kind::Bf16 {
            rt::__oxpack_mma_m16n8k8_bf16(cp, a.r.as_ptr(), &b.r, cp);
        } else {
            rt::__oxpack_mma_m16n8k8_f16(cp, a.r.as_ptr(), &b.r, cp);
        }
    }
}
