//! Kernel parameters: the words a launch passes, and the values the kernel body receives.
//!
//! A kernel parameter's type implements the sealed [`Param`]: the launch passes one
//! `Word` and one length per parameter; the entry shim that `kernel!` writes turns them
//! into a `Holder` ([`Param::hold`]), binds an output's shape to it
//! ([`layout::Bind`]) and lends the kernel body its value ([`Param::borrow`]). Each
//! type's descriptor ([`Param::DESC`]: `scalar:float32`, `in:float32`, `out:float32`, …)
//! is what the Python stub types and checks the argument by.
//!
//! | kernel parameter | word | holder | the body gets |
//! | --- | --- | --- | --- |
//! | `f32`, `u32`, … ([`Elem`] scalars) | the value | the value | the value |
//! | [`Uniform<T>`] | the value | `Uniform<T>` | the value, known to be the launch's |
//! | `&[T]` | [`DevPtr<T>`] | [`RawSlice<T>`] | a read-only slice |
//! | `&[AtomicU32]` & co | [`DevPtrMut<T>`] | `RawSlice<Atomic<T>>` | a slice of atomics |
//! | `&mut DisjointSlice<T, L>` | [`DevPtrMut<T>`] | `DisjointSlice<T, L>` | the output, its shape bound |
//! | `ThreadIndex`, `ThreadIndex2`, `ThreadIndex3` | unused | the witness | the calling thread's witness |
//!
//! # Safety
//! - `hold` and `borrow` are `unsafe` and hidden: kernel files, compiled under
//!   `#![forbid(unsafe_code)]`, cannot call them. Only the entry shim does, once per
//!   parameter, with the words of a launch the host stub checked (device memory of `len`
//!   aligned elements, never null, no mutable buffer aliasing another argument); the
//!   holder outlives the body's call, so a borrowed slice never dangles.
//! - [`DevPtr`] and [`DevPtrMut`] have no public constructor: a slice or an output can
//!   only come from the launch. [`Uniform`] likewise: its value is the launch's, the
//!   same in every thread.
//! - `Param` is sealed, so the set of parameter types, and with it what the stub must
//!   check, is this module's list.

use crate::disjoint::DisjointSlice;
use crate::elem::Elem;
use crate::sealed;
use crate::thread::{global, grid, index_3d, ThreadIndex, ThreadIndex2, ThreadIndex3};
use crate::{atomic, layout};

macro_rules! scalar_param {
    ($($t:ty => $name:literal),*) => {$(
        impl layout::Unshaped for $t {}
        impl Param for $t {
            type Word = $t;
            type Holder = $t;
            const DESC: &'static str = concat!("scalar:", $name);
            const COARSE: u8 = coarse::FREE;
            const RESIDENT: u8 = resident::ANY;
            #[inline(always)]
            unsafe fn hold(word: $t, _len: usize) -> $t {
                word
            }
            #[inline(always)]
            unsafe fn borrow(holder: &mut $t) -> $t {
                *holder
            }
        }
    )*};
}

// F16, BF16, i8 and u8 are storage only: slices of them are parameters, lone values are not.
scalar_param!(i32 => "int32", u32 => "uint32", i64 => "int64", u64 => "uint64", f32 => "float32", f64 => "float64");

/// A device pointer as it arrives from the launch. It cannot be made in user
/// code, so a slice can only be built from what the host passed.
#[repr(transparent)]
pub struct DevPtr<T>(pub(crate) *const T);

/// A mutable device pointer as it arrives from the launch.
#[repr(transparent)]
pub struct DevPtrMut<T>(pub(crate) *mut T);

/// A read-only buffer as it arrives from the launch.
pub struct RawSlice<T> {
    pub(crate) ptr: *const T,
    pub(crate) len: usize,
}

