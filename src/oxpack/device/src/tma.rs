//! TMA sources: 2-D and 3-D arrays that the tensor memory accelerator copies from, a box at a time,
//! into block-shared memory (sm_90a).
//!
//! The TMA copies a whole box (64 rows of 128 bytes) from global to shared memory with one
//! instruction (`cp.async.bulk.tensor`), issued by one thread, and counts its bytes on an
//! `mbarrier` ([`mbarrier`](crate::mbarrier) runs the protocol around it).
//!
//! | type | what it is |
//! | --- | --- |
//! | [`TmaSource<T>`] | a kernel parameter: a 2-D array the stub describes to the TMA (a `CUtensorMap` built at launch by the driver's `cuTensorMapEncodeTiled`, cached per array) |
//! | [`TmaSource3<T>`] | a kernel parameter: a 3-D array `(seqs, rows, cols)` with a 3-D tensor map, so a box past a sequence's last row reads zeros, not the next sequence (the attention pipeline's q, k, v) |
//! | [`TmaHeads<T>`] | a kernel parameter: a packed `(rows, heads, cols)` array (FlashAttention's varlen layout) read one head at a time: the same 3-D tensor map with the heads as its sequences, strided ([`by_head`](TmaHeads::by_head) gives it as a `TmaSource3`) |
//!
//! **Boxes and swizzle.** A box holds rows of 128 bytes (64 bf16 or f16, 32 f32, 128 FP8 elements) k-contiguous,
//! swizzled in 128-byte atoms (16-byte chunk `q` of row `r` at `q ^ (r % 8)`), the layout the TMA
//! writes with `CU_TENSOR_MAP_SWIZZLE_128B` and the one [`wgmma`](crate::wgmma)'s descriptors
//! describe (`SWIZZLE_128B`, 1024 bytes between 8-row groups). Both are fixed by the library: a
//! kernel never writes a descriptor, a box size or a swizzle mode, so the three cannot disagree.
//!
//! # Safety
//! A source is a kernel parameter only: the stub builds its tensor map from the array it was
//! given (shape, strides, element type checked), so a copy reads inside that array; past its
//! edge the TMA reads zeros. A source cannot be indexed or read by the kernel; its copies land
//! only in a pipeline's own stages, through [`tma_load`], whose callers hold the stage.

use core::marker::PhantomData;

use crate::fp8::{E4M3, E5M2};
use crate::half::{BF16, F16};
use crate::intrinsics::sm90a as rt;
use crate::param::{DevPtr, Param};
use crate::sealed::Sealed;
use crate::Elem;

/// The element types a TMA source holds: [`BF16`], [`F16`], `f32` and the FP8 [`E4M3`] and
/// [`E5M2`] (a box is 64 rows of 128 bytes: 64 16-bit, 32 f32 or 128 FP8 elements). Which of them
/// a pipeline multiplies: [`WgmmaInput`](crate::wgmma::WgmmaInput). Sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a TMA element type here: a `TmaSource` holds BF16, F16, f32, E4M3 or E5M2",
    label = "not BF16, F16, f32, E4M3 or E5M2",
    note = "the Hopper GEMM path multiplies bf16 or f32 (as tf32); convert the array on the host (e.g. `x.to(torch.bfloat16)`)"
)]
pub trait TmaElem: Elem {
    #[doc(hidden)]
    const DESC: &'static str;
    #[doc(hidden)]
    const DESC3: &'static str;
    #[doc(hidden)]
    const DESCH: &'static str;
}
impl TmaElem for BF16 {
    const DESC: &'static str = "tma:bfloat16";
    const DESC3: &'static str = "tma3:bfloat16";
    const DESCH: &'static str = "tmah:bfloat16";
}
impl TmaElem for F16 {
    const DESC: &'static str = "tma:float16";
    const DESC3: &'static str = "tma3:float16";
    const DESCH: &'static str = "tmah:float16";
}
impl TmaElem for f32 {
    const DESC: &'static str = "tma:float32";
    const DESC3: &'static str = "tma3:float32";
    const DESCH: &'static str = "tmah:float32";
}
impl TmaElem for E4M3 {
    const DESC: &'static str = "tma:float8_e4m3fn";
    const DESC3: &'static str = "tma3:float8_e4m3fn";
    const DESCH: &'static str = "tmah:float8_e4m3fn";
}
impl TmaElem for E5M2 {
    const DESC: &'static str = "tma:float8_e5m2";
    const DESC3: &'static str = "tma3:float8_e5m2";
    const DESCH: &'static str = "tmah:float8_e5m2";
}


