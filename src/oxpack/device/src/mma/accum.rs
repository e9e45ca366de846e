//! Warp accumulators: a warp's block of `mma.sync` products ([`Accum`]), its A operand held in
//! registers ([`ARegs`]) and per-row values ([`RowVals`]), with the loops that multiply a stage's
//! tiles into them.
//!
//! # Safety
//! As for the fragments ([`frag`](super)): an accumulator block is an array of [`FragC`]s in the
//! calling lane's registers, each in the C fragment layout; the row operations combine a row only
//! across the 4 lanes that hold it (`shfl.bfly` within a quad), and [`Accum::to_a`] reuses the
//! lane's own values (the C layout holds the same rows and column pairs as the A layout), so no
//! lane reads another's values except through those warp shuffles. [`ARegs::load`] reads global
//! memory through a bounds-checked [`Matrix`].

use core::marker::PhantomData;

use super::*;
use crate::matrix::Matrix;

// ---------------------------------------------------------------------------- warp accumulators

/// One kind of warp product over a stage's two tiles, for [`mma_steps`]: how a warp loads a
/// fragment of A and one or two of B at a depth, and how it multiplies them into an accumulator
/// fragment. The f32 kinds ([`TileOps`]: bf16, f16, tf32) and the s8 kind (in [`s8`]) are two
/// implementations of it; every load goes through the same [`TileRef`] word loads.
pub(super) trait Operands {
    /// A fragment of A, B, and the accumulators.
    type A;
    type B;
    type C;
    /// An A and a B fragment before any load (for the register arrays).
    const A0: Self::A;
    const B0: Self::B;
    /// Depth of one fragment in elements.
    const STEP: usize;
    /// # Safety (all three loads)
    /// The fragment inside its tile (`mma_steps`' caller checked the warp's block) and
    /// warp-collective.
    unsafe fn frag_a(&self, row: usize, k: usize) -> Self::A;
    unsafe fn frag_b2(&self, n: usize, k: usize) -> [Self::B; 2];
    unsafe fn frag_b(&self, n: usize, k: usize) -> Self::B;
    /// `c ← a·b + c` (warp-collective).
    fn mma(a: &Self::A, b: &Self::B, c: &mut Self::C);
}

/// The f32-accumulator kinds' [`Operands`]: an A tile and a B tile of one stage.
struct TileOps<'r, 's, TA: TileShape, TB: TileShape> {
    a: &'r TileRef<'s, TA>,
    b: &'r TileRef<'s, TB>,
}

impl<TA: ATileKind, TB: BTileKind<Elem = TA::Elem, Depth = TA::Depth>> Operands for TileOps<'_, '_, TA, TB> {
    type A = FragA<TA::Elem>;
    type B = FragB<TA::Elem>;
    type C = FragC;
    const A0: Self::A = FragA { r: [0; 4], _t: PhantomData };
    const B0: Self::B = FragB { r: [0; 2], _t: PhantomData };
    const STEP: usize = TA::Elem::K_STEP;
    #[inline(always)]
    unsafe fn frag_a(&self, row: usize, k: usize) -> Self::A {
        TA::frag_a_raw(self.a, row, k)
    }
    #[inline(always)]
    unsafe fn frag_b2(&self, n: usize, k: usize) -> [Self::B; 2] {
        TB::frag_b2_raw(self.b, n, k)
    }
    #[inline(always)]
    unsafe fn frag_b(&self, n: usize, k: usize) -> Self::B {
        TB::frag_b_raw(self.b, n, k)
    }
    #[inline(always)]
    fn mma(a: &Self::A, b: &Self::B, c: &mut Self::C) {
        mma_raw(a, b, c);
    }
}

/// The fragments of one k step of [`mma_steps`] into `fa`, `fb`: MT fragments of A, NT of B (in
/// pairs, the last alone when NT is odd).
///
/// # Safety
/// As [`Operands`]' loads, for the warp's whole block at `at` and depth `k`.
#[inline(always)]
pub(super) unsafe fn load_step<const MT: usize, const NT: usize, O: Operands>(
    o: &O,
    fa: &mut [O::A; MT],
    fb: &mut [O::B; NT],
    at: WarpPos,
    k: usize,
) {
    // SAFETY (each load): the caller's contract.
    each8!(MT, |i| {
        fa[i] = unsafe { o.frag_a(at.row + 16 * i, k) };
    });
    each8!(NT / 2, |j| {
        let [b0, b1] = unsafe { o.frag_b2(at.col + 16 * j, k) };
        fb[2 * j] = b0;
        fb[2 * j + 1] = b1;
    });
    if NT % 2 == 1 {
        fb[NT - 1] = unsafe { o.frag_b(at.col + 8 * (NT - 1), k) };
    }
}

