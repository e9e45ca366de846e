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
//! **The copy pipeline** ([`async_copy`](crate::async_copy)). [`cp_async_pipeline!`] declares `STAGES` stages of an A tile and a B
//! tile in block-shared memory, filled from global memory by `cp.async` (16 bytes per copy, the
//! bytes past a matrix's edge zero-filled, so any M, N, K works; a matrix whose rows are not
//! 16-byte aligned is copied by ordinary loads instead). Its protocol is checked as it runs:
//! - [`Pipeline::fill`](crate::async_copy::Pipeline::fill) copies one stage (each thread its own 16-byte chunks) and commits it
//!   as a group; it traps when every stage is in use;
//! - [`Pipeline::wait`](crate::async_copy::Pipeline::wait) waits for the oldest stage's group (`cp.async.wait_group`), then a
//!   block barrier, and only then returns the [`Stage`](crate::async_copy::Stage) view that reads it: the destination
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
//! tensor, a warp per 16 rows of one sequence, and [`VarlenTiles`] that of a packed `(total,
//! heads, d)` batch of sequences of different lengths (offsets in device memory).
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
//!
//! The module's parts, each with its own safety argument:
//!
//! | file | what it wraps |
//! | --- | --- |
//! | `mma/mod.rs` | the element types ([`MmaInput`], [`Mma16`], [`FromAccum`]), the whole-warp check |
//! | `mma/frag.rs` | fragments in registers and `mma.sync`: a lane holds only its own part of the fragment layout |
//! | `mma/accum.rs` | a warp's accumulator blocks, A in registers, row values, and the loops over a stage's tiles |
//! | `mma/operand.rs` | operand tiles in shared memory and their `ldmatrix` loads: swizzled, bounds-checked per fragment |
//! | `mma/warp_tiles.rs` | the output layouts [`WarpTiles`] and [`SeqTiles`]: one warp per output tile, one lane per element |
//! | `mma/varlen_tiles.rs` | the output layout [`VarlenTiles`] of variable-length sequences: the offsets in device memory checked by every block before it writes |
//! | [`s8`] | the int8 fragments and `mma.sync` m16n8k32 |
//! | [`async_copy`](crate::async_copy) | the `cp.async` pipeline that fills the operand tiles |

use crate::half::{BF16, F16};
use crate::matrix::Matrix;
use crate::warp::lane_id;
use crate::Elem;


/// The 32-bit shared-memory address of `p`, a pointer into block-shared memory (on the GPU; the
/// host's tiles go by their pointers, and this is 0 there).
#[inline(always)]
pub(crate) fn smem_addr<T>(p: *const T) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    return rt::__oxpack_smem_addr(p as *const u8);
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = p;
        0
    }
}
use crate::intrinsics::mma as rt;

crate::fail_fn!(pub(crate));

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

pub(crate) use each16;

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
    /// Two accumulators rounded to `Self` as one fragment word, `lo` the lower column (or depth), as
    /// `ldmatrix` and `mma.sync` place them: one conversion instruction for the pair.
    #[doc(hidden)]
    fn pack_acc(lo: f32, hi: f32) -> u32;
}
impl Mma16 for BF16 {
    #[inline(always)]
    fn bits16(self) -> u16 {
        self.to_bits()
    }
    #[inline(always)]
    fn pack_acc(lo: f32, hi: f32) -> u32 {
        BF16::pack2(lo, hi)
    }
}
impl Mma16 for F16 {
    #[inline(always)]
    fn bits16(self) -> u16 {
        self.to_bits()
    }
    #[inline(always)]
    fn pack_acc(lo: f32, hi: f32) -> u32 {
        F16::pack2(lo, hi)
    }
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

mod accum;
mod frag;
mod operand;
mod varlen_tiles;
mod warp_tiles;

pub use accum::*;
pub use frag::*;
pub use operand::*;
pub use varlen_tiles::*;
pub use warp_tiles::*;

// ---------------------------------------------------------------------------- int8

pub mod s8;
