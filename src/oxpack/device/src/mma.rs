//! Tensor cores for sm_80 and newer: warp-level `mma.sync`, `ldmatrix` and `cp.async`.
//!
//! A warp multiplies small matrices held in its registers, spread over its 32 lanes in a
//! fixed pattern (PTX's *fragment* layouts). Here the pattern is part of the type, so no
//! kernel author writes lane arithmetic:
//!
//! | type | what it holds (per warp) | made by |
//! | --- | --- | --- |
//! | [`FragA<T>`] | a 16 × K_STEP tile of A (row-major) | [`TileRef::frag_a`] (`ldmatrix.x4`) |
//! | [`FragB<T>`] | a K_STEP × 8 tile of B ("col": k down, n across) | [`TileRef::frag_b`] (`ldmatrix.x2`), [`TileRef::frag_b2`] (`.x4`) |
//! | [`FragA8<T>`], [`FragB8<T>`] | 16 × 8 and 8 × 8, for 16-bit T | `frag_a8` (`.x2`), `frag_b8` (`.x1`) |
//! | [`FragC`] | a 16 × 8 tile of f32 accumulators | [`FragC::zero`], [`mma_sync`] |
//! | [`Accum<MT, NT>`] | a warp's `16·MT × 8·NT` block of accumulators | [`Accum::zero`], [`Accum::mma_tile`], [`Accum::mma_a`] |
//! | [`ARegs<T, MT, KS>`] | a warp's `16·MT × 16·KS` block of A in registers (16-bit T) | [`ARegs::load`] (global memory), [`Accum::to_a`] |
//! | [`RowVals<MT>`] | one value per row of an `Accum<MT, _>` (in the lanes holding the row) | [`Accum::row_max`], [`Accum::row_sum`], [`RowVals::splat`] |
//!
//! T is [`BF16`] or [`F16`] (K_STEP = 16: `mma.sync` m16n8k16) or `f32` read as tf32 (K_STEP =
//! 8: m16n8k8; the tensor cores use its top 19 bits); a fragment always spans 32 bytes of depth.
//! [`mma_sync`]`(&a, &b, &mut c)` is `c ← a·b + c` for one such tile (exact products, summed in
//! f32). Fragments of different element types or roles do not mix: `FragA<BF16>` with
//! `FragB<F16>`, or a `FragB` where a `FragA` belongs, is a type error. Fragments are not `Copy`,
//! have no shuffle and cannot be stored in shared memory, so no warp reads another's.
//!
//! **Shared tiles.** Operands reach the registers from shared memory, in tiles whose type names
//! their storage order, which decides the `ldmatrix` form: [`ATile<T, M, K>`] (A, `M × K`, k
//! contiguous), [`BTile<T, K, N>`] (B stored `K × N`, n contiguous: `ldmatrix.trans`) and
//! [`BtTile<T, N, K>`] (B stored `N × K`, k contiguous — the layout of a torch `linear` weight:
//! plain `ldmatrix`). Both B tiles give the same [`FragB`]; f32 B tiles are `BtTile`s only
//! (`ldmatrix.trans` moves 16-bit values). Rows are swizzled (16-byte chunks
//! XORed with the row, as CUTLASS does) so that the 8 rows an `ldmatrix` phase reads, and the
//! chunks a `cp.async` phase writes, fall in distinct banks, with no padding.
//!
//! **The copy pipeline.** [`cp_async_pipeline!`] declares `STAGES` stages of an A tile and a B
//! tile in block-shared memory, filled from global memory by `cp.async` (16 bytes per copy, the
//! bytes past a matrix's edge zero-filled, so any M, N, K works; a matrix whose rows are not
//! 16-byte aligned is copied by ordinary loads instead). Its protocol is checked as it runs:
//! - [`Pipeline::fill`] copies one stage (each thread its own 16-byte chunks) and commits it
//!   as a group; it traps when every stage is in use;
//! - [`Pipeline::wait`] waits for the oldest stage's group (`cp.async.wait_group`), then a
//!   block barrier, and only then returns the [`Stage`] view that reads it: the destination
//!   of a copy cannot be read before its wait, on the GPU or in emulation;
//! - a stage is filled again only after a barrier that follows the end of every view of it
//!   (the next `wait`'s, or one that `fill` adds itself), so no copy overwrites data that
//!   another warp may still read.
//! One view lives at a time (`wait` traps while one does). As with every barrier, all threads
//! of the block make the same calls in the same order.
//!
//! **Output ownership.** A warp's accumulators reach global memory only through an output laid
//! out as [`WarpTiles<BM, BN, WM, WN>`](WarpTiles): block `b` owns one `BM × BN` tile of the
//! row-major output (grouped in bands of 8 tile rows, for L2 reuse) and warp `w` of it one `WM ×
//! WN` part, so no two warps of the launch own an element; [`WarpTile::store`] writes the lanes'
//! elements of the warp's part, in the fragment layout.
//!
//! **Attention.** An operand that is not read from a shared tile lives in registers as
//! [`ARegs`]: attention's q, loaded once, and its probabilities p, made from the score
//! accumulators by [`Accum::to_a`] (the C layout holds the same rows and column pairs as the A
//! layout, so no value moves between lanes). [`Accum::row_max`]/[`row_sum`](Accum::row_sum)
//! combine a row across the 4 lanes that hold it, [`Accum::map_rows`] applies a row's value to
//! its accumulators and [`Accum::mask`] masks a ragged or causal tile, all without lane
//! arithmetic in the kernel. [`SeqTiles`] is the output layout of a (batch, heads, seq, d)
//! tensor, a warp per 16 rows of one sequence.
//!
//! **Whole warps.** `ldmatrix` and `mma.sync` are executed by all 32 lanes of a warp together.
//! Every fragment load and `mma_sync` checks it (`activemask`): called from divergent code, or
//! by the block's partial last warp, the kernel traps; in emulation it raises
//! `KernelBarrierError`, naming the lane that did not join, as a barrier does.
//!
//! **Int8.** `i8` tiles of the same pipeline multiply on `mma.sync` m16n8k32 into s32 accumulators
//! through their own fragment types, in [`s8`].
//!
//! Needs sm_80 or newer (every arch oxpack builds for) and PTX ISA 7.0 (oxpack's floor is 7.4).

use core::cell::{Cell, UnsafeCell};
use core::marker::PhantomData;
use core::mem::MaybeUninit;

use crate::half::{BF16, F16};
use crate::layout::Layout;
use crate::matrix::Matrix;
use crate::sealed::Sealed;
use crate::warp::lane_id;
use crate::{DisjointSlice, Elem};


/// The 32-bit shared-memory address of `p`, a pointer into block-shared memory (on the GPU; the
/// host's tiles go by their pointers, and this is 0 there).
#[inline(always)]
fn smem_addr<T>(p: *const T) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    return rt::__oxpack_smem_addr(p as *const u8);
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = p;
        0
    }
}
use crate::intrinsics::mma as rt;

crate::fail_fn!();

/// Traps unless all 32 lanes of the calling warp execute this together. On the host the
/// scheduler checks the same when the warp operation completes (and names the missing lane).
#[inline(always)]
#[track_caller]
fn whole_warp() {
    if rt::__oxpack_activemask() != u32::MAX {
        fail("a warp-collective tensor-core operation (ldmatrix, mma.sync) ran without all 32 lanes of the warp: \
              call it from code that every lane of the warp executes, in blocks of a multiple of 32 threads");
    }
}

/// `each!(N, |i| { … })`: the block for `i = 0, 1, …, N - 1` (N a constant after
/// monomorphization) as straight-line code for `i < 32`, each copy with its `i` a literal, so
/// arrays of fragments indexed by it stay in registers; any `i ≥ 32` runs in a plain loop after
/// them (never skipped: 32 fragments of 4 accumulators, a 64 × 64 warp tile, are already 128 of a
/// thread's 255 registers). LLVM's own unrolling gives up on the larger bodies of a GEMM (e.g. with a
/// bf16 epilogue), and then puts the accumulators in local memory. The body cannot `break` or
/// `continue`.
///
/// `each16!`, `each8!` and `each4!` write 16, 8 or 4 copies: for the loops whose count is small by
/// construction (fragments of a warp tile's row, elements of a 16-byte chunk), and above all for
/// nested loops, whose copies multiply. Every copy is type-checked and kept (as MIR) in the device
/// crate's metadata, so copies that a count never reaches cost every build: 64 × 16 × 16 copies took
/// the device crate's compile to minutes.
macro_rules! each {
    ($n:expr, |$i:ident| $body:block) => {
        crate::unroll::copies!($n, $i, $body, 32,
              0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31)
    };
}

/// [`each!`] with 16 straight-line copies (then a loop).
macro_rules! each16 {
    ($n:expr, |$i:ident| $body:block) => {
        crate::unroll::copies!($n, $i, $body, 16, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
    };
}

/// [`each!`] with 8 straight-line copies (then a loop).
macro_rules! each8 {
    ($n:expr, |$i:ident| $body:block) => {
        crate::unroll::copies!($n, $i, $body, 8, 0 1 2 3 4 5 6 7)
    };
}

/// [`each!`] with 4 straight-line copies (then a loop).
macro_rules! each4 {
    ($n:expr, |$i:ident| $body:block) => {
        crate::unroll::copies!($n, $i, $body, 4, 0 1 2 3)
    };
}

// ---------------------------------------------------------------------------- element types

/// Which `mma.sync` a fragment type feeds.
#[doc(hidden)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// m16n8k16, bf16 inputs
    Bf16,
    /// m16n8k16, f16 inputs
    F16,
    /// m16n8k8, tf32 inputs (f32 values, of which the tensor cores read the top 19 bits)
    Tf32,
}

/// The inputs of the tensor cores: [`BF16`] and [`F16`] (`mma.sync` m16n8k16), and `f32` read as
/// tf32 (m16n8k8: the tensor cores use its sign, exponent and top 10 mantissa bits). A fragment
/// spans 32 bytes of depth: k = 16 for the 16-bit types, 8 for f32. Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tensor-core input: `mma.sync` multiplies BF16, F16 or f32 (as tf32) values",
    label = "not BF16, F16 or f32",
    note = "convert the inputs (e.g. `BF16::from_f32`) before they reach a shared tile; the accumulators are f32 (i8 tiles multiply into s32 accumulators: `oxpack::mma::s8`)"
)]
pub trait MmaInput: TileElem {
    #[doc(hidden)]
    const KIND: Kind;
}

/// What a shared tile of a [`Pipeline`] may hold: the tensor-core inputs ([`MmaInput`]) and `i8`
/// (`mma.sync` m16n8k32 with s32 accumulators, in [`s8`]). Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot fill a tensor-core shared tile: tiles hold BF16, F16, f32 (as tf32) or i8",
    label = "not BF16, F16, f32 or i8"
)]
pub trait TileElem: Elem {
    /// Elements per 16-byte chunk (one `ldmatrix` row, one `cp.async`): 8, 4 for f32, 16 for i8.
    #[doc(hidden)]
    const CHUNK: usize = 16 / core::mem::size_of::<Self>();
    /// The depth (k) of one fragment: 32 bytes of T.
    const K_STEP: usize = 32 / core::mem::size_of::<Self>();
}
impl TileElem for BF16 {}
impl TileElem for F16 {}
impl TileElem for f32 {}

impl MmaInput for BF16 {
    const KIND: Kind = Kind::Bf16;
}
impl MmaInput for F16 {
    const KIND: Kind = Kind::F16;
}
impl MmaInput for f32 {
    const KIND: Kind = Kind::Tf32;
}

/// The 16-bit inputs, [`BF16`] and [`F16`]: the ones that `ldmatrix.trans` (a [`BTile`] stored
/// `K × N`) and the k = 8 fragments of `mma.sync` m16n8k8 take. Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a 16-bit tensor-core input: this takes BF16 or F16 (`ldmatrix.trans` moves 16-bit values)",
    label = "not BF16 or F16",
    note = "for f32 (tf32) inputs, store B as N × K (`BtTile`) and use the k = 8 fragments of `frag_a`/`frag_b`"
)]
pub trait Mma16: MmaInput + FromAccum {
    #[doc(hidden)]
    fn bits16(self) -> u16;
}
impl Mma16 for BF16 {
    #[inline(always)]
    fn bits16(self) -> u16 {
        self.to_bits()
    }
}
impl Mma16 for F16 {
    #[inline(always)]
    fn bits16(self) -> u16 {
        self.to_bits()
    }
}

