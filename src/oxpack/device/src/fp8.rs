//! 8-bit floating-point storage types: [`E4M3`] and [`E5M2`] (the OCP FP8 formats that Hopper's
//! tensor cores multiply: `wgmma … .e4m3` / `.e5m2`).
//!
//! | type | bits | largest finite | smallest subnormal | infinity | NaN | Python |
//! | --- | --- | --- | --- | --- | --- | --- |
//! | [`E4M3`] | sign, 4 exponent (bias 7), 3 mantissa | 448 | 2⁻⁹ | none | `0x7f`, `0xff` | `torch.float8_e4m3fn`, `ml_dtypes.float8_e4m3fn` |
//! | [`E5M2`] | sign, 5 exponent (bias 15), 2 mantissa | 57344 | 2⁻¹⁶ | `0x7c`, `0xfc` | `0x7d`–`0x7f`, `0xfd`–`0xff` | `torch.float8_e5m2`, `ml_dtypes.float8_e5m2` |
//!
//! Slices of them are kernel parameters (`&[E4M3]`, `&mut DisjointSlice<E5M2>`, a
//! `TmaSource<E4M3>`); a lone value is not (as for [`BF16`](crate::half::BF16)). CuPy has no FP8
//! dtype: pass PyTorch tensors (on the GPU) or NumPy arrays of `ml_dtypes`' types (emulation).
//!
//! **Conversions** use the GPU's instructions, which sm_89 and newer have: `from_f32` is
//! `cvt.rn.satfinite.e4m3x2.f32` (`.e5m2x2`): round to nearest even, and *saturating*: a value past
//! the largest finite one, an infinity included, becomes that largest finite value of its sign,
//! NaN stays NaN (for E4M3 what PyTorch's `.to(torch.float8_e4m3fn)` gives; for E5M2 PyTorch rounds
//! past 57344 to infinity, and `ml_dtypes` gives NaN or infinity past either); `to_f32` is
//! `cvt.rn.f16x2.e4m3x2` then `cvt.f32.f16`, exact. A kernel that converts is built for sm_89 or
//! newer only (the runtime functions are named `__oxpack_sm89_*`): give it a portable
//! `#[variant_of]` twin, or keep the conversions out of the body other archs run. Emulation
//! converts in software with the same rounding and saturation, bit for bit. The GEMM path never
//! converts: the tensor cores read the bytes as they are.

use crate::intrinsics::half as rt;

/// An FP8 value of 4 exponent bits (bias 7) and 3 mantissa bits, with no infinity
/// (`float8_e4m3fn`): finite values up to ±448, NaN at `0x7f` / `0xff`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct E4M3(u8);

/// An FP8 value of 5 exponent bits (bias 15) and 2 mantissa bits, IEEE-like (`float8_e5m2`):
/// finite values up to ±57344, infinities at `0x7c` / `0xfc`, NaNs above them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct E5M2(u8);

macro_rules! fp8 {
    ($t:ident, $from:ident, $to:ident, $max:literal) => {
        impl $t {
            /// The largest finite value's bits (positive).
            pub const MAX_BITS: u8 = $max;

            /// The nearest value (round to nearest even), saturated: past the largest finite
            /// value (±infinity included) it is that value of the same sign; NaN gives NaN.
            /// Needs sm_89 or newer on the GPU (see the module docs).
            #[inline(always)]
            pub fn from_f32(v: f32) -> Self {
                $t(rt::$from(v))
            }
            /// The exact `f32` value. Needs sm_89 or newer on the GPU (see the module docs).
            #[inline(always)]
            pub fn to_f32(self) -> f32 {
                rt::$to(self.0)
            }
            /// The raw bits.
            #[inline(always)]
            pub const fn to_bits(self) -> u8 {
                self.0
            }
            /// From raw bits (every pattern is a value: finite, NaN or, for E5M2, infinite).
            #[inline(always)]
            pub const fn from_bits(bits: u8) -> Self {
                $t(bits)
            }
        }
    };
}
fp8!(E4M3, __oxpack_sm89_f32_to_e4m3, __oxpack_sm89_e4m3_to_f32, 0x7e);
fp8!(E5M2, __oxpack_sm89_f32_to_e5m2, __oxpack_sm89_e5m2_to_f32, 0x7b);
