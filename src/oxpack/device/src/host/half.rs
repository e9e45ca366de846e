//! `half.rs` on the host: IEEE binary16 and bfloat16 conversions, round to nearest even, as
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