/// Two 16-bit values as one fragment word: `lo` the lower column (or depth), as `ldmatrix` and
/// `mma.sync` place them.
#[inline(always)]
fn pack<T: Mma16>(lo: T, hi: T) -> u32 {
    lo.bits16() as u32 | (hi.bits16() as u32) << 16
}

/// The element types an accumulator can be stored as: `f32` (as is), [`BF16`] and [`F16`]
/// (rounded to nearest even). Sealed.
pub trait FromAccum: Elem {
    #[doc(hidden)]
    fn from_acc(v: f32) -> Self;
}

impl FromAccum for f32 {
    #[inline(always)]
    fn from_acc(v: f32) -> Self {
        v
    }
}
impl FromAccum for BF16 {
    #[inline(always)]
    fn from_acc(v: f32) -> Self {
        BF16::from_f32(v)
    }
}
impl FromAccum for F16 {
    #[inline(always)]
    fn from_acc(v: f32) -> Self {
        F16::from_f32(v)
    }
}

// ---------------------------------------------------------------------------- fragments

/// A warp's tile of A, 16 rows × [`K_STEP`](TileElem::K_STEP) columns (16 for BF16 and F16, 8 for
/// tf32; row-major, k across), spread over its lanes as `mma.sync` takes it: 4 words per lane.
/// Made by [`TileRef::frag_a`].
pub struct FragA<T: MmaInput> {
    r: [u32; 4],
    _t: PhantomData<T>,
}

/// A warp's tile of B, `K_STEP` × 8 (k down, n across, "col"), 2 words per lane. Made by
/// [`TileRef::frag_b`] or [`TileRef::frag_b2`], from either B tile.
pub struct FragB<T: MmaInput> {
    r: [u32; 2],
    _t: PhantomData<T>,
}

/// A warp's 16 × 8 tile of A for `mma.sync` m16n8k8 (4 values of T per lane); see [`mma_sync_k8`].
pub struct FragA8<T: Mma16> {
    r: [u32; 2],
    _t: PhantomData<T>,
}

/// A warp's 8 × 8 tile of B for `mma.sync` m16n8k8 (2 values of T per lane).
pub struct FragB8<T: Mma16> {
    r: u32,
    _t: PhantomData<T>,
}

/// A warp's 16 × 8 tile of f32 accumulators (4 per lane): the C and D of `mma.sync`.
pub struct FragC {
    v: [f32; 4],
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

accumulators!(FragC, Accum, f32, 0.0, "mma_sync");

/// The calling lane's (group, thread in group): rows `g`, `g + 8`, columns `2t`, `2t + 1`.
#[inline(always)]
fn lane_parts() -> (usize, usize) {
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
fn mma_raw<T: MmaInput>(a: &FragA<T>, b: &FragB<T>, c: &mut FragC) {
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

// ---------------------------------------------------------------------------- shared tiles

/// The A operand, stored `M × K` with k contiguous.
pub struct OperandA;
/// The B operand, stored `K × N` with n contiguous (read with `ldmatrix.trans`).
pub struct OperandB;
/// The B operand, stored `N × K` with k contiguous (read with plain `ldmatrix`).
pub struct OperandBt;

/// A `ROWS × COLS` tile of T in shared memory, swizzled (see the module docs), holding the
/// operand `R`. Use the aliases [`ATile`], [`BTile`], [`BtTile`].
pub struct MmaTile<T, const ROWS: usize, const COLS: usize, R>(PhantomData<(T, R)>);

/// A tile of A: `M` rows, `K` columns (k contiguous).
pub type ATile<T, const M: usize, const K: usize> = MmaTile<T, M, K, OperandA>;
/// A tile of B stored `K × N` (n contiguous): `K` rows, `N` columns.
pub type BTile<T, const K: usize, const N: usize> = MmaTile<T, K, N, OperandB>;
/// A tile of B stored `N × K` (k contiguous, as torch's `linear` weight): `N` rows, `K` columns.
pub type BtTile<T, const N: usize, const K: usize> = MmaTile<T, N, K, OperandBt>;

/// A shared tile's shape and element type. Sealed.
pub trait TileShape: Sealed {
    /// Element type.
    type Elem: TileElem;
    /// Rows as stored.
    const ROWS: usize;
    /// Columns as stored (a whole number of fragment depths, and a power-of-two number of
    /// 16-byte chunks).
    const COLS: usize;
}

/// A tile's depth (its k extent) as a type, so that `mma_tile` can require equal depths of its
/// tiles in its signature (a mismatch is a type error at the call).
pub struct Depth<const K: usize>;

/// Tiles that hold A.
pub trait ATileKind: TileShape<Elem: MmaInput> {
    /// `Depth<K>`, for K the tile's columns.
    type Depth;
    #[doc(hidden)]
    fn frag_a_raw(tile: &TileRef<'_, Self>, row: usize, k: usize) -> FragA<Self::Elem>
    where
        Self: Sized;
}
/// Tiles that hold B, in either storage order, as a pipeline copies them: where a k step's tile
/// starts in its matrix. [`BTile`]s of BF16 and F16 and [`BtTile`]s of every tile element (i8
/// included). Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a B tile: `fill_k` places a `BTile` (of BF16 or F16) or a `BtTile` at a k step",
    label = "not a B tile a pipeline fills by k steps",
    note = "give the pipeline's B-side tile as `BtTile<T, N, K>` (B stored N × K) or `BTile<BF16, K, N>`, or fill it with `fill`"
)]
pub trait BSide: TileShape {
    /// Where the tile at depth `k0`, column `n0` starts in its source matrix (row, column).
    /// Each coordinate grows with `k0` (never shrinks): [`Pipeline::whole_k`] relies on it.
    #[doc(hidden)]
    fn origin(k0: usize, n0: usize) -> (usize, usize);
}

/// Tiles that hold B (either storage order).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot give B fragments: a B tile stored K × N (`BTile`) needs 16-bit elements (`ldmatrix.trans` moves 16-bit values)",
    label = "not a B tile the tensor cores can read",
    note = "store B as N × K (`BtTile`) for f32 (tf32) inputs, or use BF16/F16"
)]
pub trait BTileKind: BSide + TileShape<Elem: MmaInput> {
    /// `Depth<K>`, for K the tile's depth.
    type Depth;
    /// The tile's depth (k extent).
    const K: usize;
    /// The tile's width (n extent).
    const N: usize;
    #[doc(hidden)]
    fn frag_b2_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> [FragB<Self::Elem>; 2]
    where
        Self: Sized;
    #[doc(hidden)]
    fn frag_b_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> FragB<Self::Elem>
    where
        Self: Sized;
    /// `data` as the matrix this tile is cut from, for a B of depth `k` and width `n`: `k × n`
    /// for a [`BTile`], `n × k` for a [`BtTile`]; `None` when `k · n` passes its length.
    fn stored(data: &[Self::Elem], k: u32, n: u32) -> Option<Matrix<'_, Self::Elem>>;
}

impl<T, const ROWS: usize, const COLS: usize, R> Sealed for MmaTile<T, ROWS, COLS, R> {}

impl<T: TileElem, const ROWS: usize, const COLS: usize, R> TileShape for MmaTile<T, ROWS, COLS, R> {
    type Elem = T;
    const ROWS: usize = ROWS;
    const COLS: usize = COLS;
}

impl<T: MmaInput, const M: usize, const K: usize> ATileKind for ATile<T, M, K> {
    type Depth = Depth<K>;
    #[inline(always)]
    fn frag_a_raw(tile: &TileRef<'_, Self>, row: usize, k: usize) -> FragA<T> {
        // SAFETY: the callers checked the rows and columns (a whole fragment inside the tile).
        FragA { r: unsafe { tile.a_words(row, k) }, _t: PhantomData }
    }
}

impl<T: Mma16, const K: usize, const N: usize> BSide for BTile<T, K, N> {
    #[inline(always)]
    fn origin(k0: usize, n0: usize) -> (usize, usize) {
        (k0, n0)
    }
}

impl<T: TileElem, const N: usize, const K: usize> BSide for BtTile<T, N, K> {
    #[inline(always)]
    fn origin(k0: usize, n0: usize) -> (usize, usize) {
        (n0, k0)
    }
}

impl<T: Mma16, const K: usize, const N: usize> BTileKind for BTile<T, K, N> {
    type Depth = Depth<K>;
    const K: usize = K;
    const N: usize = N;
    #[inline(always)]
    fn frag_b2_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> [FragB<T>; 2] {
        let lane = lane_id() as usize & 31;
        let mut r = [0u32; 4];
        // SAFETY: a 16-byte chunk of the tile (the caller checked the rows and columns).
        unsafe { tile.ldsm::<4, true>(k + (lane & 15), n / T::CHUNK + (lane >> 4), r.as_mut_ptr()) };
        [FragB { r: [r[0], r[1]], _t: PhantomData }, FragB { r: [r[2], r[3]], _t: PhantomData }]
    }
    #[inline(always)]
    fn frag_b_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> FragB<T> {
        let lane = lane_id() as usize & 31;
        // matrices 0, 1: depth 0-7, 8-15 (lanes 16-31 repeat 0-15: their addresses go unused)
        let mut r = [0u32; 2];
        // SAFETY: as above.
        unsafe { tile.ldsm::<2, true>(k + (lane & 15), n / T::CHUNK, r.as_mut_ptr()) };
        FragB { r, _t: PhantomData }
    }
    #[inline(always)]
    fn stored(data: &[T], k: u32, n: u32) -> Option<Matrix<'_, T>> {
        crate::matrix::matrix(data, n, k)
    }
}

impl<T: MmaInput, const N: usize, const K: usize> BTileKind for BtTile<T, N, K> {
    type Depth = Depth<K>;
    const K: usize = K;
    const N: usize = N;
    #[inline(always)]
    fn frag_b2_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> [FragB<T>; 2] {
        // SAFETY: as above.
        let r = unsafe { tile.bt_words2(n, k) };
        [FragB { r: [r[0], r[1]], _t: PhantomData }, FragB { r: [r[2], r[3]], _t: PhantomData }]
    }
    #[inline(always)]
    fn frag_b_raw(tile: &TileRef<'_, Self>, n: usize, k: usize) -> FragB<T> {
        // SAFETY: as above.
        FragB { r: unsafe { tile.bt_words(n, k) }, _t: PhantomData }
    }
    #[inline(always)]
    fn stored(data: &[T], k: u32, n: u32) -> Option<Matrix<'_, T>> {
        crate::matrix::matrix(data, k, n)
    }
}

/// A read-only view of one shared tile of a [`Stage`].
pub struct TileRef<'s, Tl: TileShape> {
    ptr: *const Tl::Elem,
    /// `ptr` as a 32-bit shared address (GPU only).
    sa: u32,
    _s: PhantomData<&'s Tl>,
}

