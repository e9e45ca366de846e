//! What the scheduler ([`super::sched`]) completes or checks on behalf of waiting threads, apart
//! from both the scheduler and the primitives that wait there ([`super::rt`]), which both use it:
//!
//! - the tensor-core warp collectives of `mma/`: which operation a lane waits at
//!   ([`Collective`]), the record each lane passes, and the warp-wide computation the scheduler
//!   runs once all 32 lanes of a warp wait at the same call ([`Collective::complete`]);
//! - the mbarrier word of `mbarrier.rs` ([`mbarrier`]): whether a phase a thread waits for has
//!   completed.

/// Which tensor-core operation a lane waits at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Collective {
    /// `ldmatrix.sync.aligned.m8n8.x{count}[.trans].b16`
    Ldmatrix { count: u8, trans: bool },
    /// `stmatrix.sync.aligned.m8n8.x4.shared.b16` (`wgmma/tiles.rs`)
    Stmatrix,
    /// `mma.sync.aligned.m16n8k{k}.row.col.f32.{bf16|f16|tf32}...f32`
    Mma { k: u8, kind: Kind },
    /// `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32` (lanes pass an [`MmaS8Lane`])
    MmaS8,
}

/// The input type of an `mma.sync`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Bf16,
    F16,
    Tf32,
}

