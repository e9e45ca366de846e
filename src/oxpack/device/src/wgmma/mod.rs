//! `wgmma`: warpgroup matrix multiply-accumulate on sm_90a, both operands read from block-shared
//! memory through 64-bit matrix descriptors, the f32 accumulators in the warpgroup's registers.
//!
//! A *warpgroup* is 4 consecutive warps (128 threads) starting at a warp index divisible by 4.
//!
//! | type | what it is |
//! | --- | --- |
//! | [`WgmmaInput`] | the element types a pipeline multiplies: [`BF16`], `f32` (as tf32), [`E4M3`] and [`E5M2`] (FP8, promoted to f32 every stage) |
//! | [`WgmmaPair`] | the pairs of A's and B's types one `wgmma` multiplies: each type with itself, and E5M2 × E4M3, E4M3 × E5M2 (a gradient times a weight) |
//! | [`WgAccum<N>`] | a warpgroup's 64 × N f32 accumulators (N = 64, 128, 256), in registers |
//! | [`WgTiles<BM, BN>`] | the output layout: consumer warpgroup `c` of block `b` owns rows `64c..64c + 64` of block tile `b` ([`WgTile`]; staged through shared memory by `stmatrix` with [`WgStaging`]) |
//!
//! The operands come from a [`TmaPipeline`](crate::mbarrier::TmaPipeline)'s stages
//! ([`mbarrier`](crate::mbarrier)), filled from [`tma`](crate::tma) sources.
//!
//! # Safety
//! - **Descriptors** are the library's: [`WgAccum::mma`] builds them for a stage it holds (K-major,
//!   128-byte swizzle, the layout the TMA wrote), so a `wgmma` reads exactly the stage's tiles.
//! - **In flight**: [`WgAccum::mma`] issues the stage's four k16 `wgmma`s, commits them and waits
//!   for them before it returns, so no `wgmma` still reads a stage when its view ends, and no
//!   accumulator register is read while one is in flight.
//! - **Whole warpgroups.** `wgmma` and `setmaxnreg` are executed by the 128 threads of a
//!   warpgroup together. [`WgAccum::mma`] checks each warp (`activemask`: it traps when called
//!   from divergent code); that all 4 warps of the warpgroup call it is the kernel's structure
//!   (every consumer thread runs the same loop of `steps` waits), which the roles' counts check.
//! - **Registers**: a [`WgAccum`] is not `Copy` and its registers are private: a thread reads only
//!   its own accumulators, by position ([`WgTile::store_with`]).
//!
//! Needs sm_90a; the runtime functions behind it are named `__oxpack_sm90a_*`.

use crate::fp8::{E4M3, E5M2};
use crate::half::BF16;
use crate::intrinsics::sm90a as rt;
use crate::sealed::Sealed;
use crate::tma::TmaElem;

crate::fail_fn!(pub(crate));

/// Traps unless all 32 lanes of the calling warp are active: a `wgmma` is executed by whole
/// warps (the 4 of a warpgroup) together.
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub(crate) fn whole_warp() {
    if rt::__oxpack_activemask() != u32::MAX {
        fail("wgmma ran without all 32 lanes of a warp: call it from code that every thread of the warpgroup executes");
    }
}

/// The calling thread's (warp, g, t) in its warpgroup: rows `16w + g (+ 8)`, columns `2t (+1)`
/// of each 8-column group of the accumulator layout.
#[inline(always)]
pub(crate) fn wg_lane() -> (usize, usize, usize) {
    let t = crate::block_thread_linear() % WG_THREADS;
    (t / 32, (t % 32) / 4, t % 4)
}

/// `each!(N, |i| { … })`: the block for `i = 0 .. N` (N a constant) as straight-line code for
/// `i < 128`, so register arrays indexed by `i` stay in registers; any `i ≥ 128` in a plain loop
/// (`crate::unroll::copies!`, as `mma/`'s `each!` with 128 copies). The sm_90a modules'
/// one copy (`mbarrier.rs` and `attn_pipeline.rs` import it).
macro_rules! each {
    ($n:expr, |$i:ident| $body:block) => {
        crate::unroll::copies!($n, $i, $body, 128,
              0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
              32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
              64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95
              96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119
              120 121 122 123 124 125 126 127)
    };
}
pub(crate) use each;