impl<Tl: TileShape> TileRef<'_, Tl> {
    /// The address of chunk `chunk` of row `row`; both must be inside the tile (callers check).
    #[inline(always)]
    fn chunk(&self, row: usize, chunk: usize) -> *const u16 {
        debug_assert!(row < Tl::ROWS && chunk < Tl::COLS / Tl::Elem::CHUNK);
        // in the tile when `row` and `chunk` are: `offset` permutes the chunks of each row
        self.ptr.wrapping_add(offset::<Tl>(row, chunk)) as *const u16
    }

    /// `ldmatrix` (`COUNT` 8 × 8 matrices, 4 or 2; `.trans` with `TRANS`) with this lane's row
    /// address at chunk `chunk` of row `row`, into `out`.
    ///
    /// # Safety
    /// `row` and `chunk` inside the tile; `out` has room for `COUNT` words; warp-collective.
    #[inline(always)]
    unsafe fn ldsm<const COUNT: usize, const TRANS: bool>(&self, row: usize, chunk: usize, out: *mut u32) {
        debug_assert!(row < Tl::ROWS && chunk < Tl::COLS / Tl::Elem::CHUNK);
        // On the GPU by its 32-bit shared address (one register a lane offset, constant offsets
        // folded into the instruction): the same chunk as `self.chunk(row, chunk)`.
        #[cfg(target_arch = "nvptx64")]
        {
            let a = self.sa.wrapping_add((offset::<Tl>(row, chunk) * core::mem::size_of::<Tl::Elem>()) as u32);
            // SAFETY: the caller's contract.
            unsafe {
                match (COUNT, TRANS) {
                    (4, false) => rt::__oxpack_ldmatrix_x4_s(a, out),
                    (4, true) => rt::__oxpack_ldmatrix_x4_trans_s(a, out),
                    (_, false) => rt::__oxpack_ldmatrix_x2_s(a, out),
                    (_, true) => rt::__oxpack_ldmatrix_x2_trans_s(a, out),
                }
            }
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            let p = self.chunk(row, chunk);
            // SAFETY: the caller's contract.
            unsafe {
                match (COUNT, TRANS) {
                    (4, false) => rt::__oxpack_ldmatrix_x4(p, out),
                    (4, true) => rt::__oxpack_ldmatrix_x4_trans(p, out),
                    (_, false) => rt::__oxpack_ldmatrix_x2(p, out),
                    (_, true) => rt::__oxpack_ldmatrix_x2_trans(p, out),
                }
            }
        }
    }

    /// The 4 `ldmatrix.x4` words of the 16-row, 32-byte-deep fragment of A at rows `row..row + 16`,
    /// depth (column) `k..`: matrices 0..4 are rows 0-7 and 8-15 of bytes 0-15, then of bytes
    /// 16-31. Byte for byte the A layout of m16n8k16 (bf16, f16), m16n8k8 (tf32) and m16n8k32
    /// (s8) alike, so every element kind loads A here.
    ///
    /// # Safety
    /// Rows `row..row + 16` and the 32 bytes from column `k` inside the tile, `k` a whole chunk;
    /// warp-collective.
    #[inline(always)]
    unsafe fn a_words(&self, row: usize, k: usize) -> [u32; 4] {
        let lane = lane_id() as usize & 31;
        let mut r = [0u32; 4];
        // SAFETY: the caller's contract: lane rows `row + 0..16`, chunks `k / CHUNK + 0..2`.
        unsafe { self.ldsm::<4, false>(row + (lane & 15), k / Tl::Elem::CHUNK + (lane >> 4), r.as_mut_ptr()) };
        r
    }

    /// The `ldmatrix.x4` words of two fragments of B stored `N × K` (k contiguous) at columns
    /// (tile rows) `n..n + 8` and `n + 8..n + 16`, 32 bytes of depth from `k`: matrices 0, 1 are
    /// bytes 0-15, 16-31 of the first 8 columns, 2, 3 those of the next 8 (every element kind).
    ///
    /// # Safety
    /// Tile rows `n..n + 16` and the 32 bytes from column `k` inside the tile; warp-collective.
    #[inline(always)]
    unsafe fn bt_words2(&self, n: usize, k: usize) -> [u32; 4] {
        let lane = lane_id() as usize & 31;
        let mut r = [0u32; 4];
        // SAFETY: the caller's contract: lane rows `n + 0..16`, chunks `k / CHUNK + 0..2`.
        unsafe { self.ldsm::<4, false>(n + (lane & 7) + ((lane >> 4) << 3), k / Tl::Elem::CHUNK + ((lane >> 3) & 1), r.as_mut_ptr()) };
        r
    }

    /// [`bt_words2`](Self::bt_words2) for the first 8 columns alone (`ldmatrix.x2`; lanes 16-31's
    /// addresses go unused).
    ///
    /// # Safety
    /// Tile rows `n..n + 8` and the 32 bytes from column `k` inside the tile; warp-collective.
    #[inline(always)]
    unsafe fn bt_words(&self, n: usize, k: usize) -> [u32; 2] {
        let lane = lane_id() as usize & 31;
        let mut r = [0u32; 2];
        // SAFETY: the caller's contract: lane rows `n + 0..8`, chunks `k / CHUNK + 0..2`.
        unsafe { self.ldsm::<2, false>(n + (lane & 7), k / Tl::Elem::CHUNK + ((lane >> 3) & 1), r.as_mut_ptr()) };
        r
    }

    /// Element (`row`, `col`) of the tile, as stored; out of range traps.
    #[inline(always)]
    #[track_caller]
    pub fn get(&self, row: usize, col: usize) -> Tl::Elem {
        if row >= Tl::ROWS || col >= Tl::COLS {
            fail("shared tile index out of bounds");
        }
        let per = Tl::Elem::CHUNK;
        // SAFETY: in the tile; the stage is in its read phase (a `Stage` exists only after its wait and barrier).
        unsafe { self.ptr.add(offset::<Tl>(row, col / per) + col % per).read() }
    }
}

/// Element offset of 16-byte chunk `chunk` of row `row` in a swizzled tile: the chunk index is
/// XORed with a function of the row, so that 8 consecutive rows (the addresses of one `ldmatrix`
/// phase) and 8 consecutive chunks (one phase of `cp.async` writes) land in 8 different groups
/// of 4 banks. For each row it permutes the row's chunks: a bijection on the tile.
#[inline(always)]
fn offset<Tl: TileShape>(row: usize, chunk: usize) -> usize {
    let per_row = Tl::COLS / Tl::Elem::CHUNK;
    let key = if per_row >= 8 {
        row & 7
    } else if per_row == 4 {
        (row >> 1) & 3
    } else if per_row == 2 {
        (row >> 2) & 1
    } else {
        0
    };
    row * Tl::COLS + (chunk ^ key) * Tl::Elem::CHUNK
}

/// Whether `at..at + extent` lies in `0..max` with `at` a multiple of `align`.
#[inline(always)]
const fn inside(at: usize, align: usize, extent: usize, max: usize) -> bool {
    at % align == 0 && at <= max && max - at >= extent
}

#[inline(always)]
#[track_caller]
fn check_frag(ok: bool) {
    if !ok {
        fail("a fragment load reaches outside its shared tile, or is not aligned to the fragment's shape");
    }
}

impl<T: Mma16, const M: usize, const K: usize> TileRef<'_, ATile<T, M, K>> {
    /// The 16 × 8 tile of A at rows `row..row + 16`, columns `k..k + 8`, for [`mma_sync_k8`]
    /// (`ldmatrix.x2`). Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_a8(&self, row: usize, k: usize) -> FragA8<T> {
        check_frag(inside(row, 16, 16, M) && inside(k, 8, 8, K));
        whole_warp();
        crate::at!();
        let lane = lane_id() as usize & 31;
        let p = self.chunk(row + (lane & 15), k / T::CHUNK);
        let mut r = [0u32; 2];
        // SAFETY: as above.
        unsafe { rt::__oxpack_ldmatrix_x2(p, r.as_mut_ptr()) };
        FragA8 { r, _t: PhantomData }
    }
}

impl<T: MmaInput, const M: usize, const K: usize> TileRef<'_, ATile<T, M, K>> {
    /// The tile of A at rows `row..row + 16` and columns `k..k + K_STEP` of this tile
    /// (`ldmatrix.x4`; K_STEP is 16 for BF16 and F16, 8 for f32); `row` a multiple of 16 and `k`
    /// of K_STEP, inside the tile, else it traps. Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_a(&self, row: usize, k: usize) -> FragA<T> {
        check_frag(inside(row, 16, 16, M) && inside(k, T::K_STEP, T::K_STEP, K));
        whole_warp();
        crate::at!();
        ATile::<T, M, K>::frag_a_raw(self, row, k)
    }

}

impl<'s, Tl: BTileKind> TileRef<'s, Tl> {
    /// The two tiles of B at columns `n..n + 8` and `n + 8..n + 16`, depth `k..k + K_STEP`
    /// (`ldmatrix.x4`, `.trans` for a [`BTile`]); `n` a multiple of 8 and `k` of K_STEP, inside
    /// the tile.
    /// Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_b2(&self, n: usize, k: usize) -> [FragB<Tl::Elem>; 2] {
        check_frag(inside(n, 8, 16, Tl::N) && inside(k, Tl::Elem::K_STEP, Tl::Elem::K_STEP, Tl::K));
        whole_warp();
        crate::at!();
        Tl::frag_b2_raw(self, n, k)
    }

    /// The tile of B at columns `n..n + 8`, depth `k..k + K_STEP` (`ldmatrix.x2`, `.trans` for a
    /// [`BTile`]); `n` a multiple of 8 and `k` of K_STEP, inside the tile. Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_b(&self, n: usize, k: usize) -> FragB<Tl::Elem> {
        check_frag(inside(n, 8, 8, Tl::N) && inside(k, Tl::Elem::K_STEP, Tl::Elem::K_STEP, Tl::K));
        whole_warp();
        crate::at!();
        Tl::frag_b_raw(self, n, k)
    }
}

/// `frag_b8!(tile, n, k, [row, col], load)`: the body of both B tiles' `frag_b8` (the 8 × 8 tile at
/// columns `n..n + 8`, depth `k..k + 8`; `N`, `K` the tile's const parameters): the checks of every
/// fragment load, then one `ldmatrix.x1` (`load`: `__oxpack_ldmatrix_x1_trans` for a `BTile`), lane
/// `l` addressing stored row `row + l % 8`, chunk `col / CHUNK`. `[row, col]` is `[k, n]` for a
/// `BTile` (stored `K × N`) and `[n, k]` for a `BtTile` (`N × K`).
macro_rules! frag_b8 {
    ($tile:ident, $n:ident, $k:ident, [$row:ident, $col:ident], $load:ident) => {{
        check_frag(inside($n, 8, 8, N) && inside($k, 8, 8, K));
        whole_warp();
        crate::at!();
        let lane = lane_id() as usize & 31;
        let p = $tile.chunk($row + (lane & 7), $col / T::CHUNK);
        // SAFETY: one 16-byte chunk of the tile: the 8 × 8 block is inside it and aligned (checked
        // above), `p` is one of its 8 rows; all 32 lanes execute it (checked above).
        FragB8 { r: unsafe { rt::$load(p) }, _t: PhantomData }
    }};
}

impl<T: Mma16, const K: usize, const N: usize> TileRef<'_, BTile<T, K, N>> {
    /// The 8 × 8 tile of B at columns `n..n + 8`, depth `k..k + 8`, for [`mma_sync_k8`]
    /// (`ldmatrix.x1.trans`). Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_b8(&self, n: usize, k: usize) -> FragB8<T> {
        frag_b8!(self, n, k, [k, n], __oxpack_ldmatrix_x1_trans)
    }
}

impl<T: Mma16, const N: usize, const K: usize> TileRef<'_, BtTile<T, N, K>> {
    /// The 8 × 8 tile of B at columns `n..n + 8`, depth `k..k + 8`, for [`mma_sync_k8`]
    /// (`ldmatrix.x1`). Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn frag_b8(&self, n: usize, k: usize) -> FragB8<T> {
        frag_b8!(self, n, k, [n, k], __oxpack_ldmatrix_x1)
    }
}

// ---------------------------------------------------------------------------- warp accumulators

/// One kind of warp product over a stage's two tiles, for [`mma_steps`]: how a warp loads a
/// fragment of A and one or two of B at a depth, and how it multiplies them into an accumulator
/// fragment. The f32 kinds ([`TileOps`]: bf16, f16, tf32) and the s8 kind (in [`s8`]) are two
/// implementations of it; every load goes through the same [`TileRef`] word loads.
trait Operands {
    /// A fragment of A, B, and the accumulators.
    type A;
    type B;
    type C;
    /// An A and a B fragment before any load (for the register arrays).
    const A0: Self::A;
    const B0: Self::B;
    /// Depth of one fragment in elements.
    const STEP: usize;
    /// # Safety (all three loads)
    /// The fragment inside its tile (`mma_steps`' caller checked the warp's block) and
    /// warp-collective.
    unsafe fn frag_a(&self, row: usize, k: usize) -> Self::A;
    unsafe fn frag_b2(&self, n: usize, k: usize) -> [Self::B; 2];
    unsafe fn frag_b(&self, n: usize, k: usize) -> Self::B;
    /// `c ← a·b + c` (warp-collective).
    fn mma(a: &Self::A, b: &Self::B, c: &mut Self::C);
}

/// The f32-accumulator kinds' [`Operands`]: an A tile and a B tile of one stage.
struct TileOps<'r, 's, TA: TileShape, TB: TileShape> {
    a: &'r TileRef<'s, TA>,
    b: &'r TileRef<'s, TB>,
}

