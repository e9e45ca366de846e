//! Math on `f32` and `f64`: `use oxpack::prelude::*` brings the [`DeviceFloat`]
//! methods (`x.exp()`, `x.sqrt()`, `a.mul_add(b, c)`, …).
//!
//! Each method says whether it needs libdevice. Exact operations (sqrt, fma, floor, ceil,
//! abs, min, max) and `rsqrt` (`rsqrt.approx`, as CUDA's `rsqrtf`) are single PTX
//! instructions: no libdevice. The transcendental ones (exp, exp2, ln, log2, sin, cos,
//! tanh, erf, powf) call NVIDIA's libdevice (`__nv_expf`, …, the same code CUDA's `expf`
//! runs), which oxpack links only into kernels that use them: a kernel file that calls one
//! needs the `nvidia-nvvm` wheel (`pip install oxpack[libdevice]`, or `oxpack[libdevice]` in
//! `build-system.requires`), and its build says so where it is missing. [`fast`] has the
//! hardware approximations (`ex2.approx`, `sin.approx`, …) that CUDA's `__expf` & co and
//! `-use_fast_math` use: fewer instructions, less accuracy, no libdevice.
//! [`fast`] has the hardware approximations (`ex2.approx`, `sin.approx`, …) that
//! CUDA's `__expf` & co and `-use_fast_math` use: fewer instructions, less accuracy.

use crate::intrinsics::{libdevice, math as rt};

/// Math methods for `f32` and `f64` on the device.
pub trait DeviceFloat: Copy + crate::sealed::Sealed {
    /// Square root, correctly rounded (`sqrt.rn`; no libdevice).
    fn sqrt(self) -> Self;
    /// 1 / sqrt(x), `rsqrt.approx` as CUDA's `rsqrtf` (no libdevice).
    fn rsqrt(self) -> Self;
    /// e^x (libdevice).
    fn exp(self) -> Self;
    /// 2^x (libdevice).
    fn exp2(self) -> Self;
    /// Natural logarithm (libdevice).
    fn ln(self) -> Self;
    /// Base-2 logarithm (libdevice).
    fn log2(self) -> Self;
    /// Sine (libdevice).
    fn sin(self) -> Self;
    /// Cosine (libdevice).
    fn cos(self) -> Self;
    /// Hyperbolic tangent (libdevice).
    fn tanh(self) -> Self;
    /// Error function (libdevice).
    fn erf(self) -> Self;
    /// x^y (libdevice).
    fn powf(self, y: Self) -> Self;
    /// self * a + b with one rounding (`fma.rn`; no libdevice).
    fn mul_add(self, a: Self, b: Self) -> Self;
    /// Largest integer ≤ x (`cvt.rmi`; no libdevice).
    fn floor(self) -> Self;
    /// Smallest integer ≥ x (`cvt.rpi`; no libdevice).
    fn ceil(self) -> Self;
    /// |x| (no libdevice).
    fn abs(self) -> Self;
    /// The smaller of the two (the number, if one is NaN; no libdevice).
    fn min(self, y: Self) -> Self;
    /// The larger of the two (the number, if one is NaN; no libdevice).
    fn max(self, y: Self) -> Self;
}

macro_rules! device_float {
    ($t:ty, $sqrt:ident, $floor:ident, $ceil:ident, $abs:ident, $min:ident, $max:ident, $fma:ident,
     $rsqrt:ident, $exp:ident, $exp2:ident, $ln:ident, $log2:ident, $sin:ident, $cos:ident, $tanh:ident,
     $erf:ident, $pow:ident) => {
        impl DeviceFloat for $t {
            #[inline(always)]
            fn sqrt(self) -> Self { rt::$sqrt(self) }
            #[inline(always)]
            fn rsqrt(self) -> Self { rt::$rsqrt(self) }
            #[inline(always)]
            fn exp(self) -> Self { libdevice::$exp(self) }
            #[inline(always)]
            fn exp2(self) -> Self { libdevice::$exp2(self) }
            #[inline(always)]
            fn ln(self) -> Self { libdevice::$ln(self) }
            #[inline(always)]
            fn log2(self) -> Self { libdevice::$log2(self) }
            #[inline(always)]
            fn sin(self) -> Self { libdevice::$sin(self) }
            #[inline(always)]
            fn cos(self) -> Self { libdevice::$cos(self) }
            #[inline(always)]
            fn tanh(self) -> Self { libdevice::$tanh(self) }
            #[inline(always)]
            fn erf(self) -> Self { libdevice::$erf(self) }
            #[inline(always)]
            fn powf(self, y: Self) -> Self { libdevice::$pow(self, y) }
            #[inline(always)]
            fn mul_add(self, a: Self, b: Self) -> Self { rt::$fma(self, a, b) }
            #[inline(always)]
            fn floor(self) -> Self { rt::$floor(self) }
            #[inline(always)]
            fn ceil(self) -> Self { rt::$ceil(self) }
            #[inline(always)]
            fn abs(self) -> Self { rt::$abs(self) }
            #[inline(always)]
            fn min(self, y: Self) -> Self { rt::$min(self, y) }
            #[inline(always)]
            fn max(self, y: Self) -> Self { rt::$max(self, y) }
        }
    };
}