impl Collective {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Collective::Ldmatrix { count: 1, trans: false } => "the warp matrix load ldmatrix.x1",
            Collective::Ldmatrix { count: 1, trans: true } => "the warp matrix load ldmatrix.x1.trans",
            Collective::Ldmatrix { count: 2, trans: false } => "the warp matrix load ldmatrix.x2",
            Collective::Ldmatrix { count: 2, trans: true } => "the warp matrix load ldmatrix.x2.trans",
            Collective::Ldmatrix { trans: false, .. } => "the warp matrix load ldmatrix.x4",
            Collective::Ldmatrix { trans: true, .. } => "the warp matrix load ldmatrix.x4.trans",
            Collective::Stmatrix => "the warp matrix store stmatrix.x4",
            Collective::Mma { kind: Kind::Tf32, .. } => "the warp matrix multiply mma.sync m16n8k8 (tf32)",
            Collective::Mma { k: 8, kind: Kind::Bf16 } => "the warp matrix multiply mma.sync m16n8k8 (bf16)",
            Collective::Mma { k: 8, kind: Kind::F16 } => "the warp matrix multiply mma.sync m16n8k8 (f16)",
            Collective::Mma { kind: Kind::Bf16, .. } => "the warp matrix multiply mma.sync m16n8k16 (bf16)",
            Collective::Mma { kind: Kind::F16, .. } => "the warp matrix multiply mma.sync m16n8k16 (f16)",
            Collective::MmaS8 => "the warp matrix multiply mma.sync m16n8k32 (s8)",
        }
    }

    /// Completes the operation for a whole warp.
    ///
    /// # Safety
    /// `lanes` holds 32 pointers, lane by lane, each to the record that lane passed for
    /// this operation ([`LdLane`], [`StLane`], [`MmaLane`] or [`MmaS8Lane`]), alive and not
    /// otherwise in use; an `LdLane`'s address is readable for 16 bytes, a `StLane`'s writable
    /// for 16 bytes.
    pub(crate) unsafe fn complete(self, lanes: &[*mut u8]) {
        debug_assert_eq!(lanes.len(), 32);
        // SAFETY (whole match): the caller's contract.
        match self {
            Collective::Ldmatrix { count, trans } => unsafe {
                let lane = |l: usize| &mut *(lanes[l] as *mut LdLane);
                let mut out = [[0u32; 4]; 32];
                for j in 0..count as usize {
                    // matrix j's row r starts at the address of lane 8j + r
                    let row = |r: usize| lane(8 * j + r).addr;
                    for (l, o) in out.iter_mut().enumerate() {
                        let (g, t) = (l / 4, l % 4);
                        o[j] = if trans {
                            let lo = (row(2 * t).add(2 * g) as *const u16).read_unaligned() as u32;
                            let hi = (row(2 * t + 1).add(2 * g) as *const u16).read_unaligned() as u32;
                            lo | (hi << 16)
                        } else {
                            (row(g).add(4 * t) as *const u32).read_unaligned()
                        };
                    }
                }
                for (l, o) in out.iter().enumerate() {
                    lane(l).out = *o;
                }
            },
            Collective::Stmatrix => unsafe {
                // the inverse of ldmatrix.x4: matrix j's row r goes to the address of lane 8j + r,
                // lane 4g + t's word j to columns 2t, 2t + 1 of row g. Every lane's words are read
                // before any row is written (rows may overlap another lane's record: they do not).
                let lane = |l: usize| &*(lanes[l] as *const StLane);
                let words: [[u32; 4]; 32] = core::array::from_fn(|l| lane(l).words);
                for j in 0..4 {
                    for (l, w) in words.iter().enumerate() {
                        let (g, t) = (l / 4, l % 4);
                        (lane(8 * j + g).addr.add(4 * t) as *mut u32).write_unaligned(w[j]);
                    }
                }
            },
            Collective::Mma { k, kind } => unsafe {
                let lane = |l: usize| &mut *(lanes[l] as *mut MmaLane);
                let half = |h: u32| -> f32 {
                    let h = (h & 0xffff) as u16;
                    if kind == Kind::Bf16 { f32::from_bits((h as u32) << 16) } else { super::half::__oxpack_f16_to_f32(h) }
                };
                // tf32: the tensor cores read sign, exponent and the top 10 mantissa bits
                let tf32 = |w: u32| -> f32 { f32::from_bits(w & 0xffff_e000) };
                let k = k as usize;
                let (mut a, mut b, c) = ([[0f32; 16]; 16], [[0f32; 8]; 16], acc_tile(|l| lane(l).c));
                for l in 0..32 {
                    let (g, t) = (l / 4, l % 4);
                    let x = lane(l);
                    if kind == Kind::Tf32 {
                        // A 16 × 8: (g, t), (g + 8, t), (g, t + 4), (g + 8, t + 4); B 8 × 8: (t, g), (t + 4, g)
                        a[g][t] = tf32(x.a[0]);
                        a[g + 8][t] = tf32(x.a[1]);
                        a[g][t + 4] = tf32(x.a[2]);
                        a[g + 8][t + 4] = tf32(x.a[3]);
                        b[t][g] = tf32(x.b[0]);
                        b[t + 4][g] = tf32(x.b[1]);
                        continue;
                    }
                    // A, row-major 16 × k: word i holds two consecutive columns of one row
                    let places: &[(usize, usize)] = if k == 16 {
                        &[(g, 2 * t), (g + 8, 2 * t), (g, 2 * t + 8), (g + 8, 2 * t + 8)]
                    } else {
                        &[(g, 2 * t), (g + 8, 2 * t)]
                    };
                    for (i, &(r, col)) in places.iter().enumerate() {
                        a[r][col] = half(x.a[i]);
                        a[r][col + 1] = half(x.a[i] >> 16);
                    }
                    // B, k × 8 "col": word i holds two consecutive rows (k) of column g
                    for i in 0..k / 8 {
                        b[8 * i + 2 * t][g] = half(x.b[i]);
                        b[8 * i + 2 * t + 1][g] = half(x.b[i] >> 16);
                    }
                }
                // f32 accumulation of exact products (a bf16 or f16 product is exact in f32)
                let mut d = c;
                for (i, row) in d.iter_mut().enumerate() {
                    for (j, v) in row.iter_mut().enumerate() {
                        for kk in 0..k {
                            *v += a[i][kk] * b[kk][j];
                        }
                    }
                }
                for l in 0..32 {
                    lane(l).d = lane_acc(&d, l);
                }
            },
            Collective::MmaS8 => unsafe {
                let lane = |l: usize| &mut *(lanes[l] as *mut MmaS8Lane);
                let (mut a, mut b, c) = ([[0i32; 32]; 16], [[0i32; 8]; 32], acc_tile(|l| lane(l).c));
                for l in 0..32 {
                    let (g, t) = (l / 4, l % 4);
                    let x = lane(l);
                    // A 16 × 32 row-major: word i holds 4 consecutive columns (byte j: column + j)
                    // of one row: (g, 4t), (g + 8, 4t), (g, 4t + 16), (g + 8, 4t + 16)
                    for (i, &(r, col)) in [(g, 4 * t), (g + 8, 4 * t), (g, 4 * t + 16), (g + 8, 4 * t + 16)].iter().enumerate() {
                        for (j, byte) in x.a[i].to_le_bytes().into_iter().enumerate() {
                            a[r][col + j] = byte as i8 as i32;
                        }
                    }
                    // B 32 × 8 "col": word i holds 4 consecutive rows (k) of column g: 4t, 4t + 16
                    for i in 0..2 {
                        for (j, byte) in x.b[i].to_le_bytes().into_iter().enumerate() {
                            b[16 * i + 4 * t + j][g] = byte as i8 as i32;
                        }
                    }
                }
                // exact products summed in s32, wrapping on overflow (no .satfinite): in any order
                let mut d = c;
                for (i, row) in d.iter_mut().enumerate() {
                    for (j, v) in row.iter_mut().enumerate() {
                        for kk in 0..32 {
                            *v = v.wrapping_add(a[i][kk] * b[kk][j]);
                        }
                    }
                }
                for l in 0..32 {
                    lane(l).d = lane_acc(&d, l);
                }
            },
        }
    }
}