impl<TA: ATileKind, TB: BTileKind<Elem = TA::Elem, Depth = TA::Depth>> Operands for TileOps<'_, '_, TA, TB> {
    type A = FragA<TA::Elem>;
    type B = FragB<TA::Elem>;
    type C = FragC;
    const A0: Self::A = FragA { r: [0; 4], _t: PhantomData };
    const B0: Self::B = FragB { r: [0; 2], _t: PhantomData };
    const STEP: usize = TA::Elem::K_STEP;
    #[inline(always)]
    unsafe fn frag_a(&self, row: usize, k: usize) -> Self::A {
        TA::frag_a_raw(self.a, row, k)
    }
    #[inline(always)]
    unsafe fn frag_b2(&self, n: usize, k: usize) -> [Self::B; 2] {
        TB::frag_b2_raw(self.b, n, k)
    }
    #[inline(always)]
    unsafe fn frag_b(&self, n: usize, k: usize) -> Self::B {
        TB::frag_b_raw(self.b, n, k)
    }
    #[inline(always)]
    fn mma(a: &Self::A, b: &Self::B, c: &mut Self::C) {
        mma_raw(a, b, c);
    }
}

/// The fragments of one k step of [`mma_steps`] into `fa`, `fb`: MT fragments of A, NT of B (in
/// pairs, the last alone when NT is odd).
///
/// # Safety
/// As [`Operands`]' loads, for the warp's whole block at `at` and depth `k`.
#[inline(always)]
unsafe fn load_step<const MT: usize, const NT: usize, O: Operands>(
    o: &O,
    fa: &mut [O::A; MT],
    fb: &mut [O::B; NT],
    at: WarpPos,
    k: usize,
) {
    // SAFETY (each load): the caller's contract.
    each8!(MT, |i| {
        fa[i] = unsafe { o.frag_a(at.row + 16 * i, k) };
    });
    each8!(NT / 2, |j| {
        let [b0, b1] = unsafe { o.frag_b2(at.col + 16 * j, k) };
        fb[2 * j] = b0;
        fb[2 * j + 1] = b1;
    });
    if NT % 2 == 1 {
        fb[NT - 1] = unsafe { o.frag_b(at.col + 8 * (NT - 1), k) };
    }
}

/// `c ← a·b + c` over `steps` fragment depths of a stage: the body of [`Accum::mma_tile`] and of
/// [`AccumS32::mma_tile`](s8::AccumS32::mma_tile). Fragments double-buffered across the k steps:
/// step s + 1's `ldmatrix`es are issued before step s's `mma.sync`es, so their latency hides
/// behind the products (as CUTLASS's warp-level mainloop does); with the step count a constant
/// and `s` a literal in each copy, both buffers stay in registers.
///
/// # Safety
/// The warp's block at `at` (16·MT rows, 8·NT columns, `steps · O::STEP` deep) inside both tiles,
/// aligned to the fragments, and all 32 lanes of the warp here (the callers check both).
#[inline(always)]
unsafe fn mma_steps<const MT: usize, const NT: usize, O: Operands>(o: &O, c: &mut [[O::C; NT]; MT], at: WarpPos, steps: usize) {
    let mut fa: [[O::A; MT]; 2] = [const { [const { O::A0 }; MT] }; 2];
    let mut fb: [[O::B; NT]; 2] = [const { [const { O::B0 }; NT] }; 2];
    let [fa0, _] = &mut fa;
    let [fb0, _] = &mut fb;
    // SAFETY (both loads): the caller's contract, at depth 0 and at step s + 1 < steps.
    unsafe { load_step::<MT, NT, O>(o, fa0, fb0, at, 0) };
    each!(steps, |s| {
        let [f0, f1] = &mut fa;
        let [g0, g1] = &mut fb;
        let (ca, cb, na, nb) = if s % 2 == 0 { (&*f0, &*g0, f1, g1) } else { (&*f1, &*g1, f0, g0) };
        if s + 1 < steps {
            unsafe { load_step::<MT, NT, O>(o, na, nb, at, O::STEP * (s + 1)) };
        }
        each!(MT * NT, |q| {
            O::mma(&ca[q / NT], &cb[q % NT], &mut c[q / NT][q % NT]);
        });
    });
}

/// Where a warp's block of accumulators sits in the block's tiles: `row` into the A tile (a
/// multiple of 16), `col` into the B tile (a multiple of 8). [`WarpTile::pos`] gives the warp's own.
#[derive(Clone, Copy, Debug)]
pub struct WarpPos {
    /// First row of the warp's part (of A's tile, and of the block's output tile).
    pub row: usize,
    /// First column of the warp's part (of B's tile, and of the block's output tile).
    pub col: usize,
}

/// A warp's `16·MT × 8·NT` block of f32 accumulators: `MT × NT` [`FragC`] tiles.
pub struct Accum<const MT: usize, const NT: usize> {
    c: [[FragC; NT]; MT],
}

impl<const MT: usize, const NT: usize> Accum<MT, NT> {
    /// Applies `f` to every accumulator.
    #[inline(always)]
    pub fn map(&mut self, f: impl Fn(f32) -> f32) {
        const { assert!(MT * NT <= 64, "oxpack: at most 64 fragments in an `Accum`") };
        each!(MT * NT, |q| {
            self.c[q / NT][q % NT].map(&f);
        });
    }

    /// `acc ← a·b + acc` over the whole depth of a stage: the warp's rows `at.row..at.row + 16·MT`
    /// of the A tile times its columns `at.col..at.col + 8·NT` of the B tile, one fragment depth
    /// (`K_STEP`) at a time
    /// (`MT` `ldmatrix.x4` of A and `NT / 2` of B, an `.x2` for an odd last one, then `MT · NT`
    /// `mma.sync` per step). The tiles' depths must match (their `Depth` types, in the signature:
    /// a type error at the call otherwise) and the warp's block must lie inside them
    /// (checked once; out of range traps). Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn mma_tile<TA: ATileKind, TB: BTileKind<Elem = TA::Elem, Depth = TA::Depth>>(
        &mut self,
        a: &TileRef<'_, TA>,
        b: &TileRef<'_, TB>,
        at: WarpPos,
    ) {
        let step = TA::Elem::K_STEP;
        const { assert!(TA::COLS == TB::K && TA::COLS % TA::Elem::K_STEP == 0) }; // `Depth` in the signature too
        if !inside(at.row, 16, 16 * MT, TA::ROWS) || !inside(at.col, 8, 8 * NT, TB::N) {
            fail("a warp's accumulator block reaches outside the stage's tiles, or is not aligned to its fragments");
        }
        whole_warp();
        crate::at!();
        const { assert!(TB::K / TA::Elem::K_STEP <= 64 && MT * NT <= 64, "oxpack: `mma_tile` takes up to 64 fragment depths and 64 fragments") };
        // SAFETY: the warp's block is inside both tiles (above), which are `TB::K` deep (the
        // `Depth` bound), and the whole warp is here.
        unsafe { mma_steps::<MT, NT, _>(&TileOps { a, b }, &mut self.c, at, TB::K / step) };
    }
}

// ---------------------------------------------------------------------------- A in registers, row statistics

/// A warp's `16·MT × 16·KS` block of A held in registers (MT × KS [`FragA`]s of a 16-bit type):
/// an operand that is not read from a shared tile, such as attention's Q (loaded once from global
/// memory by [`ARegs::load`]) or its probabilities P (made from accumulators by
/// [`Accum::to_a`]). Multiplied into accumulators by [`Accum::mma_a`]. Not `Copy`, like every
/// fragment.
pub struct ARegs<T: Mma16, const MT: usize, const KS: usize> {
    f: [[FragA<T>; KS]; MT],
}

impl<T: Mma16, const MT: usize, const KS: usize> ARegs<T, MT, KS> {
    /// Rows `row..row + 16·MT`, columns `col..col + 16·KS` of `m`, read straight from global
    /// memory into the fragment layout (each lane its own elements); elements outside `m` read
    /// as zero. For an operand read once (attention's Q): a GEMM's A goes through shared tiles.
    #[inline(always)]
    pub fn load(m: &Matrix<'_, T>, row: usize, col: usize) -> Self {
        const { assert!(MT * KS <= 64 && MT > 0 && KS > 0, "oxpack: `ARegs` holds 1 to 64 fragments") };
        let (g, t) = lane_parts();
        let (rows, cols) = (m.rows() as usize, m.cols() as usize);
        let data = m.data();
        let at = |r: usize, c: usize| -> u16 {
            // (r, c) in the matrix: r·cols + c < rows·cols ≤ len (`matrix`)
            let (r, c) = (row.saturating_add(r), col.saturating_add(c));
            if r < rows && c < cols {
                // SAFETY: in bounds (above).
                unsafe { data.get_unchecked(r * cols + c) }.bits16()
            } else {
                0
            }
        };
        let mut f: [[FragA<T>; KS]; MT] = [const { [const { FragA { r: [0; 4], _t: PhantomData } }; KS] }; MT];
        each!(MT * KS, |q| {
            let (i, j) = (q / KS, q % KS);
            // word w: row g (+ 8 for odd w), columns 2t, 2t + 1 (+ 8 for w ≥ 2)
            let word = |w: usize| {
                let (r, c) = (16 * i + g + 8 * (w & 1), 16 * j + 2 * t + 8 * (w >> 1));
                at(r, c) as u32 | (at(r, c + 1) as u32) << 16
            };
            f[i][j].r = [word(0), word(1), word(2), word(3)];
        });
        ARegs { f }
    }

    /// Fragment (`i`, `j`): rows `16i..16i + 16`, columns `16j..16j + 16` of the block.
    #[inline(always)]
    pub fn frag(&self, i: usize, j: usize) -> &FragA<T> {
        &self.f[i][j]
    }
}

/// One value per row of a warp's `16·MT`-row accumulator block ([`Accum`]): a row's maximum,
/// sum, running softmax statistics. Each lane holds the values of the rows whose accumulators it
/// holds, so they combine with those accumulators ([`Accum::map_rows`]) without lane arithmetic.
/// Made by [`RowVals::splat`] and the row reductions of [`Accum`].
#[derive(Clone, Copy)]
pub struct RowVals<const MT: usize> {
    v: [[f32; 2]; MT],
}

/// At most 8 row blocks (`2·MT ≤ 16` rows per lane), for the unrolled loops.
const fn rows_ok(mt: usize) -> bool {
    mt > 0 && mt <= 8
}

impl<const MT: usize> RowVals<MT> {
    /// `x` for every row.
    #[inline(always)]
    pub const fn splat(x: f32) -> Self {
        RowVals { v: [[x; 2]; MT] }
    }

    /// `f(x)` for each row's `x`.
    #[inline(always)]
    pub fn map(&self, f: impl Fn(f32) -> f32) -> Self {
        const { assert!(rows_ok(MT), "oxpack: `RowVals<MT>` has 1 to 8 row blocks") };
        let mut v = self.v;
        each16!(2 * MT, |q| {
            v[q / 2][q % 2] = f(v[q / 2][q % 2]);
        });
        RowVals { v }
    }

    /// `f(x, y)` for each row's `x` here and `y` in `other`.
    #[inline(always)]
    pub fn zip(&self, other: &Self, f: impl Fn(f32, f32) -> f32) -> Self {
        const { assert!(rows_ok(MT), "oxpack: `RowVals<MT>` has 1 to 8 row blocks") };
        let mut v = self.v;
        each16!(2 * MT, |q| {
            v[q / 2][q % 2] = f(v[q / 2][q % 2], other.v[q / 2][q % 2]);
        });
        RowVals { v }
    }
}

/// The 4 lanes of a quad (lanes 4g..4g + 4) hold the accumulators of the same rows: `v` combined
/// over them with `op`, in every one of them (two `shfl.xor`s).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
fn quad_reduce(v: f32, op: &impl Fn(f32, f32) -> f32) -> f32 {
    let v = op(v, crate::warp::shfl_xor(v, 1));
    op(v, crate::warp::shfl_xor(v, 2))
}

