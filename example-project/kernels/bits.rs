//! Integer kernels.
use oxpack::prelude::*;

kernel! {
    /// A 32-bit integer hash (xorshift-multiply) of each element, mixed with `seed`.
    pub fn hash32(i: ThreadIndex, seed: u32, x: &[u32], out: &mut DisjointSlice<u32>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            let mut h = x[i.get()] ^ seed;
            h ^= h >> 16;
            h = h.wrapping_mul(0x7feb_352d);
            h ^= h >> 15;
            h = h.wrapping_mul(0x846c_a68b);
            h ^= h >> 16;
            *o = h;
        }
    }

    /// out[i] ← number of Collatz steps from `start + i` down to 1 (capped at `limit`).
    pub fn collatz_steps(i: ThreadIndex, start: u64, limit: u32, out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(i) {
            let mut n = start + i.get() as u64;
            let mut steps = 0u32;
            while n > 1 && steps < limit {
                n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
                steps += 1;
            }
            *o = steps;
        }
    }

    /// out[i] ← clamp(x[i] + delta, lo, hi) on signed integers (the sum saturates).
    /// (`index_1d()` instead of a `ThreadIndex` parameter: any launch shape works.)
    pub fn offset_clamp(delta: i64, lo: i32, hi: i32, x: &[i32], out: &mut DisjointSlice<i64>)
    where (len(x) >= len(out)) {
        let i = index_1d();
        if let Some(o) = out.get_mut(i) {
            let v = (x[i.get()] as i64).saturating_add(delta);
            *o = v.clamp(lo as i64, hi as i64);
        }
    }
}