/// The element types a [`TmaPipeline`] multiplies with `wgmma`, its last parameter `E`: [`BF16`]
/// (the default: `m64nNk16.f32.bf16.bf16`), `f32`, read as tf32 (`m64nNk8.f32.tf32.tf32`: the
/// tensor cores use each value's sign, exponent and top 10 mantissa bits), and the FP8 types
/// [`E4M3`] and [`E5M2`] (`m64nNk32.f32.e4m3.e4m3`, `.e5m2.e5m2`). A stage row is 128 bytes
/// whatever the type: [`STAGE_K`](TmaPipeline::STAGE_K) = 64 bf16, 32 f32 or 128 FP8 values of k.
///
/// **FP8 accumulates with promotion.** The H100's FP8 `wgmma` adds its products into the
/// accumulators with fewer bits than f32 (DeepGEMM measured about 14), so long sums drift.
/// The pipeline therefore multiplies each FP8 stage (128 of k: four k32 `wgmma`s) into a
/// second, fresh accumulator (scale-d 0 on the first) and adds that into the caller's f32
/// accumulators once the stage's `wgmma`s are complete: the tensor cores' reduced-precision sum
/// spans 128 products at most, every longer sum is f32 (DeepGEMM's "promotion", at its interval
/// of 4 × 32 of k). It costs N / 2 more registers per thread (a 64 × 128 accumulator: 64 + 64),
/// which is why FP8 pipelines use BN = 128. The promotion is also where block scales apply
/// (DeepGEMM's 1 × 128 and 128 × 128): `Consumer::multiply_steps_scaled` multiplies each stage's
/// product by a factor per stage and row before adding it. Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a wgmma input type here: a `TmaPipeline` multiplies BF16, f32 (as tf32), E4M3 or E5M2",
    label = "not BF16, f32, E4M3 or E5M2",
    note = "e.g. `TmaPipeline<4, 128, 256>` (bf16), `TmaPipeline<4, 128, 256, f32>` (tf32) or `TmaPipeline<6, 128, 128, E4M3>` (fp8)"
)]
pub trait WgmmaInput: TmaElem {
    #[doc(hidden)]
    const KIND: WgKind;
}
impl WgmmaInput for BF16 {
    const KIND: WgKind = WgKind::Bf16;
}
impl WgmmaInput for f32 {
    const KIND: WgKind = WgKind::Tf32;
}
impl WgmmaInput for E4M3 {
    const KIND: WgKind = WgKind::E4m3;
}
impl WgmmaInput for E5M2 {
    const KIND: WgKind = WgKind::E5m2;
}

/// The FP8 [`WgmmaInput`]s, [`E4M3`] and [`E5M2`]: the element types whose stages are promoted, and
/// so the ones whose promotion can scale each stage
/// ([`Consumer::multiply_steps_scaled`](crate::mbarrier::Consumer::multiply_steps_scaled): block
/// scales). Sealed (`WgmmaInput` is).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an FP8 input: only FP8 stages (E4M3, E5M2) are promoted, and so scaled one by one",
    label = "not E4M3 or E5M2",
    note = "a BF16 or tf32 pipeline sums in f32 as it goes: scale its result in the epilogue (`store_with`)"
)]
pub trait Fp8Input: WgmmaInput {}
impl Fp8Input for E4M3 {}
impl Fp8Input for E5M2 {}