/// One TMA box (64 rows of 128 bytes) of `map`'s array at element column `c0`, row `c1` into `dst`.
///
/// # Safety
/// As `__oxpack_sm90a_tma_load_2d`: `map` a tensor-map block of an array of `E`, `dst` a
/// 1024-aligned box of the pipeline's shared memory, `bar` its barrier.
#[inline(always)]
pub(crate) unsafe fn tma_load<E: TmaElem>(dst: *mut u8, map: *const u8, c0: i32, c1: i32, bar: *mut u64) {
    // the GPU's tensor map knows the element size; the emulator's block does not
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: the caller's.
    unsafe {
        rt::__oxpack_sm90a_tma_load_2d(dst, map, c0, c1, bar)
    };
    #[cfg(not(target_arch = "nvptx64"))]
    // SAFETY: the caller's.
    unsafe {
        rt::tma_load_2d_sized(dst, map, c0, c1, bar, core::mem::size_of::<E>())
    };
}

/// Bytes of the tensor-map block a TMA source's word points to: the driver's 128-byte
/// `CUtensorMap`, then the array's rows and columns (u64 each). The stub writes it (on the GPU;
/// in emulation the first word is the array's address instead).
const MAP_ROWS: usize = 128;
const MAP_COLS: usize = 136;

/// Rows and columns of one TMA box: 64 rows of 128 bytes (64 elements of 2 bytes), the
/// `SWIZZLE_128B` atom's width. The stub encodes every tensor map with this box.
pub const BOX_ROWS: usize = 64;
/// Columns of one TMA box (elements): 128 bytes.
pub const BOX_COLS: usize = 64;
pub(crate) const BOX_BYTES: usize = BOX_ROWS * 128;

/// A kernel parameter: a 2-D array, row-major (`rows × cols`), that the kernel reads by TMA
/// copies only. In Python it is an ordinary device array of two dimensions; the stub checks it
/// (dtype, 2-D, C-contiguous, 16-byte-aligned base and rows: the TMA's rules) and describes it
/// to the TMA with `cuTensorMapEncodeTiled` (64 × 64-element boxes, 128-byte swizzle, zeros past
/// the edges), caching the description per array. The kernel cannot read its elements
/// directly: only a [`Producer`]'s loads do.
pub struct TmaSource<T> {
    pub(crate) map: *const u8,
    len: usize,
    _t: PhantomData<T>,
}

impl<T: TmaElem> TmaSource<T> {
    /// The array's rows (its first dimension).
    #[inline(always)]
    pub fn rows(&self) -> usize {
        // SAFETY: the word of a 2-D source.
        unsafe { map_word(self.map, MAP_ROWS) }
    }
}

/// The u64 at byte `at` of a TMA source's tensor-map block: its rows, cols or (3-D) seqs.
///
/// # Safety
/// `map` is a source's word: the stub's tensor-map block (the 128-byte `CUtensorMap`, then rows,
/// cols and, for a 3-D source, seqs; 8-aligned); `at` is MAP_ROWS, MAP_COLS or, for a 3-D
/// source, MAP_SEQS.
#[inline(always)]
unsafe fn map_word(map: *const u8, at: usize) -> usize {
    // SAFETY: the caller's.
    unsafe { (map.add(at) as *const u64).read() as usize }
}

/// What a 2-D and a 3-D TMA source have alike: the columns, the length, the `Param` impl (whose
/// kernel word is the tensor-map block) with the element's descriptor `$desc` (`tma:…`, `tma3:…`).
macro_rules! tma_source {
    ($source:ident, $desc:ident) => {
        impl<T: TmaElem> $source<T> {
            /// The array's columns (its last dimension, contiguous).
            #[inline(always)]
            pub fn cols(&self) -> usize {
                // SAFETY: the source's word.
                unsafe { map_word(self.map, MAP_COLS) }
            }

            len_methods!(
                "The number of elements (the product of the dimensions, as `len(a)` in `where`).",
                "True when the array has no element."
            );
        }

        impl<T> Sealed for $source<T> {}
        impl<T> crate::layout::Unshaped for $source<T> {}

        impl<T: TmaElem> Param for $source<T> {
            type Word = DevPtr<u8>;
            type Holder = $source<T>;
            const DESC: &'static str = T::$desc;
            const RESIDENT: u8 = crate::param::resident::ANY; // read only
            #[inline(always)]
            unsafe fn hold(word: DevPtr<u8>, len: usize) -> $source<T> {
                $source { map: word.0, len, _t: PhantomData }
            }
            #[inline(always)]
            unsafe fn borrow(holder: &mut $source<T>) -> $source<T> {
                $source { map: holder.map, len: holder.len, _t: PhantomData }
            }
        }
    };
}
tma_source!(TmaSource, DESC);
tma_source!(TmaSource3, DESC3);
tma_source!(TmaHeads, DESCH);