impl<const MT: usize, const NT: usize> Accum<MT, NT> {
    /// Sets to `value` every accumulator of the warp's block in column `cols` or right of it,
    /// and, with `diag` = `Some(d)`, every one whose column minus row exceeds `d`: a ragged last
    /// tile and a causal mask (e.g. `-inf` before a softmax). The same as testing each position
    /// with [`for_each_mut`](Self::for_each_mut), but with two per-lane values in all (the rest
    /// are constants of the fragment layout), where a test written per position keeps one
    /// register per element live across a kernel's loop.
    #[inline(always)]
    pub fn mask(&mut self, cols: usize, diag: Option<isize>, value: f32) {
        const { assert!(MT * NT <= 64, "oxpack: at most 64 fragments in an `Accum`") };
        let (g, t) = lane_parts();
        // element e of fragment (i, j): column 8j + (e & 1) + 2t, row 16i + 8(e >> 1) + g
        let (lane_col, lane_diag) = (2 * t as isize, 2 * t as isize - g as isize);
        let cols = cols.min(isize::MAX as usize) as isize;
        each!(MT * NT, |q| {
            let (i, j) = (q / NT, q % NT);
            let v = &mut self.c[i][j].v;
            each4!(4, |e| {
                let col = (8 * j + (e & 1)) as isize;
                let off = col - (16 * i + 8 * (e >> 1)) as isize;
                let out = lane_col >= cols - col || diag.is_some_and(|d| lane_diag > d - off);
                if out {
                    v[e] = value;
                }
            });
        });
    }

    /// Each row's `8·NT` accumulators combined with `op` (associative and commutative, as max
    /// and +), for every row: the lane's own values first, then across the 4 lanes that share the
    /// rows (`shfl.xor`). Warp-collective: all 32 lanes call it together.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn row_reduce(&self, op: impl Fn(f32, f32) -> f32) -> RowVals<MT> {
        const { assert!(MT * NT <= 64 && NT > 0 && rows_ok(MT), "oxpack: 1 to 64 fragments, 1 to 8 row blocks, in an `Accum` reduced by rows") };
        whole_warp();
        // the lane's own values: accumulators 2h, 2h + 1 of each fragment are row g + 8h's
        let mut v = [[0f32; 2]; MT];
        each!(MT * NT, |q| {
            let (i, j) = (q / NT, q % NT);
            let c = &self.c[i][j].v;
            let (x0, x1) = (op(c[0], c[1]), op(c[2], c[3]));
            v[i] = if j == 0 { [x0, x1] } else { [op(v[i][0], x0), op(v[i][1], x1)] };
        });
        // ... then across the quad
        each16!(2 * MT, |q| {
            v[q / 2][q % 2] = quad_reduce(v[q / 2][q % 2], &op);
        });
        RowVals { v }
    }

    /// Each row's maximum ([`row_reduce`](Self::row_reduce) with `max`; NaN is ignored).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn row_max(&self) -> RowVals<MT> {
        self.row_reduce(f32::max)
    }

    /// Each row's sum ([`row_reduce`](Self::row_reduce) with `+`: the lane's own values in
    /// column order, then the 4 lanes' partial sums pairwise).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn row_sum(&self) -> RowVals<MT> {
        self.row_reduce(|a, b| a + b)
    }

    /// `v ← f(v, x)` for each accumulator `v`, with `x` its row's value in `rows`.
    #[inline(always)]
    pub fn map_rows(&mut self, rows: &RowVals<MT>, f: impl Fn(f32, f32) -> f32) {
        const { assert!(MT * NT <= 64, "oxpack: at most 64 fragments in an `Accum`") };
        each!(MT * NT, |q| {
            let (i, j) = (q / NT, q % NT);
            let (c, [r0, r1]) = (&mut self.c[i][j].v, rows.v[i]);
            *c = [f(c[0], r0), f(c[1], r0), f(c[2], r1), f(c[3], r1)];
        });
    }

    /// The accumulators as an A operand (`16·MT × 8·NT`, so KS = NT / 2 fragments deep), each
    /// rounded to T (nearest even): the C fragment layout holds the same rows and column pairs
    /// as the A layout, so no value moves between lanes (attention's P, from the scores). NT must
    /// be 2·KS (checked when compiled).
    #[inline(always)]
    pub fn to_a<T: Mma16, const KS: usize>(&self) -> ARegs<T, MT, KS> {
        const { assert!(NT == 2 * KS && MT * KS <= 64, "oxpack: `Accum<MT, NT>::to_a` gives `ARegs<T, MT, KS>` with NT = 2·KS") };
        let mut f: [[FragA<T>; KS]; MT] = [const { [const { FragA { r: [0; 4], _t: PhantomData } }; KS] }; MT];
        each!(MT * KS, |q| {
            let (i, j) = (q / KS, q % KS);
            let (lo, hi) = (&self.c[i][2 * j].v, &self.c[i][2 * j + 1].v);
            let w = |x: f32, y: f32| pack(T::from_acc(x), T::from_acc(y));
            // A words: (g, 2t..), (g + 8, 2t..), (g, 2t + 8..), (g + 8, 2t + 8..);
            // C of columns 0-7: (g, 2t..) in v[0..2], (g + 8, 2t..) in v[2..4]; of 8-15 likewise
            f[i][j].r = [w(lo[0], lo[1]), w(lo[2], lo[3]), w(hi[0], hi[1]), w(hi[2], hi[3])];
        });
        ARegs { f }
    }

    /// `acc ← a·b + acc`: the warp's A block `a` (in registers) times columns `col..col + 8·NT`
    /// of the B tile `b`, over the tile's whole depth, which must be `a`'s (`16·KS`, checked when
    /// compiled); `col` a multiple of 8 with the columns inside the tile, else it traps.
    /// (`NT / 2` `ldmatrix.x4` of B per 16 of depth, an `.x2` for an odd last one, then `MT · NT`
    /// `mma.sync`.) Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn mma_a<T: Mma16, const KS: usize, TB: BTileKind<Elem = T>>(
        &mut self,
        a: &ARegs<T, MT, KS>,
        b: &TileRef<'_, TB>,
        col: usize,
    ) {
        const {
            assert!(TB::K == 16 * KS, "oxpack: `mma_a` needs a B tile as deep as the A registers (16·KS)");
            assert!(KS <= 16 && NT <= 32 && MT <= 16 && MT * NT <= 64, "oxpack: `mma_a` takes up to 16 fragment depths and 64 fragments");
        };
        if !inside(col, 8, 8 * NT, TB::N) {
            fail("a warp's accumulator block reaches outside the stage's tiles, or is not aligned to its fragments");
        }
        whole_warp();
        crate::at!();
        // B fragments a pair at a time, each used at once: few registers live across the step
        each16!(KS, |s| {
            each8!(NT / 2, |j| {
                let [b0, b1] = TB::frag_b2_raw(b, col + 16 * j, 16 * s);
                each8!(MT, |i| {
                    mma_raw(&a.f[i][s], &b0, &mut self.c[i][2 * j]);
                    mma_raw(&a.f[i][s], &b1, &mut self.c[i][2 * j + 1]);
                });
            });
            if NT % 2 == 1 {
                let b0 = TB::frag_b_raw(b, col + 8 * (NT - 1), 16 * s);
                each8!(MT, |i| {
                    mma_raw(&a.f[i][s], &b0, &mut self.c[i][NT - 1]);
                });
            }
        });
    }
}

// ---------------------------------------------------------------------------- the copy pipeline

/// The stage slot after `slot`: `slot + 1`, wrapping at S.
#[inline(always)]
const fn next_slot<const S: usize>(slot: u32) -> u32 {
    if slot as usize + 1 == S { 0 } else { slot + 1 }
}

#[doc(hidden)]
#[repr(C, align(128))] // 128: a tile starts at bank 0, which the swizzle's bank argument assumes
pub struct TileCell<T, const N: usize>(UnsafeCell<MaybeUninit<[T; N]>>);

// SAFETY: only a `Pipeline` touches the memory, under the protocol described in the module docs.
unsafe impl<T, const N: usize> Sync for TileCell<T, N> {}

impl<T, const N: usize> TileCell<T, N> {
    #[doc(hidden)]
    pub const fn new() -> Self {
        TileCell(UnsafeCell::new(MaybeUninit::uninit()))
    }
}

impl<T, const N: usize> Default for TileCell<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

/// `STAGES` stages of an A-side tile `TA` and a B-side tile `TB` in block-shared memory, filled
/// by `cp.async` from global memory by a block of `THREADS` threads; see the module docs and
/// [`cp_async_pipeline!`].
pub struct Pipeline<const STAGES: usize, const THREADS: usize, TA: TileShape, TB: TileShape> {
    a: *mut TA::Elem,
    b: *mut TB::Elem,
    /// `a` and `b` as 32-bit shared addresses (GPU only).
    sa: (u32, u32),
    /// Stages filled (and committed) so far.
    committed: Cell<u32>,
    /// The slot of the next fill (`committed % S`) and of the next wait (`consumed % S`), kept
    /// as counters that wrap at S: in a k loop unrolled by S, each copy's slot is a constant.
    fill_slot: Cell<u32>,
    read_slot: Cell<u32>,
    /// Stages waited for so far (each gave one view).
    consumed: Cell<u32>,
    /// Whether the view of the last stage waited for is alive.
    live: Cell<bool>,
    /// The first stage (by number) whose view ended after the last barrier; `u32::MAX` if none.
    released_since_barrier: Cell<u32>,
}

/// A block of `THREADS` threads, for the bound [`WholeWarps`].
pub struct Block<const THREADS: usize>;

/// Blocks of whole warps: 32, 64, …, 1024 threads. The warp-collective loads of a pipeline's
/// tiles need every warp of the block complete.
#[diagnostic::on_unimplemented(
    message = "a cp.async pipeline's THREADS must be a multiple of 32 up to 1024 (`{Self}` is not): every warp of the block must be whole for ldmatrix and mma.sync",
    label = "not a multiple of 32 threads",
    note = "give the block's thread count, e.g. `cp_async_pipeline!(3, 128, ...)` for blocks of 128 threads (4 warps)"
)]
pub trait WholeWarps {}

macro_rules! whole_warps {
    ($($n:literal)*) => {$( impl WholeWarps for Block<{ 32 * $n }> {} )*};
}
whole_warps!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32);

/// `STAGES` of a pipeline, for the bound [`StageCount`].
pub struct Stages<const S: usize>;

/// 1 to 8 stages (`cp.async.wait_group` takes an immediate count of groups still in flight).
#[diagnostic::on_unimplemented(
    message = "a cp.async pipeline has 1 to 8 stages (`{Self}` is not)",
    label = "not 1 to 8 stages",
    note = "3 or 4 stages hide the copies' latency in a GEMM"
)]
pub trait StageCount {}

impl StageCount for Stages<1> {}
impl StageCount for Stages<2> {}
impl StageCount for Stages<3> {}
impl StageCount for Stages<4> {}
impl StageCount for Stages<5> {}
impl StageCount for Stages<6> {}
impl StageCount for Stages<7> {}
impl StageCount for Stages<8> {}

impl<const S: usize, const THREADS: usize, TA: TileShape, TB: TileShape> Pipeline<S, THREADS, TA, TB> {
    /// The pipeline over `a` and `b`; only [`cp_async_pipeline!`] calls it.
    ///
    /// # Safety
    /// `a` and `b` are the `__OXPACK_SHARED` statics of one `cp_async_pipeline!` expansion (oxpack
    /// moves them to block-shared memory), used by no other live pipeline.
    #[doc(hidden)]
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub unsafe fn __new<const NA: usize, const NB: usize>(
        a: &'static TileCell<TA::Elem, NA>,
        b: &'static TileCell<TB::Elem, NB>,
    ) -> Self
    where
        Block<THREADS>: WholeWarps,
        Stages<S>: StageCount,
    {
        const {
            assert!(NA == S * TA::ROWS * TA::COLS && NB == S * TB::ROWS * TB::COLS);
            assert!(TA::COLS % TA::Elem::K_STEP == 0 && (TA::COLS / TA::Elem::CHUNK).is_power_of_two() && TA::ROWS % 16 == 0,
                    "oxpack: a shared tile has a multiple of 16 rows, whole fragment depths (32 bytes) per row, and a power-of-two number of 16-byte chunks per row");
            assert!(TB::COLS % TB::Elem::K_STEP == 0 && (TB::COLS / TB::Elem::CHUNK).is_power_of_two() && TB::ROWS % 16 == 0,
                    "oxpack: a shared tile has a multiple of 16 rows, whole fragment depths (32 bytes) per row, and a power-of-two number of 16-byte chunks per row");
        }
        let d = crate::grid::block_dim();
        if d.x as usize * d.y as usize * d.z as usize != THREADS {
            fail("the block's thread count is not the THREADS of its cp.async pipeline");
        }
        // Two live pipelines over one memory (the same macro run again, in a loop, while its
        // first pipeline lives) would race; the GPU cannot tell, the emulator refuses it.
        #[cfg(not(target_arch = "nvptx64"))]
        if !rt::pipeline_enter(a as *const _ as usize) {
            fail("cp_async_pipeline! ran again while the pipeline it made before is alive (e.g. in a loop): \
                  both would use the same shared memory; drop the first one before");
        }
        // Every copy of an earlier use of this memory (a pipeline in a loop) has landed before
        // the barrier, and nobody reads that use any more after it.
        rt::__oxpack_cp_async_wait_all();
        crate::sync::sync_threads();
        let (a, b) = (a.0.get() as *mut TA::Elem, b.0.get() as *mut TB::Elem);
        Pipeline {
            a,
            b,
            sa: (smem_addr(a), smem_addr(b)),
            committed: Cell::new(0),
            fill_slot: Cell::new(0),
            read_slot: Cell::new(0),
            consumed: Cell::new(0),
            live: Cell::new(false),
            released_since_barrier: Cell::new(u32::MAX),
        }
    }

