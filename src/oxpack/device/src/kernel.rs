//! The `kernel!` macro family: each kernel becomes a safe function, an entry shim and a
//! descriptor.
//!
//! - [`kernel!`] reads each `pub fn` item (docs, `#[launch_bounds]`, `#[max_registers]`,
//!   parameters with their shapes, `where (...)`), writes the kernel as a plain safe
//!   function and, in a hidden module of the same name, its descriptor `__OXPACK_SIG`
//!   (what oxpack reads to type the Python stub) and its entry;
//! - `__oxpack_entry!` gives each parameter a name for its length word;
//! - `__oxpack_shim!` writes the entry `__oxpack_entry`: one (word, length) pair per
//!   parameter, in the launch's order.
//!
//! # Safety
//! The entry is the only caller of [`Param::hold`](crate::Param::hold) and
//! [`Param::borrow`](crate::Param::borrow). It is itself `unsafe` to call (from a kernel
//! it could forge words), and kernel files cannot call `unsafe` functions. It makes,
//! binds and borrows each parameter's holder exactly once, and every holder lives until
//! the kernel body returns. An output's shape comes from the launch's scalar words only
//! (see [`layout`](crate::layout)): the same value in every thread.

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
/// A parameter of type [`ThreadIndex`](crate::ThreadIndex) (or `ThreadIndex2`, `ThreadIndex3`) is
/// the calling thread's index, provided by the launch rather than by Python: it
/// fixes the launch's rank (the stub refuses any other) and costs less than
/// calling [`index_1d`](crate::index_1d), which must check the launch shape on the device.
///
/// An optional `where (...)` after the parameter list states length
/// requirements that the Python stub checks before every launch, e.g.
/// `where (len(x) >= len(y), len(m) == width * height)`: comparisons of
/// `len(slice)`, scalar parameters and integers with `+ - * / %`, where `/`
/// divides integers rounding down (Python's `//`). Write no `//` and no
/// comment inside the parentheses: Rust drops comments before this macro
/// sees the tokens, so oxpack refuses them rather than check less.
///
/// Each kernel becomes a safe Rust function of the same name plus a hidden
/// module holding its entry shim (a safe `extern "C"` function) and a
/// descriptor that oxpack reads to type the Python stub.
#[macro_export]
macro_rules! kernel {
    () => {};
    (
        $(#[doc = $doc:literal])*
        $(#[launch_bounds($max:literal $(, $min:literal)? $(,)?)] $(#[doc = $doc2:literal])*)?
        $(#[max_registers($regs:literal $(,)?)] $(#[doc = $doc3:literal])*)?
        pub fn $name:ident ( $($p:ident : $t:ty $(= ($($shape:ident),+ $(,)?))?),* $(,)? )
        $(where ( $($req:tt)* ))?
        $body:block
        $($rest:tt)*
    ) => {
        $(#[doc = $doc])*
        $($(#[doc = $doc2])*)?
        $($(#[doc = $doc3])*)?
        #[allow(clippy::too_many_arguments)]
        #[inline(always)] // into its entry shim, which knows what the launch guarantees
        pub fn $name($($p: $t),*) $body

        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub mod $name {
            #[allow(unused_imports)]
            use super::*;

            const __OXPACK_PARTS: &[&str] = &[
                "oxpack-kernel-v1;", stringify!($name),
                $(";", stringify!($p), ":", <$t as $crate::Param>::DESC,)*
                $(";bounds=", stringify!($max), $(",", stringify!($min),)?)?
                $(";regs=", stringify!($regs),)?
                ";requires=", $(stringify!($($req)*),)?
                ";doc=", concat!($($doc, "\n",)* $($($doc2, "\n",)*)? $($($doc3, "\n",)*)?),
            ];
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
                $name [$($p : $t [$($($shape)+)?]),*] []
                [__l0 __l1 __l2 __l3 __l4 __l5 __l6 __l7 __l8 __l9 __l10 __l11 __l12 __l13
                 __l14 __l15 __l16 __l17 __l18 __l19 __l20 __l21 __l22 __l23]
            }
        }

        $crate::kernel! { $($rest)* }
    };
    ($(#[doc = $doc:literal])* $(#[launch_bounds $($lb:tt)*])? #[max_registers $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[max_registers(N)]` with an integer literal, e.g. `#[max_registers(64)]`, after `#[launch_bounds(...)]` if any and before the kernel's `pub fn`"
        );
    };
    ($(#[doc = $doc:literal])* #[launch_bounds $($bad:tt)*] $($rest:tt)*) => {
        ::core::compile_error!(
            "oxpack: write `#[launch_bounds(MAX_THREADS)]` or `#[launch_bounds(MAX_THREADS, MIN_BLOCKS)]` with integer literals, e.g. `#[launch_bounds(256, 2)]`, between a kernel's `///` docs and its `pub fn`"
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

#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_entry {
    ($name:ident [$p:ident : $t:ty [$($s:ident)*] $(, $rp:ident : $rt:ty [$($rs:ident)*])*] [$($acc:tt)*] [$l:ident $($ls:ident)*]) => {
        $crate::__oxpack_entry! { $name [$($rp : $rt [$($rs)*]),*] [$($acc)* ($p, $l, $t, [$($s)*])] [$($ls)*] }
    };
    ($name:ident [] [$(($p:ident, $l:ident, $t:ty, [$($s:ident)*]))*] [$($ls:ident)*]) => {
        #[cfg(target_arch = "nvptx64")]
        $crate::__oxpack_shim! { "C" $name [$(($p, $l, $t, [$($s)*]))*] }
        // On the host (emulation) the same shim, but a panic unwinds out of it to the
        // emulator, which raises it as `KernelTrap`; out of an `extern "C"` fn it aborts.
        #[cfg(not(target_arch = "nvptx64"))]
        $crate::__oxpack_shim! { "C-unwind" $name [$(($p, $l, $t, [$($s)*]))*] }
    };
    ($name:ident [$($more:tt)*] [$($acc:tt)*] []) => {
        ::core::compile_error!(concat!("oxpack: kernel `", stringify!($name), "` has more than 24 parameters"));
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_shim {
    ($abi:literal $name:ident [$(($p:ident, $l:ident, $t:ty, [$($s:ident)*]))*]) => {
        // `unsafe`: only the launch calls it, with words the host stub checked; called
        // from a kernel, it could forge a dynamic shared size or a `Uniform`.
        pub unsafe extern $abi fn __oxpack_entry($($p: <$t as $crate::Param>::Word, $l: usize),*) {
            // Each parameter's holder, from the launch's words; an output's shape is
            // bound to it here, once, from the launch's scalar words (the same in every
            // thread), before the body runs. Every other parameter takes `()`.
            // SAFETY: the words are this launch's, checked by the host stub; each holder
            // is made, bound and borrowed once, and outlives the call.
            unsafe {
                super::$name($(<$t as $crate::Param>::borrow(&mut <
                    <$t as $crate::Param>::Holder as $crate::layout::Bind<($($crate::__oxpack_usize!($s),)*)>
                >::bind(
                    <$t as $crate::Param>::hold($p, $l),
                    ($($crate::layout::ShapeValue::shape_value(&$s),)*),
                ))),*)
            }
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __oxpack_usize {
    ($s:ident) => { usize };
}