/// The types a kernel parameter may have. Sealed: only the device crate adds
/// implementations.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a supported oxpack kernel parameter type",
    label = "unsupported kernel parameter type",
    note = "kernel parameters are i32, u32, i64, u64, f32, f64, `&[T]` (read-only input), `&mut DisjointSlice<T>` (output) or `&[AtomicU32]` & co (atomic output), with T one of those six scalars or F16, BF16, i8, u8, and at most one launch index (`ThreadIndex`, `ThreadIndex2` or `ThreadIndex3`)"
)]
pub trait Param: Sized + sealed::Sealed {
    /// What the launch passes (with a length) for this parameter.
    type Word;
    /// What the entry shim keeps alive for the duration of the call.
    type Holder;
    /// Descriptor for the launch stubs: `scalar:T`, `in:T` or `out:T`.
    const DESC: &'static str;
    /// 1 for dynamic shared memory: a kernel may take one, since every `DynShared`
    /// parameter is the same block memory.
    #[doc(hidden)]
    const DYN_SHARED: usize = 0;
    /// The holder of the launch's `word` and `len`.
    ///
    /// # Safety
    /// Only `kernel!`'s entry shim calls it, with the words of the launch that the
    /// host stub checked: a holder made from anything else could forge a launch index,
    /// a `Uniform` or a dynamic shared size. (Kernel files are compiled under
    /// `#![forbid(unsafe_code)]`, so they cannot call it.)
    #[doc(hidden)]
    unsafe fn hold(word: Self::Word, len: usize) -> Self::Holder;
    /// The parameter's value, borrowed from its holder.
    ///
    /// # Safety
    /// Only the entry shim calls it, once per holder, which then outlives the kernel
    /// body: a second call would give a second `&mut` to one output.
    #[doc(hidden)]
    unsafe fn borrow(holder: &mut Self::Holder) -> Self;

    /// Whether a kernel may run several launch indices per hardware thread (see
    /// [`coarse`]): [`coarse::BLOCKS`] for a parameter that ties a thread to its block, warp or
    /// grid shape (the default), [`coarse::FREE`] for one that does not, [`coarse::INDEX`] for
    /// the 1-D launch index.
    #[doc(hidden)]
    const COARSE: u8 = coarse::BLOCKS;
    /// How the parameter's work depends on the launch's grid (see [`resident`]): [`resident::SPLIT`]
    /// for work split among the launch's threads (the default: outputs, atomic buffers),
    /// [`resident::ANY`] for a parameter with no work of its own or work that any grid covers,
    /// [`resident::DRAWN`] for an output whose blocks draw its work until it runs out.
    #[doc(hidden)]
    const RESIDENT: u8 = resident::SPLIT;
    /// [`hold`](Self::hold) in a coarsened entry, where the launch index's word is the number
    /// of indices that run (so its holder reads no launch register).
    ///
    /// # Safety
    /// As [`hold`](Self::hold).
    #[doc(hidden)]
    #[inline(always)]
    unsafe fn hold_coarse(word: Self::Word, len: usize) -> Self::Holder {
        unsafe { Self::hold(word, len) }
    }
    /// The number of launch indices that run ([`usize::MAX`]: this parameter sets none).
    #[doc(hidden)]
    #[inline(always)]
    fn coarse_limit(_holder: &Self::Holder) -> usize {
        usize::MAX
    }
    /// The length of an array parameter that a body may index with its launch index
    /// (inputs and `Linear` outputs; [`usize::MAX`] for the others): a coarsened entry runs
    /// the body without its own guard where all of a thread's indices are below every such
    /// length, so that the optimizer drops the body's bounds checks there.
    #[doc(hidden)]
    #[inline(always)]
    fn coarse_len(_holder: &Self::Holder) -> usize {
        usize::MAX
    }
    /// [`borrow`](Self::borrow) for launch index `j` of a coarsened entry: the launch index
    /// itself is `j`, every other parameter as `borrow`.
    ///
    /// # Safety
    /// As [`borrow`](Self::borrow), once per holder for each call of the kernel body, the
    /// calls one after the other (a body's borrows end when it returns); `j` is a launch
    /// index no other thread is given (see [`coarse`]).
    #[doc(hidden)]
    #[inline(always)]
    unsafe fn borrow_at(holder: &mut Self::Holder, _j: usize) -> Self {
        unsafe { Self::borrow(holder) }
    }
}