    /// Copies the next stage: the `TA` tile whose first element is element `a_at` = (row,
    /// column) of matrix `a`, and the `TB` tile at `b_at` of `b` (elements past a matrix's edge
    /// read as zero); then commits the copies as one group. Each thread copies its own 16-byte
    /// chunks (`cp.async.cg`, or ordinary loads and stores when a matrix's rows are not
    /// 16-byte aligned). Traps when every stage is in use (filled and not yet waited for, or
    /// still viewed); adds a block barrier first when a view of the stage it reuses ended after
    /// the last barrier.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn fill(&self, a: &Matrix<'_, TA::Elem>, a_at: (usize, usize), b: &Matrix<'_, TB::Elem>, b_at: (usize, usize)) {
        let slot = self.begin_fill();
        let t = crate::block_thread_linear();
        // SAFETY: `begin_fill` gave this block's stage to write (see there).
        unsafe {
            copy_tile::<TA, THREADS>(self.a.add(slot * TA::ROWS * TA::COLS), a, a_at, t);
            copy_tile::<TB, THREADS>(self.b.add(slot * TB::ROWS * TB::COLS), b, b_at, t);
        }
        self.end_fill();
    }

    /// The protocol's side of a fill: traps when every stage is in use, adds the barrier that a
    /// reused stage needs, and gives the A and B tiles of the stage to write.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    fn begin_fill(&self) -> usize {
        let (c, done) = (self.committed.get(), self.consumed.get());
        // stages in use: filled but not waited for, plus the one still viewed
        if (c - done) as usize + self.live.get() as usize >= S {
            fail("cp.async pipeline: every stage is in use; wait for a stage (and drop its view) before filling another");
        }
        // the stage reused is the one of stage number c - S, whose view has ended (above)
        if c as usize >= S && c - S as u32 >= self.released_since_barrier.get() {
            crate::sync::sync_threads();
            self.released_since_barrier.set(u32::MAX);
        }
        // `slot` = c % S < S: the stage is inside each cell; the protocol above makes it this
        // block's to write until `end_fill` (no view of it lives, and every earlier one ended
        // before a barrier).
        self.fill_slot.get() as usize
    }

    /// Commits the copies of the stage that `begin_fill` gave as one group.
    #[inline(always)]
    fn end_fill(&self) {
        rt::__oxpack_cp_async_commit();
        self.committed.set(self.committed.get() + 1);
        self.fill_slot.set(next_slot::<S>(self.fill_slot.get()));
    }

    /// [`fill`](Self::fill) for a GEMM's k-step: A's tile at rows `m0..`, columns `k0..` of `a`;
    /// B's at depth `k0..`, columns `n0..`, wherever its storage order puts them in `b` (row
    /// `k0`, column `n0` of a `K × N` matrix, row `n0`, column `k0` of an `N × K` one).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn fill_k(&self, a: &Matrix<'_, TA::Elem>, b: &Matrix<'_, TB::Elem>, m0: usize, n0: usize, k0: usize)
    where
        TB: BSide,
    {
        self.fill(a, (m0, k0), b, TB::origin(k0, n0));
    }

    /// Whether the tiles of k steps `0..steps` (A's at rows `m0..`, depth `s·K..` for step s; B's
    /// at depth `s·K..`, columns `n0..`, as [`fill_k`](Self::fill_k) places them) all lie wholly
    /// inside both matrices, with rows 16-byte aligned: if so, the proof of it, for
    /// [`fill_k_whole`](Self::fill_k_whole). Checked once, for a whole k loop: a GEMM whose block
    /// tile is inside C and whose k is a multiple of the depth gets `Some`, and runs its k loop
    /// with `fill_k_whole`; elsewhere (a ragged edge) `None`, and the general `fill_k` loop.
    #[inline(always)]
    pub fn whole_k<'m>(
        &self,
        a: &Matrix<'m, TA::Elem>,
        b: &Matrix<'m, TB::Elem>,
        m0: usize,
        n0: usize,
        steps: usize,
    ) -> Option<WholeK<'m, TA, TB>>
    where
        TB: BSide,
    {
        // The last step's tiles inside: every earlier step's are too, since a tile's origin
        // ((m0, s·K) for A, `TB::origin(s·K, n0)` for B) grows with s in each coordinate and
        // "inside" bounds each coordinate from above only. (Inside, `last + K ≤ cols` of A: so
        // `s·K` does not overflow for any s < steps.)
        let last = (steps.checked_sub(1)?).checked_mul(TA::COLS)?;
        let ok = whole_inside::<TA>(a, (m0, last)) && whole_inside::<TB>(b, TB::origin(last, n0));
        ok.then(|| WholeK {
            a: (a.data().as_ptr(), a.cols() as usize),
            b: (b.data().as_ptr(), b.cols() as usize),
            m0,
            n0,
            steps,
            _m: PhantomData,
        })
    }

    /// [`fill_k`](Self::fill_k) for step `s` of a k loop that [`whole_k`](Self::whole_k) proved
    /// whole (depth `s·K`, `s < steps`; a later step traps): only the whole-tile `cp.async`
    /// copies, none of the ragged-edge or unaligned paths, and no per-step test of the tiles'
    /// place. With the edge paths in the loop, their per-chunk values stay live across every k
    /// step, and at 254 registers ptxas recomputes the fragment addresses from the lane id each
    /// step (issue 19: 292 instructions a k step against 234 with this fill, sm_90).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn fill_k_whole(&self, whole: &WholeK<'_, TA, TB>, s: usize)
    where
        TB: BSide,
    {
        if s >= whole.steps {
            fail("cp.async pipeline: fill_k_whole past the steps that whole_k proved whole; use fill_k");
        }
        let slot = self.begin_fill();
        let t = crate::block_thread_linear();
        let k0 = s * TA::COLS;
        let (at, bt) = (slot * TA::ROWS * TA::COLS, slot * TB::ROWS * TB::COLS);
        let (da, db) = (self.a.wrapping_add(at), self.b.wrapping_add(bt));
        let sa = self.sa.0.wrapping_add((at * core::mem::size_of::<TA::Elem>()) as u32);
        let sb = self.sa.1.wrapping_add((bt * core::mem::size_of::<TB::Elem>()) as u32);
        // SAFETY: `begin_fill` gave this block's stage to write (`sa`, `sb`: its shared
        // addresses); `whole` proved the tiles of every step below `steps` (s is) wholly inside
        // their matrices with aligned rows, and borrows the matrices' data while it lives.
        unsafe {
            copy_whole::<TA, THREADS>((da, sa), whole.a, (whole.m0, k0), t);
            copy_whole::<TB, THREADS>((db, sb), whole.b, TB::origin(k0, whole.n0), t);
        }
        self.end_fill();
    }

    /// Waits for the oldest filled stage (`cp.async.wait_group`, then a block barrier) and returns
    /// its view. Traps when no stage is filled, or while the previous view is alive.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn wait(&self) -> Stage<'_, S, THREADS, TA, TB> {
        let (c, done) = (self.committed.get(), self.consumed.get());
        if self.live.get() {
            fail("cp.async pipeline: wait() while the previous stage's view is alive; drop it first");
        }
        if c == done {
            fail("cp.async pipeline: wait() with no stage filled; fill() one first");
        }
        // this thread's copies of the stage have landed when at most the newer groups are in
        // flight. `cp.async.wait_group` takes an immediate: a count known only when running goes
        // through a jump table, so from S - 2 newer groups up (a GEMM's steady state) it waits
        // until at most S - 2, a constant, are in flight (waiting for more groups than the stage
        // needs is still correct; it only waits longer, and only when S - 2 < newer).
        let newer = c - done - 1;
        if newer as usize >= S.saturating_sub(2) {
            rt::__oxpack_cp_async_wait(S.saturating_sub(2) as u32);
        } else {
            rt::__oxpack_cp_async_wait(newer);
        }
        crate::sync::sync_threads(); // ... and every thread's, for every thread, after this
        self.released_since_barrier.set(u32::MAX);
        self.consumed.set(done + 1);
        self.live.set(true);
        let slot = self.read_slot.get(); // done % S
        self.read_slot.set(next_slot::<S>(slot));
        Stage { pipe: self, slot: slot as usize }
    }

    /// How many stages are filled and not yet waited for.
    #[inline(always)]
    pub fn in_flight(&self) -> usize {
        (self.committed.get() - self.consumed.get()) as usize
    }
}

impl<const S: usize, const THREADS: usize, TA: TileShape, TB: TileShape> Drop for Pipeline<S, THREADS, TA, TB> {
    #[inline(always)]
    fn drop(&mut self) {
        rt::__oxpack_cp_async_wait_all(); // no copy lands after the pipeline is gone
        #[cfg(not(target_arch = "nvptx64"))]
        rt::pipeline_exit(self.a as usize);
    }
}

/// Copies one `Tl` tile from `src` at `at` into `dst` (swizzled): chunk `q` of the tile is thread
/// `q % THREADS`'s, for `t` the calling thread's linear index in its block of `THREADS`.
///
/// # Safety
/// `dst` is a whole tile of the block's shared memory that no one reads or writes meanwhile
/// except the block's threads through this function, each with its own `t`.
#[inline(always)]
unsafe fn copy_tile<Tl: TileShape, const THREADS: usize>(
    dst: *mut Tl::Elem,
    src: &Matrix<'_, Tl::Elem>,
    at: (usize, usize),
    t: usize,
) {
    let per = Tl::Elem::CHUNK; // elements per 16-byte chunk
    let size = core::mem::size_of::<Tl::Elem>();
    let per_row = Tl::COLS / per;
    let chunks = Tl::ROWS * per_row;
    const { assert!(Tl::ROWS * Tl::COLS / Tl::Elem::CHUNK <= 64 * THREADS, "oxpack: at most 64 chunks per thread in a tile") };
    let data = src.data();
    let (rows, cols) = (src.rows() as usize, src.cols() as usize);
    // Chunk q of the tile: row q / per_row, chunk q % per_row, its elements inside the matrix (0
    // to `per`), where it starts in the matrix, and where it goes in the tile.
    let chunk = |q: usize| {
        let (r, ch) = (q / per_row, q % per_row);
        let (gr, gc) = (at.0.saturating_add(r), at.1.saturating_add(per * ch));
        let valid = if gr < rows && gc < cols { (cols - gc).min(per) } else { 0 };
        // In the matrix when valid > 0: gr·cols + gc + valid ≤ gr·cols + cols ≤ rows·cols ≤ len
        // (`matrix`); `offset` permutes the chunks of row r < ROWS, so `to` is in the tile.
        let from = if valid > 0 { data.as_ptr().wrapping_add(gr * cols + gc) } else { data.as_ptr() };
        (valid, from, dst.wrapping_add(offset::<Tl>(r, ch)))
    };
    // cp.async reads 16 aligned bytes: every chunk of a row is, when the rows are (a uniform test)
    let aligned = data.as_ptr() as usize % 16 == 0 && cols % per == 0;
    // (No separate path for a tile wholly inside the matrix here: its k loop is `fill_k_whole`'s,
    // and a third path's per-chunk addresses, live across the k steps of a loop that reaches a
    // ragged edge, made ptxas spill there.)
    if aligned {
        each16!(chunks.div_ceil(THREADS), |i| {
            let q = t + i * THREADS;
            if q < chunks {
                let (valid, from, to) = chunk(q);
                // SAFETY: `to` is 16 bytes of the tile, this thread's alone (q ↦ (r, ch) is
                // one-to-one and q belongs to t alone); `from` has `size·valid` readable bytes.
                unsafe { rt::__oxpack_cp_async_16(to as *mut u8, from as *const u8, (size * valid) as u32) };
            }
        });
    } else {
        each16!(chunks.div_ceil(THREADS), |i| {
            let q = t + i * THREADS;
            if q < chunks {
                let (valid, from, to) = chunk(q);
                let mut v = Chunk([0u8; 16]);
                let into = v.0.as_mut_ptr() as *mut Tl::Elem;
                each16!(Tl::Elem::CHUNK, |e| {
                    if e < valid {
                        // SAFETY: element e < valid of the chunk is in the matrix (above); the
                        // chunk buffer is 16-byte aligned with room for `per` elements.
                        unsafe { into.add(e).write(from.add(e).read()) };
                    }
                });
                // SAFETY: as above; a 16-byte-aligned chunk (the cell is 128-aligned, chunks 16).
                unsafe { (to as *mut Chunk).write(v) };
            }
        });
    }
}

