//! Element types: what a kernel's buffers and scalars hold.
//!
//! [`Elem`] is sealed: the six scalar types (`i32`, `u32`, `i64`, `u64`, `f32`, `f64`)
//! and the storage-only [`F16`](crate::half::F16), [`BF16`](crate::half::BF16),
//! [`E4M3`](crate::fp8::E4M3), [`E5M2`](crate::fp8::E5M2), `i8` and `u8`
//! (arrays of them are parameters, lone values are not). Each
//! names the NumPy dtype that the launch stub checks its arrays against, so the Python
//! side and the Rust side agree on the element's size and meaning. Every bit pattern of
//! every element type is a valid value, which is what lets a buffer be read 16 bytes at
//! a time or through a cache hint.

use crate::sealed;

/// Element types that kernels take in slices and as scalars.
pub trait Elem: Copy + sealed::Sealed {
    /// NumPy dtype name, as the launch stubs check it.
    const DTYPE: &'static str;
}

macro_rules! elem {
    ($($t:ty => $name:literal),*) => {$(
        impl sealed::Sealed for $t {}
        impl Elem for $t {
            const DTYPE: &'static str = $name;
        }
    )*};
}

elem!(i32 => "int32", u32 => "uint32", i64 => "int64", u64 => "uint64", f32 => "float32", f64 => "float64");
elem!(crate::half::F16 => "float16", crate::half::BF16 => "bfloat16");
elem!(i8 => "int8", u8 => "uint8");
elem!(crate::fp8::E4M3 => "float8_e4m3fn", crate::fp8::E5M2 => "float8_e5m2");