/// Thread coarsening: a one-element-per-thread kernel run for several launch indices per
/// hardware thread.
///
/// A kernel whose parameters are all [`FREE`] (scalars, `&[T]`, atomics, `Linear` and
/// `Vec4` outputs) plus one [`ThreadIndex`] gets a second entry, `__oxpack_coarse_entry`,
/// besides the plain one. Its launch has `K` times fewer blocks of the same size: hardware
/// thread `t` of block `b` (block size `B`) runs the kernel body for the launch indices
/// `(b·K + k)·B + t`, `k = 0 … K-1`, one after the other, each below the launch's count of
/// indices (`ceil(threads / B)·B`, which the stub passes in the launch index's word: the
/// indices a plain launch of the same `threads` and `block` runs, no more). Every index
/// runs exactly once and on one thread — `(b, k, t) ↦ (b·K + k)·B + t` is one-to-one for
/// `k < K`, `t < B` — so the witness of [`thread`](crate::thread) stays unique; a warp's
/// 32 lanes touch 32 neighbouring indices in each step, as in a plain launch.
///
/// What a body may not do in a coarsened entry — read the launch registers itself
/// (`index_1d()`, `thread_idx()`, …), meet at a barrier, use shared memory or a warp
/// collective — the parameter types cannot show, so oxpack's link stage decides: it uses
/// the coarsened entry only when everything that entry calls is on its list of per-element
/// operations (loads, stores, math, atomics, traps) and the launch registers are read
/// only by the entry itself (`oxpack/coarsen.py`). Any other kernel is launched plainly.
pub mod coarse {
    /// The parameter ties a thread to its block, warp or grid (the default).
    pub const BLOCKS: u8 = 0;
    /// The parameter is per element: any number of indices may run per thread.
    pub const FREE: u8 = 1;
    /// The 1-D launch index.
    pub const INDEX: u8 = 2;
    /// The factor when `#[coarsen(N)]` does not give one.
    pub const DEFAULT: u32 = 4;

    /// The coarsening factor of a kernel whose parameters' [`Param::COARSE`](super::Param::COARSE)
    /// are `kinds` and which asked for `requested`: `requested` when they are one launch index
    /// and per-element parameters, else 1.
    pub const fn factor(kinds: &[u8], requested: u32) -> u32 {
        let (mut index, mut i) = (0, 0);
        while i < kinds.len() {
            match kinds[i] {
                INDEX => index += 1,
                FREE => {}
                _ => return 1,
            }
            i += 1;
        }
        if index == 1 { requested } else { 1 }
    }

    /// The descriptor's part for a factor: `;coarsen=K`, nothing for 1.
    pub const fn desc(factor: u32) -> &'static str {
        match factor {
            2 => ";coarsen=2",
            4 => ";coarsen=4",
            8 => ";coarsen=8",
            _ => "",
        }
    }

    /// `#[coarsen(N)]`'s N is 1, 2, 4 or 8.
    pub const fn valid(requested: u32) -> bool {
        matches!(requested, 1 | 2 | 4 | 8)
    }
}

/// A launch of the blocks the GPU holds at once: a kernel whose outputs are all drawn tile by
/// tile ([`ScanTiles`](crate::layout::ScanTiles): each block draws tiles from a counter until
/// they run out, see [`scan`](crate::scan)) and whose other parameters do no work of their own
/// (inputs, scalars, the launch index, shared memory) or work that any grid covers (the scan's
/// [`ScanState`](crate::scan::ScanState)) computes the same result with any number of blocks.
/// Its descriptor says `;grid=resident`, and the stub launches at most the blocks the device runs
/// at once (multiprocessors × the driver's occupancy for the block size): a block past those
/// would start only once the tiles had run out, and draw nothing, a round trip each. One
/// parameter whose work is split among the launch's threads (a `DisjointSlice` of any other
/// layout, an atomic buffer) keeps the grid the call asked for.
pub mod resident {
    /// Work split among the launch's threads: fewer threads would leave some undone (the default).
    pub const SPLIT: u8 = 0;
    /// No work of its own, or work that any grid covers.
    pub const ANY: u8 = 1;
    /// An output whose blocks draw its work until it runs out (`ScanTiles`).
    pub const DRAWN: u8 = 2;

