//! `half.rs` and `fp8.rs` on the host: IEEE binary16, bfloat16 and FP8 (E4M3, E5M2) conversions,
//! round to nearest even (FP8: saturating, as `cvt.rn.satfinite`), as
//! `cvt.rn.f16.f32` and `cvt.rn.bf16.f32` (the module [`super::rt`] hands to `half.rs` as its `rt`;
//! the tensor-core collectives of [`super::collective`] read 16-bit operands with it too).

pub fn __oxpack_f16_to_f32(b: u16) -> f32 {
    let sign = ((b as u32) & 0x8000) << 16;
    let exp = ((b >> 10) & 0x1f) as u32;
    let man = (b & 0x3ff) as u32;
    let bits = match (exp, man) {
        (0, 0) => sign,
        (0, m) => {
            // subnormal: m · 2^-24, exact in f32
            let v = m as f32 * f32::from_bits(0x3380_0000); // 2^-24
            return if sign != 0 { -v } else { v };
        }
        (31, 0) => sign | 0x7f80_0000,
        (31, m) => sign | 0x7fc0_0000 | (m << 13),
        (e, m) => sign | ((e + 112) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

pub fn __oxpack_f32_to_f16(f: f32) -> u16 {
    let x = f.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 0xff {
        return if man == 0 { sign | 0x7c00 } else { sign | 0x7e00 | (man >> 13) as u16 };
    }
    let e = exp - 127 + 15; // biased half exponent
    if e >= 31 {
        return sign | 0x7c00; // overflow to infinity
    }
    if e <= 0 {
        // subnormal or zero in half: value = (1.man) · 2^(exp-127); shift into 2^-24 units
        if e < -10 {
            return sign; // below half the smallest subnormal: rounds to zero
        }
        let m = man | 0x80_0000; // 24-bit significand
        let shift = (14 - e) as u32; // 13 + (1 - e)
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut h = m >> shift;
        if rest > half || (rest == half && (h & 1) == 1) {
            h += 1;
        }
        return sign | h as u16;
    }
    let mut h = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && (h & 1) == 1) {
        h += 1; // may carry into the exponent, up to infinity: still correct
    }
    sign | h as u16
}

pub fn __oxpack_bf16_to_f32(b: u16) -> f32 {
    f32::from_bits((b as u32) << 16)
}

pub fn __oxpack_f32_to_bf16(f: f32) -> u16 {
    let x = f.to_bits();
    if f.is_nan() {
        return ((x >> 16) as u16) | 0x0040; // a quiet NaN of the same sign
    }
    let rounded = x.wrapping_add(0x7fff + ((x >> 16) & 1));
    (rounded >> 16) as u16
}

/// `cvt.rn.bf16x2.f32`: two conversions, `lo` in the lower half.
pub fn __oxpack_f32x2_to_bf16x2(lo: f32, hi: f32) -> u32 {
    __oxpack_f32_to_bf16(lo) as u32 | (__oxpack_f32_to_bf16(hi) as u32) << 16
}

/// `cvt.rn.f16x2.f32`: two conversions, `lo` in the lower half.
pub fn __oxpack_f32x2_to_f16x2(lo: f32, hi: f32) -> u32 {
    __oxpack_f32_to_f16(lo) as u32 | (__oxpack_f32_to_f16(hi) as u32) << 16
}

/// `f` as an FP8 value of `m` mantissa bits, exponent bias `bias` and largest finite bits `max`
/// (positive), `nan` its NaN: round to nearest even, then saturate to the largest finite value
/// (±infinity too), as `cvt.rn.satfinite.e4m3x2.f32` / `.e5m2x2` do. Exact: every step is a
/// power-of-two scaling or a rounding of an f64 that holds the f32 exactly.
fn f32_to_fp8(f: f32, m: u32, bias: i32, max: u8, nan: u8) -> u8 {
    if f.is_nan() {
        return nan;
    }
    let sign = if f.is_sign_negative() { 0x80u8 } else { 0 };
    let x = (f as f64).abs();
    let decode = |bits: u8| fp8_to_f64(bits, m, bias);
    let largest = decode(max);
    let exponent = |v: f64| ((v.to_bits() >> 52) & 0x7ff) as i32 - 1023; // v normal in f64
    let min_exp = 1 - bias; // the smallest normal exponent; below it the subnormals' quantum
    let q = if x == 0.0 {
        0.0
    } else {
        let quantum = pow2(exponent(x).max(min_exp) - m as i32);
        (x / quantum).round_ties_even() * quantum
    };
    if q >= largest || x.is_infinite() {
        return sign | max;
    }
    if q == 0.0 {
        return sign;
    }
    let e = exponent(q);
    if e < min_exp {
        return sign | (q / pow2(min_exp - m as i32)) as u8; // subnormal: the mantissa alone
    }
    let mantissa = (q / pow2(e - m as i32)) as u32 - (1 << m);
    sign | ((((e + bias) as u32) << m) | mantissa) as u8
}

/// 2^e, exactly, for the exponents FP8 conversions use.
fn pow2(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// The value of FP8 bits of `m` mantissa bits and bias `bias` as a finite f64 (NaN and infinity
/// patterns are the caller's: `fp8_to_f32` tests them first).
fn fp8_to_f64(bits: u8, m: u32, bias: i32) -> f64 {
    let e = ((bits & 0x7f) >> m) as i32;
    let man = (bits & ((1 << m) - 1)) as f64;
    let v = if e == 0 {
        man * pow2(1 - bias - m as i32)
    } else {
        (man + (1u32 << m) as f64) * pow2(e - bias - m as i32)
    };
    if bits & 0x80 != 0 { -v } else { v }
}

pub fn __oxpack_sm89_e4m3_to_f32(b: u8) -> f32 {
    if b & 0x7f == 0x7f {
        return f32::NAN;
    }
    fp8_to_f64(b, 3, 7) as f32
}

pub fn __oxpack_sm89_f32_to_e4m3(f: f32) -> u8 {
    f32_to_fp8(f, 3, 7, 0x7e, 0x7f)
}

pub fn __oxpack_sm89_e5m2_to_f32(b: u8) -> f32 {
    match b & 0x7f {
        0x7c => if b & 0x80 != 0 { f32::NEG_INFINITY } else { f32::INFINITY },
        0x7d..=0x7f => f32::NAN,
        _ => fp8_to_f64(b, 2, 15) as f32,
    }
}

pub fn __oxpack_sm89_f32_to_e5m2(f: f32) -> u8 {
    f32_to_fp8(f, 2, 15, 0x7b, 0x7f)
}