device_float!(f32, __oxpack_sqrt_f32, __oxpack_floor_f32, __oxpack_ceil_f32, __oxpack_fabs_f32,
    __oxpack_minnum_f32, __oxpack_maxnum_f32, __oxpack_fma_f32, __oxpack_rsqrt_f32, __nv_expf, __nv_exp2f, __nv_logf,
    __nv_log2f, __nv_sinf, __nv_cosf, __nv_tanhf, __nv_erff, __nv_powf);
device_float!(f64, __oxpack_sqrt_f64, __oxpack_floor_f64, __oxpack_ceil_f64, __oxpack_fabs_f64,
    __oxpack_minnum_f64, __oxpack_maxnum_f64, __oxpack_fma_f64, __oxpack_rsqrt_f64, __nv_exp, __nv_exp2, __nv_log,
    __nv_log2, __nv_sin, __nv_cos, __nv_tanh, __nv_erf, __nv_pow);

/// Fast `f32` approximations (CUDA's `__expf`, `__sinf`, …; flush denormals to zero).
pub mod fast {
    use super::rt;

    /// 2^x, `ex2.approx.ftz` (2 ulp).
    #[inline(always)]
    pub fn exp2(x: f32) -> f32 {
        rt::__oxpack_fast_ex2_f32(x)
    }
    /// e^x as 2^(x·log2 e), like CUDA's `__expf`.
    #[inline(always)]
    pub fn exp(x: f32) -> f32 {
        rt::__oxpack_fast_ex2_f32(x * core::f32::consts::LOG2_E)
    }
    /// log2(x), `lg2.approx.ftz`.
    #[inline(always)]
    pub fn log2(x: f32) -> f32 {
        rt::__oxpack_fast_lg2_f32(x)
    }
    /// ln(x) as log2(x)·ln 2, like CUDA's `__logf`.
    #[inline(always)]
    pub fn ln(x: f32) -> f32 {
        rt::__oxpack_fast_lg2_f32(x) * core::f32::consts::LN_2
    }
    /// sin(x), `sin.approx.ftz`.
    #[inline(always)]
    pub fn sin(x: f32) -> f32 {
        rt::__oxpack_fast_sin_f32(x)
    }
    /// cos(x), `cos.approx.ftz`.
    #[inline(always)]
    pub fn cos(x: f32) -> f32 {
        rt::__oxpack_fast_cos_f32(x)
    }
    /// 1/sqrt(x), `rsqrt.approx.ftz`.
    #[inline(always)]
    pub fn rsqrt(x: f32) -> f32 {
        rt::__oxpack_fast_rsqrt_f32(x)
    }
    /// tanh(x), `tanh.approx` (sm_75 and newer).
    #[inline(always)]
    pub fn tanh(x: f32) -> f32 {
        rt::__oxpack_fast_tanh_f32(x)
    }
    /// 1/x for x ≥ 1 with no division: [`rsqrt`] squared (2^-21 relative), then one Newton step
    /// (within f32 rounding of 1/x: the step's own error, 2^-42, is below it). For a normalisation
    /// (by a length, by a softmax's row sum): `1.0 / x` is `rcp.rn.f32`, whose slow path is a
    /// subroutine call in SASS, around which the assembler keeps every live register (a whole row's),
    /// and a kernel with any call gets its `wgmma`s serialized (ptxas C7509).
    #[inline(always)]
    pub fn recip(x: f32) -> f32 {
        let r = rsqrt(x);
        let y = r * r;
        y * super::DeviceFloat::mul_add(-x, y, 2.0)
    }
}