/// The element types of A (`Self`) and B (`B`) that one `wgmma` multiplies, for a pipeline
/// `TmaPipeline<S, BM, BN, A, B>` (B defaults to A): every [`WgmmaInput`] with itself, and the two
/// FP8 types with each other, `E5M2 × E4M3` and `E4M3 × E5M2` (`m64nNk32.f32.e5m2.e4m3`,
/// `.e4m3.e5m2`: PTX takes A's and B's FP8 type independently). Training's gradient GEMMs are
/// these: an E5M2 gradient times an E4M3 weight or activation (torch's `_scaled_mm` takes either
/// order). Nothing else mixes: the tensor cores multiply bf16 only by bf16 and tf32 only by tf32,
/// so `TmaPipeline<_, _, _, BF16, E4M3>` is a type error, as its `wgmma` would be refused. A mixed
/// pipeline is FP8 and promoted like the others ([`WgmmaInput`]). Sealed.
#[diagnostic::on_unimplemented(
    message = "`wgmma` does not multiply `{Self}` (A) by `{B}` (B): the operands' types are the same, or both FP8 (E4M3, E5M2)",
    label = "not a wgmma pair",
    note = "e.g. `TmaPipeline<6, 128, 128, E4M3>` (both E4M3) or `TmaPipeline<6, 128, 128, E5M2, E4M3>` (an E5M2 gradient times E4M3)"
)]
pub trait WgmmaPair<B: WgmmaInput>: WgmmaInput {
    #[doc(hidden)]
    const PAIR: WgKind;
}
impl<T: WgmmaInput> WgmmaPair<T> for T {
    const PAIR: WgKind = T::KIND;
}
impl WgmmaPair<E4M3> for E5M2 {
    const PAIR: WgKind = WgKind::E5m2E4m3;
}
impl WgmmaPair<E5M2> for E4M3 {
    const PAIR: WgKind = WgKind::E4m3E5m2;
}

/// Which `wgmma` a [`WgmmaInput`] issues.
#[doc(hidden)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum WgKind {
    Bf16,
    Tf32,
    E4m3,
    E5m2,
    /// A in E5M2, B in E4M3.
    E5m2E4m3,
    /// A in E4M3, B in E5M2.
    E4m3E5m2,
}

impl WgKind {
    /// FP8 inputs: their stages are promoted (see [`WgmmaInput`]).
    #[inline(always)]
    pub(crate) const fn fp8(self) -> bool {
        matches!(self, WgKind::E4m3 | WgKind::E5m2 | WgKind::E5m2E4m3 | WgKind::E4m3E5m2)
    }
}

/// Rows of A per consumer warpgroup (`wgmma`'s M).
pub(crate) const WG_ROWS: usize = 64;
/// Threads per warpgroup.
pub(crate) const WG_THREADS: usize = 128;

/// The `wgmma` descriptor of a K-major, 128-byte-swizzled operand starting at shared address
/// `addr`: start address >> 4 (bits 0-13), leading offset 1 (unused by this layout), stride 1024
/// bytes between 8-row groups (bits 32-45), swizzle mode 1 = 128 bytes (bits 62-63).
#[inline(always)]
pub(crate) fn descriptor(addr: u32) -> u64 {
    ((addr as u64 >> 4) & 0x3fff) | (1u64 << 16) | ((1024u64 >> 4) << 32) | (1u64 << 62)
}

/// Issues (and commits as one group) the four `wgmma`s of a stage (k16 of bf16, k8 of tf32, k32 of
/// FP8: 32 bytes of each row each) into the N / 2 accumulators at `d`: the 64 rows of A (of type
/// `A`) at `a`, the N rows of B (of type `B`) at `b` (shared tiles). For FP8 the first writes `d` afresh (scale-d 0: the old
/// values are ignored), the others add to it: `d` then holds the stage's product alone, for the
/// caller to promote ([`WgmmaInput`]); the other types add to `d`.
///
/// # Safety
/// `d` holds N / 2 floats that nothing reads or writes until a `wait_group` covers this group;
/// `a` and `b` are full 128-byte-swizzled tiles of the pipeline (1024-aligned, 64 and N rows),
/// not refilled until then.
#[inline(always)]
pub(crate) unsafe fn issue<const N: usize, A: WgmmaPair<B>, B: WgmmaInput>(d: *mut f32, a: *mut u8, b: *mut u8)
where
    WgCols<N>: WgWidth,
{
    // SAFETY: the tiles' shared addresses.
    let (a, b) = unsafe { (rt::__oxpack_sm90a_smem(a), rt::__oxpack_sm90a_smem(b)) };
    rt::__oxpack_sm90a_wgmma_fence();
    each!(4, |kk| {
        // step kk (32 bytes) further along each 128-byte row (the swizzle applies to the address
        // bits, so the start moves by 32 bytes inside the atom)
        let (da, db) = (descriptor(a + 32 * kk as u32), descriptor(b + 32 * kk as u32));
        let scale = (kk != 0) as i32; // FP8: the stage's first k32 starts the sum afresh
        // SAFETY: the caller's.
        unsafe {
            match <A as WgmmaPair<B>>::PAIR {
                WgKind::Bf16 => <WgCols<N> as WgWidth>::wgmma(d, da, db),
                WgKind::Tf32 => <WgCols<N> as WgWidth>::wgmma_tf32(d, da, db),
                WgKind::E4m3 => <WgCols<N> as WgWidth>::wgmma_e4m3(d, da, db, scale),
                WgKind::E5m2 => <WgCols<N> as WgWidth>::wgmma_e5m2(d, da, db, scale),
                WgKind::E5m2E4m3 => <WgCols<N> as WgWidth>::wgmma_e5m2_e4m3(d, da, db, scale),
                WgKind::E4m3E5m2 => <WgCols<N> as WgWidth>::wgmma_e4m3_e5m2(d, da, db, scale),
            }
        };
    });
    rt::__oxpack_sm90a_wgmma_commit();
}