    /// The descriptor's part for a kernel whose parameters' [`Param::RESIDENT`](super::Param::RESIDENT)
    /// are `kinds`: `;grid=resident` when one is [`DRAWN`] and none is [`SPLIT`], else nothing.
    pub const fn desc(kinds: &[u8]) -> &'static str {
        let (mut drawn, mut i) = (false, 0);
        while i < kinds.len() {
            match kinds[i] {
                SPLIT => return "",
                DRAWN => drawn = true,
                _ => {}
            }
            i += 1;
        }
        if drawn { ";grid=resident" } else { "" }
    }
}

impl sealed::Sealed for ThreadIndex {}
impl sealed::Sealed for ThreadIndex2 {}
impl sealed::Sealed for ThreadIndex3 {}

/// A `ThreadIndex` parameter makes the kernel's launch 1-D: the stub launches it
/// with a 1-D grid and block only, so the index is the plain
/// `blockIdx.x * blockDim.x + threadIdx.x`, with no launch-shape check on the
/// device (cheaper than [`index_1d`](crate::index_1d) in memory-bound kernels). It is not a
/// Python argument.
impl Param for ThreadIndex {
    type Word = u64;
    type Holder = ThreadIndex;
    const DESC: &'static str = "index:1d";
    const RESIDENT: u8 = resident::ANY;
    const COARSE: u8 = coarse::INDEX;
    #[inline(always)]
    unsafe fn hold(_word: u64, _len: usize) -> ThreadIndex {
        let (b, d, t) = (grid::block_idx(), grid::block_dim(), grid::thread_idx());
        ThreadIndex(global(b.x, d.x, t.x))
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut ThreadIndex) -> ThreadIndex {
        *holder
    }
    /// In a coarsened entry the word is the launch's count of indices, and the holder keeps it.
    #[inline(always)]
    unsafe fn hold_coarse(word: u64, _len: usize) -> ThreadIndex {
        ThreadIndex(word as usize)
    }
    #[inline(always)]
    fn coarse_limit(holder: &ThreadIndex) -> usize {
        holder.0
    }
    #[inline(always)]
    unsafe fn borrow_at(_holder: &mut ThreadIndex, j: usize) -> ThreadIndex {
        ThreadIndex(j)
    }
}

/// A `ThreadIndex2` parameter makes the kernel's launch 2-D (z = 1), enforced by the stub.
impl Param for ThreadIndex2 {
    type Word = u64;
    type Holder = ThreadIndex2;
    const DESC: &'static str = "index:2d";
    const RESIDENT: u8 = resident::ANY;
    #[inline(always)]
    unsafe fn hold(_word: u64, _len: usize) -> ThreadIndex2 {
        let i = index_3d(); // z is 1 in a 2-D launch; its terms fold away
        ThreadIndex2 { x: i.x, y: i.y }
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut ThreadIndex2) -> ThreadIndex2 {
        *holder
    }
}

/// A `ThreadIndex3` parameter makes the kernel's launch 3-D, enforced by the stub.
impl Param for ThreadIndex3 {
    type Word = u64;
    type Holder = ThreadIndex3;
    const DESC: &'static str = "index:3d";
    const RESIDENT: u8 = resident::ANY;
    #[inline(always)]
    unsafe fn hold(_word: u64, _len: usize) -> ThreadIndex3 {
        index_3d()
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut ThreadIndex3) -> ThreadIndex3 {
        *holder
    }
}

/// A scalar kernel parameter, known to be the same in every thread of the launch
/// (it can only come from the launch: user code cannot build one), e.g. for a loop
/// bound that must not differ between the threads of a block that meet at barriers.
/// Output shapes are not passed as values at all: they are bound to the output at
/// launch (see [`layout`]). On the Python side it is a plain scalar argument.
#[derive(Clone, Copy, Debug)]
pub struct Uniform<T>(T);

impl<T: Copy> Uniform<T> {
    /// The value.
    #[inline(always)]
    pub fn get(self) -> T {
        self.0
    }
}

impl<T> sealed::Sealed for Uniform<T> {}

impl<T: Elem + Param<Word = T>> Param for Uniform<T> {
    type Word = T;
    type Holder = Uniform<T>;
    const DESC: &'static str = <T as Param>::DESC;
    const COARSE: u8 = coarse::FREE;
    const RESIDENT: u8 = resident::ANY;
    #[inline(always)]
    unsafe fn hold(word: T, _len: usize) -> Uniform<T> {
        Uniform(word)
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut Uniform<T>) -> Uniform<T> {
        *holder
    }
}