/// `c ← a·b + c` over `steps` fragment depths of a stage: the body of [`Accum::mma_tile`] and of
/// [`AccumS32::mma_tile`](s8::AccumS32::mma_tile). Fragments double-buffered across the k steps:
/// step s + 1's `ldmatrix`es are issued before step s's `mma.sync`es, so their latency hides
/// behind the products (as CUTLASS's warp-level mainloop does); with the step count a constant
/// and `s` a literal in each copy, both buffers stay in registers.
///
/// # Safety
/// The warp's block at `at` (16·MT rows, 8·NT columns, `steps · O::STEP` deep) inside both tiles,
/// aligned to the fragments, and all 32 lanes of the warp here (the callers check both).
#[inline(always)]
pub(super) unsafe fn mma_steps<const MT: usize, const NT: usize, O: Operands>(o: &O, c: &mut [[O::C; NT]; MT], at: WarpPos, steps: usize) {
    let mut fa: [[O::A; MT]; 2] = [const { [const { O::A0 }; MT] }; 2];
    let mut fb: [[O::B; NT]; 2] = [const { [const { O::B0 }; NT] }; 2];
    let [fa0, _] = &mut fa;
    let [fb0, _] = &mut fb;
    // SAFETY (both loads): the caller's contract, at depth 0 and at step s + 1 < steps.
    unsafe { load_step::<MT, NT, O>(o, fa0, fb0, at, 0) };
    each!(steps, |s| {
        let [f0, f1] = &mut fa;
        let [g0, g1] = &mut fb;
        let (ca, cb, na, nb) = if s % 2 == 0 { (&*f0, &*g0, f1, g1) } else { (&*f1, &*g1, f0, g0) };
        if s + 1 < steps {
            unsafe { load_step::<MT, NT, O>(o, na, nb, at, O::STEP * (s + 1)) };
        }
        each!(MT * NT, |q| {
            O::mma(&ca[q / NT], &cb[q % NT], &mut c[q / NT][q % NT]);
        });
    });
}

/// Where a warp's block of accumulators sits in the block's tiles: `row` into the A tile (a
/// multiple of 16), `col` into the B tile (a multiple of 8). [`WarpTile::pos`] gives the warp's own.
#[derive(Clone, Copy, Debug)]
pub struct WarpPos {
    /// First row of the warp's part (of A's tile, and of the block's output tile).
    pub row: usize,
    /// First column of the warp's part (of B's tile, and of the block's output tile).
    pub col: usize,
}

/// A warp's `16·MT × 8·NT` block of f32 accumulators: `MT × NT` [`FragC`] tiles.
pub struct Accum<const MT: usize, const NT: usize> {
    pub(super) c: [[FragC; NT]; MT],
}

impl<const MT: usize, const NT: usize> Accum<MT, NT> {
    /// Applies `f` to every accumulator.
    #[inline(always)]
    pub fn map(&mut self, f: impl Fn(f32) -> f32) {
        const { assert!(MT * NT <= 64, "oxpack: at most 64 fragments in an `Accum`") };
        each!(MT * NT, |q| {
            self.c[q / NT][q % NT].map(&f);
        });
    }

    /// `acc ← a·b + acc` over the whole depth of a stage: the warp's rows `at.row..at.row + 16·MT`
    /// of the A tile times its columns `at.col..at.col + 8·NT` of the B tile, one fragment depth
    /// (`K_STEP`) at a time
    /// (`MT` `ldmatrix.x4` of A and `NT / 2` of B, an `.x2` for an odd last one, then `MT · NT`
    /// `mma.sync` per step). The tiles' depths must match (their `Depth` types, in the signature:
    /// a type error at the call otherwise) and the warp's block must lie inside them
    /// (checked once; out of range traps). Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn mma_tile<TA: ATileKind, TB: BTileKind<Elem = TA::Elem, Depth = TA::Depth>>(
        &mut self,
        a: &TileRef<'_, TA>,
        b: &TileRef<'_, TB>,
        at: WarpPos,
    ) {
        let step = TA::Elem::K_STEP;
        const { assert!(TA::COLS == TB::K && TA::COLS % TA::Elem::K_STEP == 0) }; // `Depth` in the signature too
        if !inside(at.row, 16, 16 * MT, TA::ROWS) || !inside(at.col, 8, 8 * NT, TB::N) {
            fail("a warp's accumulator block reaches outside the stage's tiles, or is not aligned to its fragments");
        }
        whole_warp();
        crate::at!();
        const { assert!(TB::K / TA::Elem::K_STEP <= 64 && MT * NT <= 64, "oxpack: `mma_tile` takes up to 64 fragment depths and 64 fragments") };
        // SAFETY: the warp's block is inside both tiles (above), which are `TB::K` deep (the
        // `Depth` bound), and the whole warp is here.
        unsafe { mma_steps::<MT, NT, _>(&TileOps { a, b }, &mut self.c, at, TB::K / step) };
    }
}