// ---------------------------------------------------------------------------- accumulators

/// A `wgmma` width, for [`WgAccum`]: `WgCols<64>`, `WgCols<128>`, `WgCols<256>`. Sealed.
pub struct WgCols<const N: usize>;

/// The `wgmma` widths N (64, 128, 256) and their accumulator registers (N / 2 per thread).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a wgmma width here: a warpgroup's accumulator is 64 × 64, 64 × 128 or 64 × 256",
    label = "not N = 64, 128 or 256",
    note = "use `WgAccum<BN>` with BN the pipeline's B tile rows (64, 128 or 256)"
)]
pub trait WgWidth: Sealed {
    #[doc(hidden)]
    type Regs;
    #[doc(hidden)]
    const ZERO: Self::Regs;
    #[doc(hidden)]
    unsafe fn wgmma(d: *mut f32, da: u64, db: u64);
    #[doc(hidden)]
    unsafe fn wgmma_tf32(d: *mut f32, da: u64, db: u64);
    #[doc(hidden)]
    unsafe fn wgmma_e4m3(d: *mut f32, da: u64, db: u64, scale: i32);
    #[doc(hidden)]
    unsafe fn wgmma_e5m2(d: *mut f32, da: u64, db: u64, scale: i32);
    #[doc(hidden)]
    unsafe fn wgmma_e5m2_e4m3(d: *mut f32, da: u64, db: u64, scale: i32);
    #[doc(hidden)]
    unsafe fn wgmma_e4m3_e5m2(d: *mut f32, da: u64, db: u64, scale: i32);
    /// `wgmma.wait_group 0` with the N / 2 accumulators at `d` passed through it, so that no
    /// read of them is moved above the wait (ptxas would serialize the wgmmas: C7514).
    #[doc(hidden)]
    unsafe fn wait0(d: *mut f32);
}
impl<const N: usize> Sealed for WgCols<N> {}
/// The `WgWidth` of `WgCols<$n>`: `$n / 2` accumulators per thread, the bf16, tf32 and FP8
/// `wgmma`s of that width (FP8: e4m3 and e5m2 alike, then the mixed e5m2 × e4m3 and e4m3 × e5m2) and the `wait_group 0` that passes `$n / 2` registers through.
macro_rules! wg_width {
    ($n:literal, $bf16:ident, $tf32:ident, $e4m3:ident, $e5m2:ident, $e5m2_e4m3:ident, $e4m3_e5m2:ident,
     $wait0:ident) => {
        impl WgWidth for WgCols<$n> {
            type Regs = [f32; $n / 2];
            const ZERO: [f32; $n / 2] = [0.0; $n / 2];
            #[inline(always)]
            unsafe fn wgmma(d: *mut f32, da: u64, db: u64) {
                // SAFETY: the caller's: `d` holds N / 2 floats.
                unsafe { rt::$bf16(d, da, db) }
            }
            #[inline(always)]
            unsafe fn wgmma_tf32(d: *mut f32, da: u64, db: u64) {
                // SAFETY: as above.
                unsafe { rt::$tf32(d, da, db) }
            }
            #[inline(always)]
            unsafe fn wgmma_e4m3(d: *mut f32, da: u64, db: u64, scale: i32) {
                // SAFETY: as above.
                unsafe { rt::$e4m3(d, da, db, scale) }
            }
            #[inline(always)]
            unsafe fn wgmma_e5m2(d: *mut f32, da: u64, db: u64, scale: i32) {
                // SAFETY: as above.
                unsafe { rt::$e5m2(d, da, db, scale) }
            }
            #[inline(always)]
            unsafe fn wgmma_e5m2_e4m3(d: *mut f32, da: u64, db: u64, scale: i32) {
                // SAFETY: as above.
                unsafe { rt::$e5m2_e4m3(d, da, db, scale) }
            }
            #[inline(always)]
            unsafe fn wgmma_e4m3_e5m2(d: *mut f32, da: u64, db: u64, scale: i32) {
                // SAFETY: as above.
                unsafe { rt::$e4m3_e5m2(d, da, db, scale) }
            }
            #[inline(always)]
            unsafe fn wait0(d: *mut f32) {
                // SAFETY: as above.
                unsafe { rt::$wait0(d) }
            }
        }
    };
}
wg_width!(64, __oxpack_sm90a_wgmma_m64n64k16_bf16, __oxpack_sm90a_wgmma_m64n64k8_tf32,
          __oxpack_sm90a_wgmma_m64n64k32_e4m3, __oxpack_sm90a_wgmma_m64n64k32_e5m2,
          __oxpack_sm90a_wgmma_m64n64k32_e5m2_e4m3, __oxpack_sm90a_wgmma_m64n64k32_e4m3_e5m2, __oxpack_sm90a_wgmma_wait0_f32);
