//! The `kernel!` macro family: each kernel becomes a safe function, an entry shim and a
//! descriptor.
//!
//! - [`kernel!`] reads each `pub fn` item (docs, `#[launch_bounds]`, `#[max_registers]`,
//!   `#[coarsen]`, `#[whole_warps]`,
//!   parameters with their shapes, `where (...)`), writes the kernel as a plain safe
//!   function and, in a hidden module of the same name, its descriptor `__OXPACK_SIG`
//!   (what oxpack reads to type the Python stub) and its entry;
//! - `__oxpack_entry!` gives each parameter a name for its length word;
//! - `__oxpack_shim!` writes the entry `__oxpack_entry`: one (word, length) pair per
//!   parameter, in the launch's order;
//! - `__oxpack_shape!` turns an output's shape, `= (width, len(x) / 4)`, into `usize`
//!   expressions over the parameters' [`ShapeArg`](crate::shape::ShapeArg)s, refusing any
//!   other token with a message that names it.
//!
//! # Safety
//! The entry is the only caller of [`Param::hold`](crate::Param::hold) and
//! [`Param::borrow`](crate::Param::borrow). It is itself `unsafe` to call (from a kernel
//! it could forge words), and kernel files cannot call `unsafe` functions. It makes,
//! binds and borrows each parameter's holder exactly once, and every holder lives until
//! the kernel body returns. Output shapes are computed first, by a safe function of the
//! launch's scalar words and buffer lengths only (see [`shape`](crate::shape)): the same
//! value in every thread, and no `unsafe` operation can hide in a shape.