// ---------------------------------------------------------------------------- A in registers, row statistics

/// A warp's `16·MT × 16·KS` block of A held in registers (MT × KS [`FragA`]s of a 16-bit type):
/// an operand that is not read from a shared tile, such as attention's Q (loaded once from global
/// memory by [`ARegs::load`]) or its probabilities P (made from accumulators by
/// [`Accum::to_a`]). Multiplied into accumulators by [`Accum::mma_a`]. Not `Copy`, like every
/// fragment.
pub struct ARegs<T: Mma16, const MT: usize, const KS: usize> {
    f: [[FragA<T>; KS]; MT],
}

impl<T: Mma16, const MT: usize, const KS: usize> ARegs<T, MT, KS> {
    /// Rows `row..row + 16·MT`, columns `col..col + 16·KS` of `m`, read straight from global
    /// memory into the fragment layout (each lane its own elements); elements outside `m` read
    /// as zero. For an operand read once (attention's Q): a GEMM's A goes through shared tiles.
    #[inline(always)]
    pub fn load(m: &Matrix<'_, T>, row: usize, col: usize) -> Self {
        const { assert!(MT * KS <= 64 && MT > 0 && KS > 0, "oxpack: `ARegs` holds 1 to 64 fragments") };
        let (g, t) = lane_parts();
        let (rows, cols) = (m.rows() as usize, m.cols() as usize);
        let data = m.data();
        let at = |r: usize, c: usize| -> u16 {
            // (r, c) in the matrix: r·cols + c < rows·cols ≤ len (`matrix`)
            let (r, c) = (row.saturating_add(r), col.saturating_add(c));
            if r < rows && c < cols {
                // SAFETY: in bounds (above).
                unsafe { data.get_unchecked(r * cols + c) }.bits16()
            } else {
                0
            }
        };
        let mut f: [[FragA<T>; KS]; MT] = [const { [const { FragA { r: [0; 4], _t: PhantomData } }; KS] }; MT];
        each!(MT * KS, |q| {
            let (i, j) = (q / KS, q % KS);
            // word w: row g (+ 8 for odd w), columns 2t, 2t + 1 (+ 8 for w ≥ 2)
            let word = |w: usize| {
                let (r, c) = (16 * i + g + 8 * (w & 1), 16 * j + 2 * t + 8 * (w >> 1));
                at(r, c) as u32 | (at(r, c + 1) as u32) << 16
            };
            f[i][j].r = [word(0), word(1), word(2), word(3)];
        });
        ARegs { f }
    }

    /// Fragment (`i`, `j`): rows `16i..16i + 16`, columns `16j..16j + 16` of the block.
    #[inline(always)]
    pub fn frag(&self, i: usize, j: usize) -> &FragA<T> {
        &self.f[i][j]
    }
}

/// One value per row of a warp's `16·MT`-row accumulator block ([`Accum`]): a row's maximum,
/// sum, running softmax statistics. Each lane holds the values of the rows whose accumulators it
/// holds, so they combine with those accumulators ([`Accum::map_rows`]) without lane arithmetic.
/// Made by [`RowVals::splat`] and the row reductions of [`Accum`].
#[derive(Clone, Copy)]
pub struct RowVals<const MT: usize> {
    v: [[f32; 2]; MT],
}

/// At most 8 row blocks (`2·MT ≤ 16` rows per lane), for the unrolled loops.
const fn rows_ok(mt: usize) -> bool {
    mt > 0 && mt <= 8
}

impl<const MT: usize> RowVals<MT> {
    /// `x` for every row.
    #[inline(always)]
    pub const fn splat(x: f32) -> Self {
        RowVals { v: [[x; 2]; MT] }
    }