wg_width!(128, __oxpack_sm90a_wgmma_m64n128k16_bf16, __oxpack_sm90a_wgmma_m64n128k8_tf32,
          __oxpack_sm90a_wgmma_m64n128k32_e4m3, __oxpack_sm90a_wgmma_m64n128k32_e5m2,
          __oxpack_sm90a_wgmma_m64n128k32_e5m2_e4m3, __oxpack_sm90a_wgmma_m64n128k32_e4m3_e5m2, __oxpack_sm90a_wgmma_wait0_f64);
wg_width!(256, __oxpack_sm90a_wgmma_m64n256k16_bf16, __oxpack_sm90a_wgmma_m64n256k8_tf32,
          __oxpack_sm90a_wgmma_m64n256k32_e4m3, __oxpack_sm90a_wgmma_m64n256k32_e5m2,
          __oxpack_sm90a_wgmma_m64n256k32_e5m2_e4m3, __oxpack_sm90a_wgmma_m64n256k32_e4m3_e5m2, __oxpack_sm90a_wgmma_wait0_f128);

/// A warpgroup's 64 × N block of f32 accumulators, `N / 2` per thread in `wgmma`'s layout
/// (warp `w` of the warpgroup holds rows `16w .. 16w + 16`; in each 8-column group `j`, lane
/// `4g + t` holds rows `g`, `g + 8` and columns `8j + 2t`, `8j + 2t + 1`). Not `Copy`, no
/// shuffle: a warpgroup's accumulators reach memory only through its [`WgTile`].
pub struct WgAccum<const N: usize>
where
    WgCols<N>: WgWidth,
{
    pub(crate) r: <WgCols<N> as WgWidth>::Regs,
}

impl<const N: usize> WgAccum<N>
where
    WgCols<N>: WgWidth,
{
    /// All zeros.
    #[inline(always)]
    pub const fn zero() -> Self {
        WgAccum { r: <WgCols<N> as WgWidth>::ZERO }
    }

    #[inline(always)]
    pub(crate) fn regs(&mut self) -> *mut f32 {
        &mut self.r as *mut _ as *mut f32
    }

    /// Applies `f` to every accumulator.
    #[inline(always)]
    pub fn map(&mut self, f: impl Fn(f32) -> f32) {
        let d = self.regs();
        each!(N / 2, |i| {
            // SAFETY: i < N / 2, the register count.
            unsafe { *d.add(i) = f(*d.add(i)) };
        });
    }
}

mod tiles;

pub use tiles::*;

mod split;
pub use split::*;