/// Whether the `Tl` tile at `at` lies wholly inside `src`, whose rows are 16-byte aligned: then
/// every chunk of it is 16 whole, aligned bytes of `src`, for [`copy_whole`]; and `ROWS` rows of
/// `src` span less than 4 GiB (`copy_whole`'s 32-bit offsets: a row of 32 M bf16 at the most).
#[inline(always)]
fn whole_inside<Tl: TileShape>(src: &Matrix<'_, Tl::Elem>, at: (usize, usize)) -> bool {
    let (rows, cols) = (src.rows() as usize, src.cols() as usize);
    // cp.async reads 16 aligned bytes: every chunk of a row is, when the rows are
    let aligned = src.data().as_ptr() as usize % 16 == 0 && cols % Tl::Elem::CHUNK == 0;
    let narrow = cols <= u32::MAX as usize / (Tl::ROWS * core::mem::size_of::<Tl::Elem>());
    aligned && narrow && at.0 < rows && rows - at.0 >= Tl::ROWS && at.1 < cols && cols - at.1 >= Tl::COLS
}

/// A matrix as [`copy_whole`] reads it: its data and its number of columns.
type Source<T> = (*const T, usize);

/// The whole-tile copy of [`copy_tile`]: chunk `q` of the tile is thread `q % THREADS`'s, each
/// one 16-byte `cp.async`, with no edge arithmetic.
///
/// # Safety
/// As [`copy_tile`] for `dst.0`, a tile whose 32-bit shared address is `dst.1`; and
/// `whole_inside::<Tl>(m, at)` holds for the matrix `m` whose data and
/// columns `src` are, its data alive until the copies have landed (the pipeline's
/// `cp.async.wait_group`s: at the latest its drop).
#[inline(always)]
unsafe fn copy_whole<Tl: TileShape, const THREADS: usize>(
    dst: (*mut Tl::Elem, u32),
    src: Source<Tl::Elem>,
    at: (usize, usize),
    t: usize,
) {
    let per = Tl::Elem::CHUNK;
    let per_row = Tl::COLS / per;
    let chunks = Tl::ROWS * per_row;
    const { assert!(Tl::ROWS * Tl::COLS / Tl::Elem::CHUNK <= 64 * THREADS, "oxpack: at most 64 chunks per thread in a tile") };
    let (data, cols) = src;
    let size = core::mem::size_of::<Tl::Elem>();
    // element (at.0 + r, at.1 + c) of the matrix: at.0 + r < rows, at.1 + c < cols. The base is
    // the same in every thread of the block (a uniform register), each chunk's byte offset from
    // it below ROWS·cols·size < 2³² (the caller's `whole_inside`): a 32-bit offset each, loop
    // invariant, so a k step moves one base instead of a 64-bit pointer per chunk.
    let base = data.wrapping_add(at.0 * cols + at.1) as *const u8;
    each16!(chunks.div_ceil(THREADS), |i| {
        let q = t + i * THREADS;
        if q < chunks {
            let (r, ch) = (q / per_row, q % per_row);
            let from = base.wrapping_add(((r * cols + per * ch) * size) as u32 as usize);
            let to = offset::<Tl>(r, ch);
            // SAFETY: `to` is 16 bytes of the tile, this thread's alone (q ↦ (r, ch) is
            // one-to-one and q belongs to t alone; `offset` permutes row r's chunks); `from` is
            // chunk `ch` of row at.0 + r < rows, columns at.1 + per·ch .. + per ≤ cols (the tile
            // is inside the matrix): `per` elements, 16 bytes, inside the data ((at.0 + r)·cols +
            // cols ≤ rows·cols ≤ len, `matrix`), 16-byte aligned (aligned data, cols % per == 0);
            // its offset (r·cols + per·ch)·size < ROWS·cols·size ≤ u32::MAX (`whole_inside`), so
            // the `as u32` keeps it whole.
            // On the GPU by the tile's 32-bit shared address (`dst.1`), elsewhere its pointer.
            #[cfg(target_arch = "nvptx64")]
            unsafe {
                rt::__oxpack_cp_async_16_s(dst.1.wrapping_add((to * core::mem::size_of::<Tl::Elem>()) as u32), from as *const u8)
            };
            #[cfg(not(target_arch = "nvptx64"))]
            // SAFETY: as above.
            unsafe {
                rt::__oxpack_cp_async_16(dst.0.wrapping_add(to) as *mut u8, from as *const u8, 16)
            };
        }
    });
}

/// Proof, from [`Pipeline::whole_k`], that the tiles of k steps `0..steps` of a GEMM's block lie
/// wholly inside both matrices with 16-byte-aligned rows: what [`Pipeline::fill_k_whole`] copies
/// without a test per step. Holds the matrices' data borrowed (`'m`).
pub struct WholeK<'m, TA: TileShape, TB: TileShape> {
    a: Source<TA::Elem>,
    b: Source<TB::Elem>,
    m0: usize,
    n0: usize,
    steps: usize,
    _m: PhantomData<(&'m [TA::Elem], &'m [TB::Elem])>,
}

impl<TA: TileShape, TB: TileShape> WholeK<'_, TA, TB> {
    /// The number of k steps proved whole.
    #[inline(always)]
    pub fn steps(&self) -> usize {
        self.steps
    }
}

#[repr(C, align(16))]
struct Chunk([u8; 16]);

/// The view of one filled stage of a [`Pipeline`], from [`Pipeline::wait`]: its tiles are
/// complete and visible to the whole block while it lives. Dropping it lets the stage be
/// filled again (after a barrier).
pub struct Stage<'p, const S: usize, const THREADS: usize, TA: TileShape, TB: TileShape> {
    pipe: &'p Pipeline<S, THREADS, TA, TB>,
    slot: usize,
}

impl<const S: usize, const THREADS: usize, TA: TileShape, TB: TileShape> Stage<'_, S, THREADS, TA, TB> {
    /// The stage's A-side tile.
    #[inline(always)]
    pub fn a(&self) -> TileRef<'_, TA> {
        let at = self.slot * TA::ROWS * TA::COLS;
        let sa = self.pipe.sa.0.wrapping_add((at * core::mem::size_of::<TA::Elem>()) as u32);
        TileRef { ptr: self.pipe.a.wrapping_add(at), sa, _s: PhantomData }
    }

    /// The stage's B-side tile.
    #[inline(always)]
    pub fn b(&self) -> TileRef<'_, TB> {
        let at = self.slot * TB::ROWS * TB::COLS;
        let sa = self.pipe.sa.1.wrapping_add((at * core::mem::size_of::<TB::Elem>()) as u32);
        TileRef { ptr: self.pipe.b.wrapping_add(at), sa, _s: PhantomData }
    }
}

impl<const S: usize, const THREADS: usize, TA: TileShape, TB: TileShape> Drop for Stage<'_, S, THREADS, TA, TB> {
    #[inline(always)]
    fn drop(&mut self) {
        let p = self.pipe;
        if p.released_since_barrier.get() == u32::MAX {
            p.released_since_barrier.set(p.consumed.get() - 1); // this view's stage number
        }
        p.live.set(false);
    }
}

/// Declares a [`Pipeline`] of `STAGES` stages of an A-side and a B-side tile in block-shared
/// memory, for a block of `THREADS` threads (checked: another block size traps), e.g.
/// `cp_async_pipeline!(3, 128, ATile<BF16, 128, 32>, BtTile<BF16, 128, 32>)`. Creating it is a
/// block barrier. Shared memory holds `STAGES` × both tiles (48 KiB at most in all, with the
/// block's other shared arrays).
#[macro_export]
macro_rules! cp_async_pipeline {
    ($stages:expr, $threads:expr, $ta:ty, $tb:ty $(,)?) => {{
        let __a = {
            static __OXPACK_SHARED: $crate::mma::TileCell<
                <$ta as $crate::mma::TileShape>::Elem,
                { $stages * <$ta as $crate::mma::TileShape>::ROWS * <$ta as $crate::mma::TileShape>::COLS },
            > = $crate::mma::TileCell::new();
            &__OXPACK_SHARED
        };
        let __b = {
            static __OXPACK_SHARED: $crate::mma::TileCell<
                <$tb as $crate::mma::TileShape>::Elem,
                { $stages * <$tb as $crate::mma::TileShape>::ROWS * <$tb as $crate::mma::TileShape>::COLS },
            > = $crate::mma::TileCell::new();
            &__OXPACK_SHARED
        };
        // SAFETY: the two statics above, this expansion's own, in block-shared memory.
        unsafe { $crate::mma::Pipeline::<{ $stages }, { $threads }, $ta, $tb>::__new(__a, __b) }
    }};
}

// ---------------------------------------------------------------------------- output ownership

/// Output layout for tensor-core tiles: a row-major matrix of `width` columns (the shape, `=
/// (width)` in `kernel!`) cut into `BM × BN` block tiles, each cut into `WM × WN` warp tiles.
///
/// Block `b` of a 1-D grid owns block tile (`tm`, `tn`), numbered in bands of 8 tile rows (tile
/// columns first within a band, for L2 reuse): a one-to-one map of `0..tiles` onto the tiles.
/// Warp `w` of the block owns warp tile (`w / (BN / WN)`, `w % (BN / WN)`) of it, and each lane
/// the elements of the accumulator fragment layout there. The block must have exactly `(BM / WM)
/// · (BN / WN)` warps and the grid be 1-D, else [`warp_tile`](DisjointSlice::warp_tile) gives
/// `None`; so no two lanes of a launch own one element.
pub struct WarpTiles<const BM: usize, const BN: usize, const WM: usize, const WN: usize>;

impl<const BM: usize, const BN: usize, const WM: usize, const WN: usize> Sealed for WarpTiles<BM, BN, WM, WN> {}
impl<const BM: usize, const BN: usize, const WM: usize, const WN: usize> Layout for WarpTiles<BM, BN, WM, WN> {}

crate::disjoint::bind_shape! {
    [const BM: usize, const BN: usize, const WM: usize, const WN: usize] WarpTiles<BM, BN, WM, WN> => [width];
}

/// The accumulator blocks that fill a `WM × WN` warp tile: `Accum<WM / 16, WN / 8>`, for warp
/// tiles of 16 to 128 rows and 8 to 128 columns.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not fill the output's {WM} × {WN} warp tiles: they store an `Accum<WM / 16, WN / 8>`",
    label = "not `Accum<WM / 16, WN / 8>` for this output",
    note = "a warp tile of `WarpTiles<BM, BN, WM, WN>` stores an `Accum<WM / 16, WN / 8>`, e.g. `Accum<4, 8>` for 64 × 64"
)]
pub trait AccumFor<const WM: usize, const WN: usize>: Sealed {
    #[doc(hidden)]
    const MT: usize;
    #[doc(hidden)]
    const NT: usize;
    #[doc(hidden)]
    fn values(&self, i: usize, j: usize) -> &[f32; 4];
}