    /// `f(x)` for each row's `x`.
    #[inline(always)]
    pub fn map(&self, f: impl Fn(f32) -> f32) -> Self {
        const { assert!(rows_ok(MT), "oxpack: `RowVals<MT>` has 1 to 8 row blocks") };
        let mut v = self.v;
        each16!(2 * MT, |q| {
            v[q / 2][q % 2] = f(v[q / 2][q % 2]);
        });
        RowVals { v }
    }

    /// `f(x, y)` for each row's `x` here and `y` in `other`.
    #[inline(always)]
    pub fn zip(&self, other: &Self, f: impl Fn(f32, f32) -> f32) -> Self {
        const { assert!(rows_ok(MT), "oxpack: `RowVals<MT>` has 1 to 8 row blocks") };
        let mut v = self.v;
        each16!(2 * MT, |q| {
            v[q / 2][q % 2] = f(v[q / 2][q % 2], other.v[q / 2][q % 2]);
        });
        RowVals { v }
    }
}

/// The 4 lanes of a quad (lanes 4g..4g + 4) hold the accumulators of the same rows: `v` combined
/// over them with `op`, in every one of them (two `shfl.xor`s).
#[inline(always)]
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
fn quad_reduce(v: f32, op: &impl Fn(f32, f32) -> f32) -> f32 {
    let v = op(v, crate::warp::shfl_xor(v, 1));
    op(v, crate::warp::shfl_xor(v, 2))
}

impl<const MT: usize, const NT: usize> Accum<MT, NT> {
    /// Sets to `value` every accumulator of the warp's block in column `cols` or right of it,
    /// and, with `diag` = `Some(d)`, every one whose column minus row exceeds `d`: a ragged last
    /// tile and a causal mask (e.g. `-inf` before a softmax). The same as testing each position
    /// with [`for_each_mut`](Self::for_each_mut), but with two per-lane values in all (the rest
    /// are constants of the fragment layout), where a test written per position keeps one
    /// register per element live across a kernel's loop.
    #[inline(always)]
    pub fn mask(&mut self, cols: usize, diag: Option<isize>, value: f32) {
        const { assert!(MT * NT <= 64, "oxpack: at most 64 fragments in an `Accum`") };
        let (g, t) = lane_parts();
        // element e of fragment (i, j): column 8j + (e & 1) + 2t, row 16i + 8(e >> 1) + g
        let (lane_col, lane_diag) = (2 * t as isize, 2 * t as isize - g as isize);
        let cols = cols.min(isize::MAX as usize) as isize;
        each!(MT * NT, |q| {
            let (i, j) = (q / NT, q % NT);
            let v = &mut self.c[i][j].v;
            each4!(4, |e| {
                let col = (8 * j + (e & 1)) as isize;
                let off = col - (16 * i + 8 * (e >> 1)) as isize;
                let out = lane_col >= cols - col || diag.is_some_and(|d| lane_diag > d - off);
                if out {
                    v[e] = value;
                }
            });
        });
    }