/// A kernel parameter: a 3-D array, C-contiguous (`seqs × rows × cols`: e.g. `(batch · heads,
/// seq, d)`), that the kernel reads by TMA copies only. The stub checks it as a [`TmaSource`]
/// (dtype, 3-D, C-contiguous, 16-byte-aligned base and rows) and encodes a 3-D tensor map (dims
/// innermost first: cols, rows, seqs; a box of 64 rows × 128 bytes × 1 seq; 128-byte swizzle),
/// so a box that reaches past a sequence's last row reads zeros there, never the next
/// sequence's rows. Its tensor-map block: the `CUtensorMap`, then rows, cols and seqs (u64).
pub struct TmaSource3<T> {
    pub(crate) map: *const u8,
    len: usize,
    _t: PhantomData<T>,
}

impl<T: TmaElem> TmaSource3<T> {
    /// Rows of each sequence (the array's second dimension).
    #[inline(always)]
    pub fn rows(&self) -> usize {
        // SAFETY: the word of a 3-D source.
        unsafe { map_word(self.map, MAP_ROWS) }
    }

    /// The number of sequences (the array's first dimension).
    #[inline(always)]
    pub fn seqs(&self) -> usize {
        // SAFETY: the word of a 3-D source.
        unsafe { map_word(self.map, MAP_SEQS) }
    }
}

/// Where a 3-D block keeps its number of sequences (after rows and cols).
const MAP_SEQS: usize = 144;

/// A kernel parameter: a packed 3-D array, C-contiguous (`rows × heads × cols`: e.g. q of
/// `(total, heads, d)`, the sequences of a batch one after another, FlashAttention's varlen layout),
/// that the kernel reads one head at a time by TMA copies only. The stub checks it as a
/// [`TmaSource3`] (dtype, 3-D, C-contiguous, 16-byte-aligned base and rows) and encodes a 3-D tensor
/// map whose sequences are the heads: dims (innermost first) cols, rows, heads, strides `heads ·
/// cols` and `cols` elements, so a box holds 64 consecutive rows of one head. Past the last row (and
/// the last head) the TMA reads zeros; a box that starts inside one of the batch's sequences and runs
/// past its end reads the next sequence's rows (the map knows the total rows, not the sequences),
/// which the kernel must keep from mattering (see `attn_pipeline`'s `KvStage::zero_v_from`). Its
/// tensor-map block: the `CUtensorMap`, then rows, cols and heads (u64), as a `TmaSource3`'s.
pub struct TmaHeads<T> {
    pub(crate) map: *const u8,
    len: usize,
    _t: PhantomData<T>,
}

impl<T: TmaElem> TmaHeads<T> {
    /// The array's rows (its first dimension: the tokens of every sequence).
    #[inline(always)]
    pub fn rows(&self) -> usize {
        // SAFETY: the word of a packed source (a 3-D block).
        unsafe { map_word(self.map, MAP_ROWS) }
    }

    /// The number of heads (the array's second dimension).
    #[inline(always)]
    pub fn heads(&self) -> usize {
        // SAFETY: as above.
        unsafe { map_word(self.map, MAP_SEQS) }
    }

    /// The same array as a [`TmaSource3`] of `heads` sequences of `rows` rows (the head's rows,
    /// `heads · cols` elements apart in memory): a copy at (column, row, sequence `h`) reads head
    /// `h`'s rows. The tensor map is the stub's, made for this array, so the copies stay inside it.
    #[inline(always)]
    pub fn by_head(&self) -> TmaSource3<T> {
        TmaSource3 { map: self.map, len: self.len, _t: PhantomData }
    }
}

/// A TMA coordinate (signed 32-bit; past the array's edge the TMA reads zeros).
#[inline(always)]
pub(crate) fn coord(x: usize) -> i32 {
    x.min(i32::MAX as usize) as i32
}