impl<const MT: usize, const NT: usize> Sealed for Accum<MT, NT> {}

macro_rules! accum_for {
    ([$($mt:literal)*] $nts:tt) => {$( accum_for!(@ $mt $nts); )*};
    (@ $mt:literal [$($nt:literal)*]) => {$(
        impl AccumFor<{ 16 * $mt }, { 8 * $nt }> for Accum<$mt, $nt> {
            const MT: usize = $mt;
            const NT: usize = $nt;
            #[inline(always)]
            fn values(&self, i: usize, j: usize) -> &[f32; 4] {
                &self.c[i][j].v
            }
        }
    )*};
}
accum_for!([1 2 3 4 5 6 7 8] [1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16]);

impl<T: Elem, const BM: usize, const BN: usize, const WM: usize, const WN: usize>
    DisjointSlice<T, WarpTiles<BM, BN, WM, WN>>
{
    tile_grid_methods!();

    /// The calling warp's tile (see [`WarpTiles`]); `None` for a block past the last tile, or
    /// when the block does not have `(BM / WM) · (BN / WN)` warps or the grid is not 1-D (the
    /// same for every thread of a block, so a block may return as a whole).
    #[inline(always)]
    pub fn warp_tile(&mut self) -> Option<WarpTile<'_, T, BM, BN, WM, WN>> {
        const {
            assert!(BM % WM == 0 && BN % WN == 0 && WM % 16 == 0 && WN % 8 == 0 && WM > 0 && WN > 0,
                    "oxpack: `WarpTiles<BM, BN, WM, WN>` needs WM | BM, WN | BN, 16 | WM and 8 | WN");
        }
        let warps = (BM / WM) * (BN / WN);
        let (b, width, tiles_m, tiles_n) = tile_grid!(block_idx, self, warps * 32, BM, BN);
        let block = b.x as usize;
        if block >= tiles_m * tiles_n {
            return None;
        }
        let (tm, tn) = band_tile!(block, tiles_m, tiles_n);
        let w = crate::block_thread_linear() / 32;
        Some(WarpTile {
            ptr: self.ptr,
            len: self.len,
            width,
            row0: tm * BM,
            col0: tn * BN,
            pos: WarpPos { row: (w / (BN / WN)) * WM, col: (w % (BN / WN)) * WN },
            _out: PhantomData,
        })
    }
}

/// The calling warp's `WM × WN` tile of a [`WarpTiles`] output; see
/// [`DisjointSlice::warp_tile`](DisjointSlice#method.warp_tile).
pub struct WarpTile<'a, T, const BM: usize, const BN: usize, const WM: usize, const WN: usize> {
    ptr: *mut T,
    len: usize,
    width: usize,
    row0: usize,
    col0: usize,
    pos: WarpPos,
    _out: PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const BM: usize, const BN: usize, const WM: usize, const WN: usize> WarpTile<'_, T, BM, BN, WM, WN> {
    /// The first row of the block's tile in the output (and in A).
    #[inline(always)]
    pub fn block_row(&self) -> usize {
        self.row0
    }

    /// The first column of the block's tile in the output (and in B).
    #[inline(always)]
    pub fn block_col(&self) -> usize {
        self.col0
    }

    /// Where the warp's tile sits inside the block's: its rows of the A tiles, its columns of
    /// the B tiles, for [`Accum::mma_tile`].
    #[inline(always)]
    pub fn pos(&self) -> WarpPos {
        self.pos
    }

    /// Writes the warp's accumulators, converted to T (f32 as is, BF16 and F16 rounded to
    /// nearest even); elements outside the output (a ragged edge) are skipped.
    #[inline(always)]
    pub fn store<A: AccumFor<WM, WN>>(&mut self, acc: &A)
    where
        T: FromAccum,
    {
        self.store_with(acc, |_, _, v| T::from_acc(v));
    }

    /// Writes `f(row, col, v)` for each of the warp's accumulators `v`, with its row and column
    /// in the output (an epilogue: bias, activation, scaling, …); elements outside the output
    /// are skipped (and `f` not called for them).
    #[inline(always)]
    pub fn store_with<A: AccumFor<WM, WN>>(&mut self, acc: &A, f: impl Fn(usize, usize, f32) -> T) {
        const { assert!(A::MT * A::NT <= 64, "oxpack: at most 64 fragments in an `Accum`") };
        self.store_frags(A::MT, A::NT, |i, j| *acc.values(i, j), f);
    }

    /// Writes `f(row, col, v)` for each of the lane's 4 accumulators `v` of each of the warp's
    /// `mt × nt` fragments (`frag(i, j)`: fragment (i, j)'s, in the C layout), skipping elements
    /// outside the output: the one store of every accumulator kind (f32 and s32).
    #[inline(always)]
    fn store_frags<V: Copy>(&mut self, mt: usize, nt: usize, frag: impl Fn(usize, usize) -> [V; 4], f: impl Fn(usize, usize, V) -> T) {
        let (g, t) = lane_parts();
        let (row, col) = (self.row0 + self.pos.row + g, self.col0 + self.pos.col + 2 * t);
        let (ptr, len, width) = (self.ptr, self.len, self.width);
        // 16·mt × 8·nt is the warp tile (the callers' `const` checks), so (i, j, e) below stay in it
        each!(mt * nt, |q| {
            let (i, j) = (q / nt, q % nt);
            let v = frag(i, j);
            // accumulators 0 to 3 of the lane: (row g, column 2t), (g, 2t + 1), (g + 8, 2t), (g + 8, 2t + 1)
            each4!(4, |e| {
                let (r, c) = (row + 16 * i + 8 * (e >> 1), col + 8 * j + (e & 1));
                // r < tiles_m · BM, so r · width fits (checked in `warp_tile`)
                let k = r * width + c;
                if c < width && k < len {
                    // SAFETY: in bounds; (block tile, warp tile, lane, i, j, e) ↦ (r, c) is
                    // one-to-one (see `WarpTiles`), and so is (r, c) ↦ r·width + c for c < width,
                    // so no other lane of the launch writes element k; `&mut self` keeps this
                    // thread to one reference.
                    unsafe { ptr.add(k).write(f(r, c, v[e])) };
                }
            });
        });
    }
}

/// Output layout for attention-like outputs: `groups` sequences (a batch × heads, each `rows ×
/// N`, row-major, one after the other: a contiguous `(batch, heads, rows, N)` tensor), `rows`
/// the shape (`= (seq)` in `kernel!`), cut into tiles of `BM` rows of one sequence, each cut into
/// `WM`-row parts, one per warp.
///
/// Block `b` of a 1-D grid owns tile `tiles - 1 - b / groups` of sequence `b % groups` (`tiles
/// = ceil(rows / BM)`: the last tiles first, which are the longest under a causal mask); warp `w`
/// of it rows `w·WM..(w + 1)·WM` of the tile, all `N` columns, and each lane the elements of the
/// accumulator fragment layout there. A one-to-one map of blocks onto tiles, so no two lanes of a
/// launch own an element. The block must have exactly `BM / WM` warps and the grid be 1-D, else
/// [`seq_tile`](DisjointSlice::seq_tile) gives `None`; rows past a sequence's end (a ragged last
/// tile) are not stored.
pub struct SeqTiles<const BM: usize, const WM: usize, const N: usize>;

impl<const BM: usize, const WM: usize, const N: usize> Sealed for SeqTiles<BM, WM, N> {}
impl<const BM: usize, const WM: usize, const N: usize> Layout for SeqTiles<BM, WM, N> {}

crate::disjoint::bind_shape! {
    [const BM: usize, const WM: usize, const N: usize] SeqTiles<BM, WM, N> => [seq];
}

impl<T: Elem, const BM: usize, const WM: usize, const N: usize> DisjointSlice<T, SeqTiles<BM, WM, N>> {
    /// Rows per sequence, bound from the launch's parameters.
    #[inline(always)]
    pub fn seq_len(&self) -> usize {
        self.shape[0]
    }

    /// How many whole sequences (`rows × N` each) the output holds.
    #[inline(always)]
    pub fn groups(&self) -> usize {
        match self.shape[0].checked_mul(N) {
            Some(per) if per > 0 => self.len / per,
            _ => 0,
        }
    }

    /// How many tiles cover the output (`groups · ceil(rows / BM)`): launch that many blocks
    /// (or more: the others get no tile).
    #[inline(always)]
    pub fn block_tiles(&self) -> usize {
        self.groups() * self.shape[0].div_ceil(BM)
    }

    /// The calling warp's part of its block's tile (see [`SeqTiles`]); `None` for a block past
    /// the last tile, or when the block does not have `BM / WM` warps or the grid is not 1-D
    /// (the same for every thread of a block, so a block may return as a whole).
    #[inline(always)]
    pub fn seq_tile(&mut self) -> Option<SeqTile<'_, T, BM, WM, N>> {
        const {
            assert!(BM % WM == 0 && WM % 16 == 0 && N % 8 == 0 && WM > 0 && N > 0,
                    "oxpack: `SeqTiles<BM, WM, N>` needs WM | BM, 16 | WM and 8 | N");
        }
        let (d, g, b) = (crate::grid::block_dim(), crate::grid::grid_dim(), crate::grid::block_idx());
        if d.x as usize * d.y as usize * d.z as usize != (BM / WM) * 32 || g.y != 1 || g.z != 1 {
            return None;
        }
        let (rows, groups) = (self.shape[0], self.groups());
        let tiles = rows.div_ceil(BM);
        let block = b.x as usize;
        if groups == 0 || block >= groups * tiles {
            return None;
        }
        let w = crate::block_thread_linear() / 32;
        let row0 = (tiles - 1 - block / groups) * BM;
        Some(SeqTile {
            ptr: self.ptr,
            group: block % groups,
            rows,
            row0,
            warp_row: row0 + w * WM,
            _out: PhantomData,
        })
    }
}

/// The calling warp's `WM × N` part of a [`SeqTiles`] output; see
/// [`DisjointSlice::seq_tile`](DisjointSlice#method.seq_tile).
pub struct SeqTile<'a, T, const BM: usize, const WM: usize, const N: usize> {
    ptr: *mut T,
    group: usize,
    rows: usize,
    row0: usize,
    warp_row: usize,
    _out: PhantomData<&'a mut DisjointSlice<T>>,
}

impl<T: Elem, const BM: usize, const WM: usize, const N: usize> SeqTile<'_, T, BM, WM, N> {
    /// The sequence (batch × head) of the block's tile: `0..groups`.
    #[inline(always)]
    pub fn group(&self) -> usize {
        self.group
    }

    /// The first row of the block's tile in its sequence.
    #[inline(always)]
    pub fn block_row(&self) -> usize {
        self.row0
    }

    /// The first row of the warp's part in its sequence (`block_row` + `WM`·warp).
    #[inline(always)]
    pub fn warp_row(&self) -> usize {
        self.warp_row
    }

    /// Writes the warp's accumulators (its `WM × N` part), converted to T (f32 as is, BF16 and
    /// F16 rounded to nearest even); rows past the sequence's end are skipped.
    #[inline(always)]
    pub fn store<A: AccumFor<WM, N>>(&mut self, acc: &A)
    where
        T: FromAccum,
    {
        const { assert!(A::MT * A::NT <= 64, "oxpack: at most 64 fragments in an `Accum`") };
        let (g, t) = lane_parts();
        // the sequence starts at group · rows · N < groups · rows · N ≤ len (`seq_tile`)
        let base = self.ptr.wrapping_add(self.group * self.rows * N);
        let (row, rows) = (self.warp_row + g, self.rows);
        each!(A::MT * A::NT, |q| {
            let (i, j) = (q / A::NT, q % A::NT);
            let v = acc.values(i, j);
            each4!(4, |e| {
                let (r, c, x) = (row + 16 * i + 8 * (e >> 1), 8 * j + 2 * t + (e & 1), v[e]);
                if r < rows {
                    // SAFETY: r < rows and c < N: inside the group's sequence, inside the slice;
                    // (block, warp, lane, i, j, e) ↦ (group, r, c) is one-to-one (see `SeqTiles`),
                    // so no other lane of the launch writes it; `&mut self` keeps this thread to
                    // one reference.
                    unsafe { base.add(r * N + c).write(T::from_acc(x)) };
                }
            });
        });
    }
}

// ---------------------------------------------------------------------------- int8

pub mod s8;