/// Declares one or more kernels.
///
/// ```ignore
/// use oxpack::prelude::*;
///
/// kernel! {
///     /// y = a * x + y
///     pub fn saxpy(a: f32, x: &[f32], y: &mut DisjointSlice<f32>) {
///         let i = index_1d();
///         if let Some(yi) = y.get_mut(i) {
///             *yi += a * x[i.get()];
///         }
///     }
/// }
/// ```
///
/// `#[launch_bounds(MAX_THREADS)]` or `#[launch_bounds(MAX_THREADS, MIN_BLOCKS)]`
/// between a kernel's docs and its `pub fn` is CUDA's `__launch_bounds__`: the PTX
/// gets `.maxntid MAX_THREADS` (and `.minnctapersm MIN_BLOCKS`), so the compiler may
/// use more registers per thread, and the stub refuses a block of more than
/// MAX_THREADS threads before the launch (a 1-D call without `block=` takes
/// MAX_THREADS when it is below the default 256). `#[max_registers(N)]` after it (or
/// alone) caps the registers per thread (PTX `.maxnreg N`, CUDA's `__maxnreg__`).
///
/// `#[coarsen(N)]` after those (N = 1, 2, 4 or 8) sets how many launch indices a kernel of one
/// `ThreadIndex` and per-element parameters runs per hardware thread (4 without it; 1 opts
/// out); oxpack's link stage keeps it only for a body with no block-level coupling (see
/// [`param::coarse`](crate::param::coarse)).
///
/// `#[whole_warps]` last (right before `pub fn`) limits the kernel to blocks whose thread
/// count is a multiple of 32 (32, 64, …, 1024 threads; `(8, 4)`, `(32, 2)` in 2-D): its stub
/// refuses any other block before the launch with one `KernelValueError` line naming the
/// kernel and the block, and so does emulation. In return every warp of its blocks is full,
/// and the warp and block collectives it calls ([`warp_sum`](crate::warp::warp_sum),
/// [`block::sum_f32`](crate::block::sum_f32), the cooperative rows' `RegChunks`, …) are
/// compiled without their partial-warp paths: the link stage makes the library's
/// `__oxpack_whole_warps()` test the constant `true` in code that only such kernels reach.
/// Without it a kernel is correct at any block size.
///
/// A parameter of type [`ThreadIndex`](crate::ThreadIndex) (or `ThreadIndex2`, `ThreadIndex3`) is
/// the calling thread's index, provided by the launch rather than by Python: it
/// fixes the launch's rank (the stub refuses any other) and costs less than
/// calling [`index_1d`](crate::index_1d), which must check the launch shape on the device.
///
/// An output whose layout has a shape takes it after its type, one expression per
/// dimension: `out: &mut DisjointSlice<f32, Rows> = (width)`, `= (len(w))`, `= (len(x) /
/// rows, 4)`. The terms are `u32`/`u64` scalar parameters (plain or `Uniform`), `len(p)` of
/// a slice parameter, integer literals and constants, with `+ - * / %` and parentheses,
/// evaluated once in `usize` by the entry shim (see [`shape`](crate::shape)): the same
/// shape in every thread. Anything else is refused with a message naming the token.
///
/// An optional `where (...)` after the parameter list states length
/// requirements that the Python stub checks before every launch, e.g.
/// `where (len(x) >= len(y), len(m) == width * height)`: comparisons of
/// `len(slice)`, scalar parameters, the launch shape (`threads`, `block`,
/// `blocks`, or one axis: `block.x`) and integers with `+ - * / %`,
/// `cdiv`, `min` and `max`, where `/` divides integers rounding down
/// (Python's `//`). The clause is host-only: it reaches the descriptor as
/// text and generates no device code. Write no `//` and no
/// comment inside the parentheses: Rust drops comments before this macro
/// sees the tokens, so oxpack refuses them rather than check less.
///
/// # Declared launch, tuning, dims and outputs
///
/// `#[launch(...)]` after the docs (and `#[variant_of]`) declares the launch, so that a call
/// passes only data: `threads = EXPR` (the launch indices) or `grid = EXPR` (blocks),
/// `block = EXPR` and `shared = EXPR` (the elements of the kernel's `DynShared` parameter, which
/// then leaves the Python signature), each an integer expression of the `where` language, or a
/// tuple of one per axis; `block` may appear in the others, and a `{ CONST }` group is a Rust
/// constant expression that rustc evaluates (`shared = {TmaPipeline::<4, 128, 256, BF16>::SHARED_BYTES / 8}`).
/// `#[tune(block = [128, 256, 512])]` next lists candidate blocks for a block the launch leaves
/// open: the first call for a size on a GPU times them; `kernels = [other]` in it lists other
/// kernels of the same arguments that the tuner times too (each with its own blocks), and a call
/// that leaves the block open runs the fastest. `#[dims(a = (m, k), b = (n, k))]` next
/// gives the dims of input arrays (`&[T]`, `TmaSource<T>`): an integer scalar named alone as a dim
/// may be left out of a call, which reads it from the array's shape (`gemm(a, b)`; a per-arch
/// variant declares the same dims). `#[outputs(c = (m, n))]` next gives the
/// dims of outputs (the last parameters) that a call may leave out: the stub makes and returns
/// them. See the documentation's "Launch shapes and tuning". `#[backward(k1, k2)]` next names the
/// kernels of the package (any of its files) that the backward of its PyTorch operator runs, in order; their
/// parameters are matched by name (`dout` is the gradient of output `out`, an output `dx` the
/// gradient of input `x`); a last `dresidual = dx` in it gives input `residual` the gradient of `x`
/// (the same array: a residual add's two inputs), and `dout = k_sum2` names a kernel that stands in for
/// the step reading `dout` where that gradient is a sum (its terms after `dout`'s parameter). See the
/// documentation's "Using kernels in a model".
///
/// ```ignore
/// kernel! {
///     /// out[i] ← 2·x[i]
///     #[launch(threads = len(x))]
///     #[tune(block = [128, 256, 512])]
///     #[dims(x = (n))]
///     #[outputs(out = (n))]
///     pub fn twice(i: ThreadIndex, n: u32, x: &[f32], out: &mut DisjointSlice<f32>) where (len(x) == n) {
///         if let Some(o) = out.get_mut(i) {
///             *o = 2.0 * x[i.get()];
///         }
///     }
/// }
/// ```
///
/// # Per-arch variants
///
/// `#[variant_of(KERNEL, ARCH)]` after a kernel's docs (before `#[launch_bounds]` and
/// `#[max_registers]`) makes it another body of kernel `KERNEL` of the same file, used for
/// `ARCH` (an entry of `archs`, e.g. `sm_90a`) instead of `KERNEL`'s own body:
///
/// ```ignore
/// kernel! {
///     /// C = A·B on any GPU (mma.sync).
///     pub fn gemm(a: &[BF16], b: &[BF16], c: &mut DisjointSlice<f32>) { /* ... */ }
///
///     /// The same product with wgmma and TMA, on Hopper only.
///     #[variant_of(gemm, sm_90a)]
///     pub fn gemm_sm90a(a: &[BF16], b: &[BF16], c: &mut DisjointSlice<f32>) { /* ... */ }
/// }
/// ```
///
/// Python sees one kernel, `gemm`. The cubin built for `sm_90a` holds the variant's body
/// under the entry `gemm`; every other arch's cubin (and PTX) holds `gemm`'s own body and none
/// of the variant's code, so a function that needs sm_90a (a `__oxpack_sm90a_*` runtime
/// function: wgmma, TMA, mbarrier, `setmaxnreg`) never reaches the PTX of another arch. The
/// build refuses a variant that Python would call with other arguments (it names both and the
/// difference); its launch (`#[launch]`, `#[tune]`), `where (...)`, `#[launch_bounds]`,
/// `#[max_registers]` and the kinds of parameters that take one Python value (`&[BF16]` and
/// `TmaSource<BF16>`; a `DynShared` its `#[launch]` sizes) may differ. A portable
/// kernel that reaches an sm_90a function is refused for every other arch, naming the kernel,
/// the arch and this fix. The run time loads the best entry for the GPU (`OXPACK_ARCH`
/// forces one); emulation runs the portable bodies, or `ARCH`'s variants under
/// `OXPACK_EMULATE_ARCH=ARCH`. See the documentation's "Per-arch kernel variants".
///
/// `#[only_on(ARCH)]` after a kernel's docs (and before `#[launch]`) says that the kernel runs only as
/// its `#[variant_of(KERNEL, ARCH)]` body (which must exist): an instruction only that arch has (FP8
/// `wgmma` on sm_90a). Its own body still builds for every other arch, but the run time refuses, before
/// the launch and in one line, a call that would run it: on a GPU whose code is another arch's, in
/// emulation of the portable bodies or of another arch, or on the right GPU with arrays its variant
/// cannot take. Keep that body a refusal too (a `panic!` saying the same), for a run time that ignores
/// the attribute.
///
/// Each kernel becomes a safe Rust function of the same name plus a hidden
/// module holding its entry shim (a safe `extern "C"` function) and a
/// descriptor that oxpack reads to type the Python stub.
#[macro_export]
macro_rules! kernel {
    () => {};
    (
        $(#[doc = $doc:literal])*
        $(#[variant_of($of:ident, $arch:ident $(,)?)] $(#[doc = $doc4:literal])*)?
        $(#[only_on($only:ident $(,)?)] $(#[doc = $doc12:literal])*)?
        $(#[launch($($launch:tt)*)] $(#[doc = $doc7:literal])*)?
        $(#[tune($($tune:tt)*)] $(#[doc = $doc8:literal])*)?
        $(#[dims($($dims:tt)*)] $(#[doc = $doc11:literal])*)?
        $(#[outputs($($outputs:tt)*)] $(#[doc = $doc9:literal])*)?
        $(#[backward($($backward:ident $(= $same:ident)?),+ $(,)?)] $(#[doc = $doc10:literal])*)?
        $(#[launch_bounds($max:literal $(, $min:literal)? $(,)?)] $(#[doc = $doc2:literal])*)?
        $(#[max_registers($regs:literal $(,)?)] $(#[doc = $doc3:literal])*)?
        $(#[coarsen($coarsen:literal $(,)?)] $(#[doc = $doc5:literal])*)?
        $(#[whole_warps] $(#[doc = $doc6:literal])*)?
        pub fn $name:ident ( $($p:ident : $t:ty $(= ($($shape:tt)*))?),* $(,)? )
        $(where ( $($req:tt)* ))?
        $body:block
        $($rest:tt)*
    ) => {
        $(#[doc = $doc])*
        $($(#[doc = $doc4])*)?
        $($(#[doc = $doc12])*)?
        $($(#[doc = $doc7])*)?
        $($(#[doc = $doc8])*)?
        $($(#[doc = $doc11])*)?
        $($(#[doc = $doc9])*)?
        $($(#[doc = $doc10])*)?
        $($(#[doc = $doc2])*)?
        $($(#[doc = $doc3])*)?
        $($(#[doc = $doc5])*)?
        $($(#[doc = $doc6])*)?
        #[allow(clippy::too_many_arguments)]
        #[inline(always)] // into its entry shim, which knows what the launch guarantees
        pub fn $name($($p: $t),*) $body

        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub mod $name {
            #[allow(unused_imports)]
            use super::*;

            // `#[whole_warps]` (the docs after it drive the `$(...)?`; the value is `true`)
            const __OXPACK_WHOLE_WARPS: bool = false $(|| { let _: &[&str] = &[$($doc6),*]; true })?;
            const __OXPACK_PARTS: &[&str] = &[
                "oxpack-kernel-v1;", stringify!($name),
                $(";", stringify!($p), ":", <$t as $crate::Param>::DESC, ":", stringify!($t),)*
                $(";bounds=", stringify!($max), $(",", stringify!($min),)?)?
                $(";regs=", stringify!($regs),)?
                if __OXPACK_WHOLE_WARPS { ";warps=whole" } else { "" },
                $(";variant=", stringify!($of), "@", stringify!($arch),)?
                $(";only=", stringify!($only),)?
                ";file=", file!(),
                $crate::param::coarse::desc(__OXPACK_COARSEN),
                $crate::param::resident::desc(&[$(<$t as $crate::Param>::RESIDENT),*]),
                $(";launch=", { const _: &str = stringify!($($launch)*); __OXPACK_LAUNCH },)?
                $(";tune=", stringify!($($tune)*),)?
                $(";dims=", { const _: &str = stringify!($($dims)*); __OXPACK_DIMS },)?
                $(";outputs=", { const _: &str = stringify!($($outputs)*); __OXPACK_OUTPUTS },)?
                $(";backward=", $(stringify!($backward), $("=", stringify!($same),)? ",",)+)?
                ";requires=", $(stringify!($($req)*),)?
                ";doc=", concat!($($doc, "\n",)* $($($doc4, "\n",)*)? $($($doc12, "\n",)*)? $($($doc7, "\n",)*)? $($($doc8, "\n",)*)? $($($doc11, "\n",)*)? $($($doc9, "\n",)*)? $($($doc10, "\n",)*)? $($($doc2, "\n",)*)? $($($doc3, "\n",)*)? $($($doc5, "\n",)*)? $($($doc6, "\n",)*)?),
            ];
            // `#[launch(...)]`: its tokens as text, each `{ CONST }` group as the constant's value
            $($crate::__oxpack_launch! { @munch (__OXPACK_LAUNCH __OXPACK_LAUNCH_PARTS __OXPACK_LAUNCH_BYTES) [] []
                                          $($launch)* })?
            // `#[dims(...)]` and `#[outputs(...)]`: the same
            $($crate::__oxpack_launch! { @munch (__OXPACK_DIMS __OXPACK_DIMS_PARTS __OXPACK_DIMS_BYTES) [] []
                                          $($dims)* })?
            $($crate::__oxpack_launch! { @munch (__OXPACK_OUTPUTS __OXPACK_OUTPUTS_PARTS __OXPACK_OUTPUTS_BYTES) [] []
                                          $($outputs)* })?
            $(
                // `#[max_registers(N)]`: an integer, checked here once
                const __OXPACK_MAX_REGISTERS: u32 = $regs;
                const _: () = ::core::assert!(
                    __OXPACK_MAX_REGISTERS >= 16 && __OXPACK_MAX_REGISTERS <= 255,
                    concat!("oxpack: kernel `", stringify!($name), "`: `#[max_registers(", stringify!($regs),
                            ")]` must be 16 to 255 registers per thread"),
                );
            )?
            $(
                // `#[launch_bounds(MAX_THREADS, MIN_BLOCKS)]`: integers, checked here once
                const __OXPACK_MAX_THREADS: u32 = $max;
                const _: () = ::core::assert!(
                    __OXPACK_MAX_THREADS >= 1 && __OXPACK_MAX_THREADS <= 1024,
                    concat!("oxpack: kernel `", stringify!($name), "`: `#[launch_bounds(", stringify!($max),
                            ")]` must allow 1 to 1024 threads per block (CUDA's limit)"),
                );
                $(
                    const __OXPACK_MIN_BLOCKS: u32 = $min;
                    const _: () = ::core::assert!(
                        __OXPACK_MIN_BLOCKS >= 1,
                        concat!("oxpack: kernel `", stringify!($name), "`: `#[launch_bounds(", stringify!($max), ", ",
                                stringify!($min), ")]` needs at least 1 block per multiprocessor"),
                    );
                )?
            )?
            const _: () = ::core::assert!(
                0 $(+ <$t as $crate::Param>::DYN_SHARED)* <= 1,
                concat!("oxpack: kernel `", stringify!($name), "` takes more than one `DynShared` parameter; ",
                        "all of them would be the same block memory: take one and split it"),
            );
            #[used]
            pub static __OXPACK_SIG: [u8; $crate::sig::len(__OXPACK_PARTS)] =
                $crate::sig::join(__OXPACK_PARTS);

            $crate::__oxpack_entry! {
                $name [$($p : $t [$($($shape)*)?]),*] []
                [__l0 __l1 __l2 __l3 __l4 __l5 __l6 __l7 __l8 __l9 __l10 __l11 __l12 __l13
                 __l14 __l15 __l16 __l17 __l18 __l19 __l20 __l21 __l22 __l23]
                [__s0 __s1 __s2 __s3 __s4 __s5 __s6 __s7 __s8 __s9 __s10 __s11 __s12 __s13
                 __s14 __s15 __s16 __s17 __s18 __s19 __s20 __s21 __s22 __s23]
                []
            }
            // thread coarsening: the factor and the coarsened entry (after the plain entry, so
            // that a parameter of a type no kernel takes is named by the plain entry's error first)
            $crate::__oxpack_coarse! { $name [$($coarsen)?] [$($p : $t [$($($shape)*)?]),*] [] [] [
                __c0 __c1 __c2 __c3 __c4 __c5 __c6 __c7 __c8 __c9 __c10 __c11 __c12 __c13
                __c14 __c15 __c16 __c17 __c18 __c19 __c20 __c21 __c22 __c23] }
        }

        $crate::kernel! { $($rest)* }
    };
    ($(#[doc = $doc:literal])* $(#[variant_of $($vo:tt)*])? $(#[only_on $($oo:tt)*])? $(#[launch $($la:tt)*])? $(#[tune $($tu:tt)*])? $(#[dims $($di:tt)*])? $(#[outputs $($ou:tt)*])? $(#[backward $($bw:tt)*])? $(#[launch_bounds $($lb:tt)*])?
     $(#[max_registers $($mr:tt)*])? $(#[coarsen $($co:tt)*])? #[whole_warps $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[whole_warps]` once, with no arguments, after `#[launch_bounds(...)]`, `#[max_registers(...)]` and `#[coarsen(N)]` if any, right before the kernel's `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* #[variant_of $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[variant_of(KERNEL, ARCH)]` with two names, e.g. `#[variant_of(gemm, sm_90a)]`, after the variant's `///` docs and before `#[launch_bounds(...)]`, `#[max_registers(...)]` (if any) and its `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* $(#[variant_of $($vo:tt)*])? $(#[only_on $($oo:tt)*])? $(#[launch $($la:tt)*])? $(#[tune $($tu:tt)*])? $(#[dims $($di:tt)*])? $(#[outputs $($ou:tt)*])? $(#[backward $($bw:tt)*])? $(#[launch_bounds $($lb:tt)*])?
     $(#[max_registers $($mr:tt)*])? #[coarsen $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[coarsen(N)]` with N one of 1 (no coarsening), 2, 4, 8, e.g. `#[coarsen(1)]`, after `#[launch_bounds(...)]` and `#[max_registers(...)]` if any and before the kernel's `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* $(#[variant_of $($vo:tt)*])? $(#[only_on $($oo:tt)*])? $(#[launch $($la:tt)*])? $(#[tune $($tu:tt)*])? $(#[dims $($di:tt)*])? $(#[outputs $($ou:tt)*])? $(#[backward $($bw:tt)*])? $(#[launch_bounds $($lb:tt)*])?
     #[max_registers $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[max_registers(N)]` with an integer literal, e.g. `#[max_registers(64)]`, after `#[launch_bounds(...)]` if any and before the kernel's `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* $(#[variant_of $($vo:tt)*])? $(#[only_on $($oo:tt)*])? $(#[launch $($la:tt)*])? $(#[tune $($tu:tt)*])? $(#[dims $($di:tt)*])? $(#[outputs $($ou:tt)*])? $(#[backward $($bw:tt)*])? #[launch_bounds $($bad:tt)*]
     $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[launch_bounds(MAX_THREADS)]` or `#[launch_bounds(MAX_THREADS, MIN_BLOCKS)]` with integer literals, e.g. `#[launch_bounds(256, 2)]`, after `#[launch(...)]`, `#[tune(...)]`, `#[dims(...)]`, `#[outputs(...)]` and `#[backward(...)]` (if any) and before `#[max_registers(...)]`, `#[coarsen(N)]`, `#[whole_warps]` and the kernel's `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* $(#[variant_of $($vo:tt)*])? $(#[only_on $($oo:tt)*])? $(#[launch $($la:tt)*])? $(#[tune $($tu:tt)*])? $(#[dims $($di:tt)*])?
     $(#[outputs $($ou:tt)*])? #[backward $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[backward(KERNEL, ...)]` with the names of the backward kernels (of any kernel file of the package), e.g. `#[backward(rmsnorm_bwd, rmsnorm_bwd_reduce)]`, then any `d<input> = d<other input>` (one gradient for both), after `#[outputs(...)]` and before `#[launch_bounds(...)]`, `#[max_registers(...)]`, `#[coarsen(N)]`, `#[whole_warps]` and the kernel's `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* $(#[variant_of $($vo:tt)*])? $(#[only_on $($oo:tt)*])? $(#[launch $($la:tt)*])? $(#[tune $($tu:tt)*])? $(#[dims $($di:tt)*])?
     #[outputs $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[outputs(out = (rows, cols), ...)]` (the dims of outputs a call may leave out), after `#[launch(...)]`, `#[tune(...)]` and `#[dims(...)]` (if any) and before `#[launch_bounds(...)]`, `#[max_registers(...)]`, `#[coarsen(N)]`, `#[whole_warps]` and the kernel's `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* $(#[variant_of $($vo:tt)*])? $(#[launch $($la:tt)*])? $(#[tune $($tu:tt)*])?
     #[dims $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[dims(a = (m, k), ...)]` (the dims of input arrays, whose scalars a call may then leave out), after `#[launch(...)]` and `#[tune(...)]` (if any) and before `#[outputs(...)]`, `#[backward(...)]`, `#[launch_bounds(...)]`, `#[max_registers(...)]`, `#[coarsen(N)]`, `#[whole_warps]` and the kernel's `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* $(#[variant_of $($vo:tt)*])? $(#[only_on $($oo:tt)*])? $(#[launch $($la:tt)*])? #[tune $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[tune(block = [128, 256, 512])]` (the candidate blocks), after `#[launch(...)]` (if any) and before `#[launch_bounds(...)]`, `#[max_registers(...)]`, `#[coarsen(N)]`, `#[whole_warps]` and the kernel's `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* $(#[variant_of $($vo:tt)*])? #[only_on $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[only_on(ARCH)]` with one arch, e.g. `#[only_on(sm_90a)]`, after the kernel's `///` docs and before `#[launch(...)]` and its `pub fn`; the kernel needs a `#[variant_of(KERNEL, ARCH)]` body for that arch"
        );
    };
    ($(#[doc = $doc:literal])* $(#[variant_of $($vo:tt)*])? $(#[only_on $($oo:tt)*])? #[launch $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[launch(key = value, ...)]` (keys threads or grid, block, shared), e.g. `#[launch(grid = cdiv(n, 256), block = 256)]`, after the kernel's `///` docs and `#[variant_of(...)]` (if any) and before `#[launch_bounds(...)]`, `#[max_registers(...)]`, `#[coarsen(N)]`, `#[whole_warps]` and its `pub fn`"
        );
    };
    (pub fn $name:ident $($rest:tt)*) => {
        ::core::compile_error!(concat!(
            "oxpack: kernel `", stringify!($name),
            "` must look like `pub fn ", stringify!($name), "(a: f32, x: &[f32], y: &mut DisjointSlice<f32>) { ... }` (no generics, no return type)"
        ));
    };
    ($($other:tt)*) => {
        ::core::compile_error!("oxpack: `kernel!` takes `pub fn` items (with `///` docs), e.g. `kernel! { pub fn k(x: &[f32], y: &mut DisjointSlice<f32>) { ... } }`");
    };
}

/// A kernel's `#[launch(...)]` as the descriptor's text, `__OXPACK_LAUNCH`: each token as
/// `stringify!` writes it, and each `{ CONST }` group (a Rust constant expression, such as a
/// pipeline's `SHARED_BYTES / 8`) as its value, which the build evaluates. Parentheses nest: the
/// tokens after a group wait on a stack while its inside is written.
#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_launch {
    (@munch ($text:ident $parts:ident $bytes:ident) [$($out:expr),*] []) => {
        const $parts: &[&str] = &[$($out),*];
        const $bytes: [u8; $crate::sig::len($parts)] = $crate::sig::join($parts);
        const $text: &str = $crate::sig::text(&$bytes);
    };
    // the end of a parenthesised group: its closing parenthesis, then the tokens after it
    (@munch $names:tt [$($out:expr),*] [[$($after:tt)*] $($stack:tt)*]) => {
        $crate::__oxpack_launch! { @munch $names [$($out,)* ") "] [$($stack)*] $($after)* }
    };
    (@munch $names:tt [$($out:expr),*] [$($stack:tt)*] { $($c:tt)* } $($rest:tt)*) => {
        $crate::__oxpack_launch! {
            @munch $names [$($out,)* $crate::sig::Num::<{ ($($c)*) as u64 }>::TEXT, " "] [$($stack)*] $($rest)*
        }
    };
    (@munch $names:tt [$($out:expr),*] [$($stack:tt)*] ( $($inner:tt)* ) $($rest:tt)*) => {
        $crate::__oxpack_launch! { @munch $names [$($out,)* "( "] [[$($rest)*] $($stack)*] $($inner)* }
    };
    (@munch $names:tt [$($out:expr),*] [$($stack:tt)*] [ $($inner:tt)* ] $($rest:tt)*) => {
        ::core::compile_error!("oxpack: `#[launch(...)]`, `#[dims(...)]` and `#[outputs(...)]` take no `[...]`: their values are integer expressions, or tuples `(x, y)` of them");
    };
    (@munch $names:tt [$($out:expr),*] [$($stack:tt)*] $t:tt $($rest:tt)*) => {
        $crate::__oxpack_launch! { @munch $names [$($out,)* stringify!($t), " "] [$($stack)*] $($rest)* }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_entry {
    // one parameter at a time: its length word's name, its shape value's name; `shaped`
    // noted once any parameter has a shape
    ($name:ident [$p:ident : $t:ty [] $(, $rp:ident : $rt:ty [$($rs:tt)*])*] [$($acc:tt)*]
     [$l:ident $($ls:ident)*] [$v:ident $($vs:ident)*] [$($shaped:tt)*]) => {
        $crate::__oxpack_entry! {
            $name [$($rp : $rt [$($rs)*]),*] [$($acc)* ($p, $l, $v, $t, [])] [$($ls)*] [$($vs)*] [$($shaped)*]
        }
    };
    ($name:ident [$p:ident : $t:ty [$($s:tt)+] $(, $rp:ident : $rt:ty [$($rs:tt)*])*] [$($acc:tt)*]
     [$l:ident $($ls:ident)*] [$v:ident $($vs:ident)*] [$($shaped:tt)*]) => {
        $crate::__oxpack_entry! {
            $name [$($rp : $rt [$($rs)*]),*] [$($acc)* ($p, $l, $v, $t, [$($s)+])] [$($ls)*] [$($vs)*] [shaped]
        }
    };
    ($name:ident [] [$(($p:ident, $l:ident, $v:ident, $t:ty, [$($s:tt)*]))*] [$($ls:ident)*] [$($vs:ident)*]
     [$($shaped:ident)?]) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__oxpack_shim! { "C" $name [$($shaped)?] [$(($p, $l, $v, $t, [$($s)*]))*] }
        // On the host (emulation) the same shim, but a panic unwinds out of it to the
        // emulator, which raises it as `KernelTrap`; out of an `extern "C"` fn it aborts.
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__oxpack_shim! { "C-unwind" $name [$($shaped)?] [$(($p, $l, $v, $t, [$($s)*]))*] }
    };
    ($name:ident [$($more:tt)*] [$($acc:tt)*] [] [$($vs:ident)*] [$($shaped:tt)*]) => {
        ::core::compile_error!(concat!("oxpack: kernel `", stringify!($name), "` has more than 24 parameters"));
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_shim {
    // no parameter has a shape: every holder binds `()`
    ($abi:literal $name:ident [] [$(($p:ident, $l:ident, $v:ident, $t:ty, []))*]) => {
        $crate::__oxpack_shim! { @entry $abi $name [$(($p, $l, $v, $t, []))*] {} }
    };
    // some output has one: every parameter's shape (`()` for all but shaped outputs)
    // first, by a safe function (the entry is `unsafe`, its body an unsafe context) in
    // which each parameter's name stands for its launch word and length alone
    // (`ShapeArg`): a shape is the same in every thread (see `shape`)
    ($abi:literal $name:ident [shaped] [$(($p:ident, $l:ident, $v:ident, $t:ty, [$($s:tt)*]))*]) => {
        $crate::__oxpack_shim! { @entry $abi $name [$(($p, $l, $v, $t, [$($s)*]))*] {
            #[allow(unused_variables, clippy::too_many_arguments, clippy::unused_unit)]
            #[inline(always)]
            fn __oxpack_shapes($($p: $crate::shape::ShapeArg<'_, $t>),*)
                -> ($($crate::__oxpack_shape!(@type $($s)*),)*) {
                ($($crate::__oxpack_shape!($($s)*),)*)
            }
            #[allow(clippy::let_unit_value)]
            let ($($v,)*) = __oxpack_shapes($($crate::shape::ShapeArg::<$t>::new(&$p, $l)),*);
        } }
    };
    (@entry $abi:literal $name:ident [$(($p:ident, $l:ident, $v:ident, $t:ty, [$($s:tt)*]))*] { $($shapes:tt)* }) => {
        // `unsafe`: only the launch calls it, with words the host stub checked; called
        // from a kernel, it could forge a dynamic shared size or a `Uniform`.
        // `inline(never)`: a body this small (a kernel with no parameters, or only scalars)
        // would otherwise be inferred cross-crate inlinable and never emitted into the crate's
        // code; the link inlines it into its PTX entry all the same (`alwaysinline` at the call).
        #[inline(never)]
        pub unsafe extern $abi fn __oxpack_entry($($p: <$t as $crate::Param>::Word, $l: usize),*) {
            $($shapes)*
            // Each parameter's holder, from the launch's words, with its shape bound once,
            // before the body runs.
            // SAFETY: the words are this launch's, checked by the host stub; each holder
            // is made, bound and borrowed once, and outlives the call.
            unsafe {
                super::$name($(<$t as $crate::Param>::borrow(&mut <
                    <$t as $crate::Param>::Holder as $crate::layout::Bind<$crate::__oxpack_shape!(@type $($s)*)>
                >::bind(<$t as $crate::Param>::hold($p, $l), $crate::__oxpack_shim!(@value $v [$($s)*])))),*)
            }
        }
    };
    (@value $v:ident []) => { () };
    (@value $v:ident [$($s:tt)+]) => { $v };
}

/// An output's shape, `width, len(x) / 4`, as a tuple of `usize` expressions over the
/// entry shim's `ShapeArg`s (see [`shape`](crate::shape)); `()` for no shape.
#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_shape {
    () => { () };
    // its type, `(usize, usize,)`: the holder's `Bind` impl is chosen by it, so a shape of the
    // wrong length is named by `Bind`'s message
    (@type) => { () };
    (@type $($t:tt)+) => { $crate::__oxpack_shape!(@split type [] [] $($t)+) };
    (@usize $($t:tt)*) => { usize };
    // split at the top-level commas (a group in parentheses is one token)
    (@split value [$([$($done:tt)*])*] []) => { ($($crate::__oxpack_shape!(@term [] $($done)*),)*) };
    (@split value [$([$($done:tt)*])*] [$($cur:tt)+]) => {
        ($($crate::__oxpack_shape!(@term [] $($done)*),)* $crate::__oxpack_shape!(@term [] $($cur)+),)
    };
    (@split type [$([$($done:tt)*])*] []) => { ($($crate::__oxpack_shape!(@usize $($done)*),)*) };
    (@split type [$([$($done:tt)*])*] [$($cur:tt)+]) => {
        ($($crate::__oxpack_shape!(@usize $($done)*),)* $crate::__oxpack_shape!(@usize $($cur)+),)
    };
    (@split $mode:ident [$($done:tt)*] [] , $($rest:tt)*) => {
        ::core::compile_error!("oxpack: an output's shape has an empty dimension: write `= (a)` or `= (a, b)`")
    };
    (@split $mode:ident [$($done:tt)*] [$($cur:tt)+] , $($rest:tt)*) => {
        $crate::__oxpack_shape!(@split $mode [$($done)* [$($cur)+]] [] $($rest)*)
    };
    (@split $mode:ident [$($done:tt)*] [$($cur:tt)*] $t:tt $($rest:tt)*) => {
        $crate::__oxpack_shape!(@split $mode [$($done)*] [$($cur)* $t] $($rest)*)
    };
    // one dimension, token by token
    (@term [$($o:tt)*]) => { $($o)* };
    (@term [$($o:tt)*] + $($rest:tt)*) => { $crate::__oxpack_shape!(@term [$($o)* +] $($rest)*) };
    (@term [$($o:tt)*] - $($rest:tt)*) => { $crate::__oxpack_shape!(@term [$($o)* -] $($rest)*) };
    (@term [$($o:tt)*] * $($rest:tt)*) => { $crate::__oxpack_shape!(@term [$($o)* *] $($rest)*) };
    (@term [$($o:tt)*] / $($rest:tt)*) => { $crate::__oxpack_shape!(@term [$($o)* /] $($rest)*) };
    (@term [$($o:tt)*] % $($rest:tt)*) => { $crate::__oxpack_shape!(@term [$($o)* %] $($rest)*) };
    (@term [$($o:tt)*] len ( $x:ident ) $($rest:tt)*) => {
        $crate::__oxpack_shape!(@term [$($o)* $crate::shape::len(&$x)] $($rest)*)
    };
    (@term [$($o:tt)*] len $($rest:tt)*) => {
        ::core::compile_error!("oxpack: in an output's shape write `len(x)` with `x` a slice parameter of the kernel")
    };
    (@term [$($o:tt)*] as $($rest:tt)*) => {
        ::core::compile_error!("oxpack: an output's shape takes no `as`: its terms are integers (usize) already")
    };
    (@term [$($o:tt)*] $f:ident ( $($a:tt)* ) $($rest:tt)*) => {
        ::core::compile_error!(concat!(
            "oxpack: an output's shape cannot call `", stringify!($f), "(...)`: only `len(x)` of a slice parameter; ",
            "a shape is made of u32/u64 kernel parameters, `len(x)`, integers and + - * / %"
        ))
    };
    (@term [$($o:tt)*] $x:ident $($rest:tt)*) => {
        $crate::__oxpack_shape!(@term [$($o)* $crate::shape::ShapeTerm::shape_term(&$x)] $($rest)*)
    };
    (@term [$($o:tt)*] $n:literal $($rest:tt)*) => {
        $crate::__oxpack_shape!(@term [$($o)* { let n: usize = $n; n }] $($rest)*)
    };
    (@term [$($o:tt)*] ( $($inner:tt)+ ) $($rest:tt)*) => {
        $crate::__oxpack_shape!(@term [$($o)* ($crate::__oxpack_shape!(@term [] $($inner)+))] $($rest)*)
    };
    (@term [$($o:tt)*] $other:tt $($rest:tt)*) => {
        ::core::compile_error!(concat!(
            "oxpack: `", stringify!($other), "` cannot appear in an output's shape, which is made of u32/u64 kernel ",
            "parameters, `len(x)` of a slice parameter, integers, constants, + - * / % and parentheses"
        ))
    };
    ($($t:tt)+) => { $crate::__oxpack_shape!(@split value [] [] $($t)+) };
}

/// What a test of the arch check calls: `%cluster_ctarank` (the block's rank in its thread-block
/// cluster, 0 without clusters), an sm_90 register that ptxas refuses for sm_80. Its runtime
/// function is named `__oxpack_sm90a_*`, so only a kernel built for sm_90a may reach it.
#[doc(hidden)]
pub mod __arch_probe {
    /// The block's rank in its cluster (0 without clusters; 0 in emulation).
    #[inline(always)]
    pub fn cluster_rank() -> u32 {
        crate::intrinsics::sm90a::__oxpack_sm90a_cluster_ctarank()
    }
}

/// Thread coarsening (see [`param::coarse`](crate::param::coarse)): the kernel's factor,
/// `__OXPACK_COARSEN` (1 unless its parameters are one `ThreadIndex` and per-element
/// parameters; `#[coarsen(N)]` sets N, 1 to opt out), and, for a kernel without shaped
/// outputs, a second entry `__oxpack_coarse_entry` that runs the body for
/// `__OXPACK_COARSEN` launch indices per hardware thread. The link stage chooses between
/// the two entries (`oxpack/coarsen.py`).
#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_coarse {
    // the factor asked for: `#[coarsen(N)]`'s, else the default
    (@requested) => { $crate::param::coarse::DEFAULT };
    (@requested $c:literal) => { $c };
    // one parameter at a time: its length word's name; no entry once a parameter has a shape
    ($name:ident [$($c:literal)?] [$p:ident : $t:ty [] $(, $rp:ident : $rt:ty [$($rs:tt)*])*] [$($acc:tt)*]
     [$($shaped:tt)*] [$l:ident $($ls:ident)*]) => {
        $crate::__oxpack_coarse! { $name [$($c)?] [$($rp : $rt [$($rs)*]),*] [$($acc)* ($p, $l, $t)] [$($shaped)*] [$($ls)*] }
    };
    ($name:ident [$($c:literal)?] [$p:ident : $t:ty [$($s:tt)+] $(, $rp:ident : $rt:ty [$($rs:tt)*])*] [$($acc:tt)*]
     [$($shaped:tt)*] [$l:ident $($ls:ident)*]) => {
        $crate::__oxpack_coarse! { $name [$($c)?] [$($rp : $rt [$($rs)*]),*] [$($acc)* ($p, $l, $t)] [shaped] [$($ls)*] }
    };
    ($name:ident [$($c:literal)?] [] [$(($p:ident, $l:ident, $t:ty))*] [$($shaped:tt)*] [$($ls:ident)*]) => {
        const __OXPACK_COARSEN_REQUESTED: u32 = $crate::__oxpack_coarse!(@requested $($c)?);
        const _: () = ::core::assert!(
            $crate::param::coarse::valid(__OXPACK_COARSEN_REQUESTED),
            concat!("oxpack: kernel `", stringify!($name), "`: `#[coarsen(N)]` takes N = 1 (no coarsening), 2, 4 or 8"),
        );
        const __OXPACK_COARSEN: u32 = $crate::param::coarse::factor(
            &[$(<$t as $crate::Param>::COARSE),*], __OXPACK_COARSEN_REQUESTED);
        $crate::__oxpack_coarse! { @entry $name [$($shaped)*] [$(($p, $l, $t))*] }
    };
    ($name:ident [$($c:literal)?] [$($more:tt)*] [$($acc:tt)*] [$($shaped:tt)*] []) => {};
    (@entry $name:ident [shaped] [$(($p:ident, $l:ident, $t:ty))*]) => {};
    (@entry $name:ident [] [$(($p:ident, $l:ident, $t:ty))*]) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__oxpack_coarse! { @fn "C" $name [$(($p, $l, $t))*] }
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__oxpack_coarse! { @fn "C-unwind" $name [$(($p, $l, $t))*] }
    };
    (@fn $abi:literal $name:ident [$(($p:ident, $l:ident, $t:ty))*]) => {
        /// The coarsened entry: the body for `__OXPACK_COARSEN` launch indices per thread,
        /// `first + k·step` (see `param::coarse`), each below the launch's count of indices,
        /// which is the launch index's word.
        #[allow(unused_mut, unused_variables, clippy::too_many_arguments)]
        #[inline(never)] // as the plain entry's: always emitted, inlined by the link
        pub unsafe extern $abi fn __oxpack_coarse_entry($($p: <$t as $crate::Param>::Word, $l: usize),*) {
            // SAFETY: as the plain entry's: the words are this launch's, checked by the host
            // stub (which passes the count of indices as the launch index's word); each holder
            // is made once and outlives every call of the body; the calls come one after the
            // other, so each borrow ends before the next begins; the indices `first + k·step`
            // are this thread's alone (`param::coarse`).
            unsafe {
                $(let mut $p = <$t as $crate::Param>::hold_coarse($p, $l);)*
                let limit = {
                    let mut limit = usize::MAX;
                    $(let l = <$t as $crate::Param>::coarse_limit(&$p); if l < limit { limit = l; })*
                    limit
                };
                // the shortest array that the body may index with its launch index
                let within = {
                    let mut within = limit;
                    $(let l = <$t as $crate::Param>::coarse_len(&$p); if l < within { within = l; })*
                    within
                };
                const K: usize = __OXPACK_COARSEN as usize;
                let (t, d, b) = $crate::grid::coarse_registers();
                ::core::hint::assert_unchecked(d != 0);
                // The indices `first + k·step` cannot overflow (a grid holds fewer than 2^63 of
                // them): said so, the optimizer orders them, and from `last < within` drops the
                // body's bounds checks in each step, whose loads may then issue together.
                let (mut first, mut step) = (b.unchecked_mul(d).unchecked_mul(K).unchecked_add(t), d);
                // The stub's default block, 256, where a thread's last index is below every length:
                // the steps unguarded, so the optimizer drops the body's bounds checks (from
                // `last < within`), and their step a constant, so the steps' addresses are one
                // register plus constant offsets, which the assembler tells apart: it may issue
                // every step's loads, a read-modify-write's too, before the first store.
                let full256 = d == 256 && {
                    (first, step) = (b.unchecked_mul(256 * K).unchecked_add(t), 256);
                    first.unchecked_add(256 * (K - 1)) < within
                };
                macro_rules! __oxpack_step {
                    ($k:expr, $guard:expr) => {{
                        let j = first.unchecked_add(($k as usize).unchecked_mul(step));
                        if !$guard || j < limit {
                            super::$name($(<$t as $crate::Param>::borrow_at(&mut $p, j)),*);
                        }
                    }};
                }
                // the steps, first to last (`up`) or last to first (`down`): each index once
                macro_rules! __oxpack_steps {
                    ($guard:expr, up) => {
                        match __OXPACK_COARSEN {
                            2 => { __oxpack_step!(0, $guard); __oxpack_step!(1, $guard); }
                            4 => {
                                __oxpack_step!(0, $guard); __oxpack_step!(1, $guard);
                                __oxpack_step!(2, $guard); __oxpack_step!(3, $guard);
                            }
                            8 => {
                                __oxpack_step!(0, $guard); __oxpack_step!(1, $guard);
                                __oxpack_step!(2, $guard); __oxpack_step!(3, $guard);
                                __oxpack_step!(4, $guard); __oxpack_step!(5, $guard);
                                __oxpack_step!(6, $guard); __oxpack_step!(7, $guard);
                            }
                            _ => {} // factor 1: this entry is never launched
                        }
                    };
                    ($guard:expr, down) => {
                        match __OXPACK_COARSEN {
                            2 => { __oxpack_step!(1, $guard); __oxpack_step!(0, $guard); }
                            4 => {
                                __oxpack_step!(3, $guard); __oxpack_step!(2, $guard);
                                __oxpack_step!(1, $guard); __oxpack_step!(0, $guard);
                            }
                            8 => {
                                __oxpack_step!(7, $guard); __oxpack_step!(6, $guard);
                                __oxpack_step!(5, $guard); __oxpack_step!(4, $guard);
                                __oxpack_step!(3, $guard); __oxpack_step!(2, $guard);
                                __oxpack_step!(1, $guard); __oxpack_step!(0, $guard);
                            }
                            _ => {}
                        }
                    };
                }
                if full256 {
                    // every index of this thread below every length; the last step first, so that
                    // no step's code is the same as the guarded copy's last (the code generator
                    // would share one, with a branch before its loads)
                    __oxpack_steps!(false, down)
                } else {
                    // the launch's last blocks, and other block sizes: each index checked
                    __oxpack_steps!(true, up)
                }
            }
        }
    };
}