/// Widens a uniform `u32`/`u64` to `usize`.
pub trait UniformLen: Copy {
    #[doc(hidden)]
    fn to_len(self) -> usize;
}

impl UniformLen for Uniform<u32> {
    #[inline(always)]
    fn to_len(self) -> usize {
        self.0 as usize
    }
}

impl UniformLen for Uniform<u64> {
    #[inline(always)]
    fn to_len(self) -> usize {
        self.0 as usize
    }
}

impl<T> sealed::Sealed for &[T] {}
impl<T, L: layout::Layout> sealed::Sealed for &mut DisjointSlice<T, L> {}
impl<T, L: layout::Layout> sealed::Sealed for DisjointSlice<T, L> {}
impl<T> sealed::Sealed for RawSlice<T> {}

// No holder here takes a shape (outputs do: their `Bind` impls are in `disjoint`).
impl layout::Unshaped for ThreadIndex {}
impl layout::Unshaped for ThreadIndex2 {}
impl layout::Unshaped for ThreadIndex3 {}
impl<T> layout::Unshaped for Uniform<T> {}
impl<T> layout::Unshaped for RawSlice<T> {}

impl<'a, T: Elem> Param for &'a [T] {
    type Word = DevPtr<T>;
    type Holder = RawSlice<T>;
    const DESC: &'static str = concat_in(T::DTYPE);
    const COARSE: u8 = coarse::FREE;
    const RESIDENT: u8 = resident::ANY;
    #[inline(always)]
    fn coarse_len(holder: &RawSlice<T>) -> usize {
        holder.len
    }
    #[inline(always)]
    unsafe fn hold(word: DevPtr<T>, len: usize) -> RawSlice<T> {
        RawSlice { ptr: word.0, len }
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut RawSlice<T>) -> &'a [T] {
        // The pointer is the parameter itself (not a constant such as `&[]`'s), so the
        // parameter is the only object behind every load, and read-only loads become
        // `ld.global.nc`, as for CUDA's `const T* __restrict__`.
        // SAFETY: the host stub checked that `ptr` is device memory holding `len`
        // initialised elements of T that no mutable argument aliases, aligned for T;
        // it never passes null (an empty buffer gets a dummy address, 256, aligned
        // for every T and never dereferenced), so the slice's pointer is non-null.
        unsafe {
            core::hint::assert_unchecked(!holder.ptr.is_null());
            core::slice::from_raw_parts(holder.ptr, holder.len)
        }
    }
}

/// `&[AtomicU32]` & co: a device buffer that every thread may update atomically.
impl<'a, T: Elem> Param for &'a [atomic::Atomic<T>] {
    type Word = DevPtrMut<T>;
    type Holder = RawSlice<atomic::Atomic<T>>;
    const DESC: &'static str = concat_atomic(T::DTYPE);
    const COARSE: u8 = coarse::FREE;
    #[inline(always)]
    unsafe fn hold(word: DevPtrMut<T>, len: usize) -> RawSlice<atomic::Atomic<T>> {
        RawSlice { ptr: word.0 as *const atomic::Atomic<T>, len }
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut RawSlice<atomic::Atomic<T>>) -> &'a [atomic::Atomic<T>] {
        if holder.len == 0 {
            return &[];
        }
        // SAFETY: the host stub checked that `ptr` is writable device memory of
        // `len` elements that no other argument aliases; `Atomic<T>` is
        // `repr(transparent)` over T and every access to it is atomic.
        unsafe { core::slice::from_raw_parts(holder.ptr, holder.len) }
    }
}