    /// Each row's `8·NT` accumulators combined with `op` (associative and commutative, as max
    /// and +), for every row: the lane's own values first, then across the 4 lanes that share the
    /// rows (`shfl.xor`). Warp-collective: all 32 lanes call it together.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn row_reduce(&self, op: impl Fn(f32, f32) -> f32) -> RowVals<MT> {
        const { assert!(MT * NT <= 64 && NT > 0 && rows_ok(MT), "oxpack: 1 to 64 fragments, 1 to 8 row blocks, in an `Accum` reduced by rows") };
        whole_warp();
        // the lane's own values: accumulators 2h, 2h + 1 of each fragment are row g + 8h's
        let mut v = [[0f32; 2]; MT];
        each!(MT * NT, |q| {
            let (i, j) = (q / NT, q % NT);
            let c = &self.c[i][j].v;
            let (x0, x1) = (op(c[0], c[1]), op(c[2], c[3]));
            v[i] = if j == 0 { [x0, x1] } else { [op(v[i][0], x0), op(v[i][1], x1)] };
        });
        // ... then across the quad
        each16!(2 * MT, |q| {
            v[q / 2][q % 2] = quad_reduce(v[q / 2][q % 2], &op);
        });
        RowVals { v }
    }

    /// Each row's maximum ([`row_reduce`](Self::row_reduce) with `max`; NaN is ignored).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn row_max(&self) -> RowVals<MT> {
        self.row_reduce(f32::max)
    }

    /// Each row's sum ([`row_reduce`](Self::row_reduce) with `+`: the lane's own values in
    /// column order, then the 4 lanes' partial sums pairwise).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn row_sum(&self) -> RowVals<MT> {
        self.row_reduce(|a, b| a + b)
    }

    /// `v ← f(v, x)` for each accumulator `v`, with `x` its row's value in `rows`.
    #[inline(always)]
    pub fn map_rows(&mut self, rows: &RowVals<MT>, f: impl Fn(f32, f32) -> f32) {
        const { assert!(MT * NT <= 64, "oxpack: at most 64 fragments in an `Accum`") };
        each!(MT * NT, |q| {
            let (i, j) = (q / NT, q % NT);
            let (c, [r0, r1]) = (&mut self.c[i][j].v, rows.v[i]);
            *c = [f(c[0], r0), f(c[1], r0), f(c[2], r1), f(c[3], r1)];
        });
    }

    /// The accumulators as an A operand (`16·MT × 8·NT`, so KS = NT / 2 fragments deep), each
    /// rounded to T (nearest even): the C fragment layout holds the same rows and column pairs
    /// as the A layout, so no value moves between lanes (attention's P, from the scores). NT must
    /// be 2·KS (checked when compiled).
    #[inline(always)]
    pub fn to_a<T: Mma16, const KS: usize>(&self) -> ARegs<T, MT, KS> {
        const { assert!(NT == 2 * KS && MT * KS <= 64, "oxpack: `Accum<MT, NT>::to_a` gives `ARegs<T, MT, KS>` with NT = 2·KS") };
        let mut f: [[FragA<T>; KS]; MT] = [const { [const { FragA { r: [0; 4], _t: PhantomData } }; KS] }; MT];
        each!(MT * KS, |q| {
            let (i, j) = (q / KS, q % KS);
            let (lo, hi) = (&self.c[i][2 * j].v, &self.c[i][2 * j + 1].v);
            let w = T::pack_acc;
            // A words: (g, 2t..), (g + 8, 2t..), (g, 2t + 8..), (g + 8, 2t + 8..);
            // C of columns 0-7: (g, 2t..) in v[0..2], (g + 8, 2t..) in v[2..4]; of 8-15 likewise
            f[i][j].r = [w(lo[0], lo[1]), w(lo[2], lo[3]), w(hi[0], hi[1]), w(hi[2], hi[3])];
        });
        ARegs { f }
    }

    /// `acc ← a·b + acc`: the warp's A block `a` (in registers) times columns `col..col + 8·NT`
    /// of the B tile `b`, over the tile's whole depth, which must be `a`'s (`16·KS`, checked when
    /// compiled); `col` a multiple of 8 with the columns inside the tile, else it traps.
    /// (`NT / 2` `ldmatrix.x4` of B per 16 of depth, an `.x2` for an odd last one, then `MT · NT`
    /// `mma.sync`.) Warp-collective.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
    pub fn mma_a<T: Mma16, const KS: usize, TB: BTileKind<Elem = T>>(
        &mut self,
        a: &ARegs<T, MT, KS>,
        b: &TileRef<'_, TB>,
        col: usize,
    ) {
        const {
            assert!(TB::K == 16 * KS, "oxpack: `mma_a` needs a B tile as deep as the A registers (16·KS)");
            assert!(KS <= 16 && NT <= 32 && MT <= 16 && MT * NT <= 64, "oxpack: `mma_a` takes up to 16 fragment depths and 64 fragments");
        };
        if !inside(col, 8, 8 * NT, TB::N) {
            fail("a warp's accumulator block reaches outside the stage's tiles, or is not aligned to its fragments");
        }
        whole_warp();
        crate::at!();
        // B fragments a pair at a time, each used at once: few registers live across the step
        each16!(KS, |s| {
            each8!(NT / 2, |j| {
                let [b0, b1] = TB::frag_b2_raw(b, col + 16 * j, 16 * s);
                each8!(MT, |i| {
                    mma_raw(&a.f[i][s], &b0, &mut self.c[i][2 * j]);
                    mma_raw(&a.f[i][s], &b1, &mut self.c[i][2 * j + 1]);
                });
            });
            if NT % 2 == 1 {
                let b0 = TB::frag_b_raw(b, col + 8 * (NT - 1), 16 * s);
                each8!(MT, |i| {
                    mma_raw(&a.f[i][s], &b0, &mut self.c[i][NT - 1]);
                });
            }
        });
    }
}