/// Lane `l` = 4g + t's places in a 16 × 8 `mma.sync` accumulator tile, in its register order:
/// (g, 2t), (g, 2t + 1), (g + 8, 2t), (g + 8, 2t + 1).
fn acc_places(l: usize) -> [(usize, usize); 4] {
    let (g, t) = (l / 4, l % 4);
    [(g, 2 * t), (g, 2 * t + 1), (g + 8, 2 * t), (g + 8, 2 * t + 1)]
}

/// The 16 × 8 accumulator tile that the 32 lanes hold (`acc(l)`: lane l's four registers).
fn acc_tile<T: Copy + Default>(acc: impl Fn(usize) -> [T; 4]) -> [[T; 8]; 16] {
    let mut tile = [[T::default(); 8]; 16];
    for l in 0..32 {
        for (v, (r, c)) in acc(l).into_iter().zip(acc_places(l)) {
            tile[r][c] = v;
        }
    }
    tile
}

/// Lane `l`'s four registers of a 16 × 8 accumulator tile.
fn lane_acc<T: Copy>(tile: &[[T; 8]; 16], l: usize) -> [T; 4] {
    acc_places(l).map(|(r, c)| tile[r][c])
}

/// A lane's part of an `ldmatrix`: the row address it provides, the words it receives.
#[repr(C)]
pub(crate) struct LdLane {
    pub(crate) addr: *const u8,
    pub(crate) out: [u32; 4],
}

/// A lane's part of an `stmatrix.x4`: the row address it provides, the words it stores.
#[repr(C)]
pub(crate) struct StLane {
    pub(crate) addr: *mut u8,
    pub(crate) words: [u32; 4],
}

/// A lane's part of an `mma.sync` (a: 4 words for m16n8k16 and tf32 m16n8k8, 2 for the 16-bit
/// m16n8k8; b: 2 or 1).
#[repr(C)]
pub(crate) struct MmaLane {
    pub(crate) a: [u32; 4],
    pub(crate) b: [u32; 2],
    pub(crate) c: [f32; 4],
    pub(crate) d: [f32; 4],
}

/// A lane's part of an s8 `mma.sync` m16n8k32: a 4 words (16 s8), b 2 (8 s8), c and d 4 s32.
#[repr(C)]
pub(crate) struct MmaS8Lane {
    pub(crate) a: [u32; 4],
    pub(crate) b: [u32; 2],
    pub(crate) c: [i32; 4],
    pub(crate) d: [i32; 4],
}

/// An mbarrier is 8 bytes of shared memory holding pending arrivals (bits 0-11), the expected
/// count (12-23), the phase (24) and the transaction bytes still due (32-63, signed).
pub(crate) mod mbarrier {
    pub(crate) const PENDING: u64 = 0xfff;
    pub(crate) const PHASE: u64 = 1 << 24;

    /// Opens the next phase once no arrival and no transaction byte is still due.
    pub(crate) fn complete(b: &mut u64) {
        let tx = (*b >> 32) as u32 as i32;
        if *b & PENDING == 0 && tx == 0 {
            let expected = (*b >> 12) & 0xfff;
            *b = ((*b & !PENDING) ^ PHASE) | expected;
        }
    }

    /// Adds `bytes` (negative: bytes landed) to the transaction bytes still due.
    pub(crate) fn add_tx(b: &mut u64, bytes: i32) {
        let tx = ((*b >> 32) as u32 as i32).wrapping_add(bytes);
        *b = (*b & 0xffff_ffff) | ((tx as u32 as u64) << 32);
    }

    /// Whether the phase of parity `parity` has completed.
    pub(crate) fn phase_done(bar: *const u64, parity: u32) -> bool {
        // SAFETY: a barrier the scheduler was given by a waiting thread, in live shared memory.
        (unsafe { *bar } & PHASE != 0) as u32 != parity
    }
}