impl<'a, T: Elem, L: layout::Layout> Param for &'a mut DisjointSlice<T, L> {
    type Word = DevPtrMut<T>;
    type Holder = DisjointSlice<T, L>;
    const DESC: &'static str = concat_out(T::DTYPE);
    const COARSE: u8 = if L::PER_INDEX { coarse::FREE } else { coarse::BLOCKS };
    const RESIDENT: u8 = if L::DRAWN { resident::DRAWN } else { resident::SPLIT };
    #[inline(always)]
    fn coarse_len(holder: &DisjointSlice<T, L>) -> usize {
        if L::ELEMENTWISE { holder.len } else { usize::MAX }
    }
    #[inline(always)]
    unsafe fn hold(word: DevPtrMut<T>, len: usize) -> DisjointSlice<T, L> {
        // SAFETY: the stub never passes null (an empty buffer gets a dummy address,
        // 256, never dereferenced). Telling the optimizer up front means that taking
        // `Some(&mut _)` of an element needs no null test.
        let ptr = word.0;
        unsafe { core::hint::assert_unchecked(!ptr.is_null()) };
        DisjointSlice { ptr, len, shape: [0; 2], _layout: core::marker::PhantomData }
    }
    #[inline(always)]
    unsafe fn borrow(holder: &mut DisjointSlice<T, L>) -> &'a mut DisjointSlice<T, L> {
        // SAFETY: the holder lives in the entry shim for the whole call of the
        // kernel body, longer than any use of the returned reference.
        unsafe { &mut *(holder as *mut DisjointSlice<T, L>) }
    }
}

/// `concat_in("float32") == "in:float32"` & co, in const context (no const string
/// concatenation in stable Rust): one table per parameter kind.
macro_rules! descriptors {
    ($($fn:ident => $kind:literal),*) => {$(
        pub(crate) const fn $fn(dtype: &'static str) -> &'static str {
            match dtype.as_bytes() {
                b"int32" => concat!($kind, ":int32"),
                b"uint32" => concat!($kind, ":uint32"),
                b"int64" => concat!($kind, ":int64"),
                b"uint64" => concat!($kind, ":uint64"),
                b"float32" => concat!($kind, ":float32"),
                b"float16" => concat!($kind, ":float16"),
                b"bfloat16" => concat!($kind, ":bfloat16"),
                b"int8" => concat!($kind, ":int8"),
                b"uint8" => concat!($kind, ":uint8"),
                b"float8_e4m3fn" => concat!($kind, ":float8_e4m3fn"),
                b"float8_e5m2" => concat!($kind, ":float8_e5m2"),
                b"float64" => concat!($kind, ":float64"),
                // (evaluated at compile time: an `Elem` missing here is a build error, not a wrong dtype)
                _ => panic!("oxpack: an element type without a descriptor in `descriptors!` (param.rs)"),
            }
        }
    )*};
}

descriptors!(concat_in => "in", concat_out => "out", concat_atomic => "atomic", concat_dynshared => "dynshared");

#[doc(hidden)]
pub mod sig {
    //! Compile-time string building for kernel descriptors.

    /// Total length of `parts`.
    pub const fn len(parts: &[&str]) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < parts.len() {
            n += parts[i].len();
            i += 1;
        }
        n
    }

    /// `bytes` (what `join` made of `&str` parts) as a `&str`.
    pub const fn text(bytes: &'static [u8]) -> &'static str {
        match ::core::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => panic!("oxpack: a kernel descriptor is not UTF-8"),
        }
    }

    /// The decimal digits of `N`, as `TEXT`: how a constant of `#[launch(...)]` (`{ CONST }`)
    /// reaches the descriptor.
    pub struct Num<const N: u64>;

    impl<const N: u64> Num<N> {
        const DIGITS: [u8; 20] = digits(N);
        const COUNT: usize = count(N);
        /// `N` in decimal.
        pub const TEXT: &'static str = text(Self::DIGITS.split_at(20 - Self::COUNT).1);
    }

    const fn count(mut n: u64) -> usize {
        let mut c = 1;
        while n >= 10 {
            n /= 10;
            c += 1;
        }
        c
    }

    const fn digits(mut n: u64) -> [u8; 20] {
        let mut out = [b'0'; 20];
        let mut i = 20;
        loop {
            i -= 1;
            out[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        out
    }

    /// `parts` joined, as a byte array of length `N` (= `len(parts)`).
    pub const fn join<const N: usize>(parts: &[&str]) -> [u8; N] {
        let mut out = [0u8; N];
        let mut k = 0;
        let mut i = 0;
        while i < parts.len() {
            let b = parts[i].as_bytes();
            let mut j = 0;
            while j < b.len() {
                out[k] = b[j];
                k += 1;
                j += 1;
            }
            i += 1;
        }
        out
    }
}

