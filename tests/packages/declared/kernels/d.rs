use oxpack::prelude::*;

const TILE: u32 = 4;

/// a constant of the kernel file, as a pipeline's size would be
pub struct Pipe;
impl Pipe {
    pub const BYTES: usize = 40;
}

kernel! {
    /// out[i] ← 2·x[i], over whole tiles of `TILE` values
    #[launch(threads = cdiv(len(x), {TILE}) * {TILE}, block = 128)]
    pub fn twice(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) {
            *o = 2.0 * x[i.get()];
        }
    }

    /// out[i] ← the elements of dynamic shared memory the launch gave
    #[launch(grid = rows, block = 64, shared = {Pipe::BYTES / 8} + rows % 3)]
    pub fn sized(rows: u32, out: &mut DisjointSlice<u32>, smem: DynShared<u32>) {
        let i = index_1d();
        if let Some(o) = out.get_mut(i) {
            *o = smem.len() as u32;
        }
    }

    /// out[i] ← 1 + the count of block b's threads that arrived before thread i in `ws[b]`, a workspace
    /// the stub makes zeroed for each launch (a block's outputs are then 1 ..= 64 in some order)
    #[launch(grid = rows, block = 64, workspace = rows + 1)]
    pub fn arrivals(rows: u32, out: &mut DisjointSlice<u32>, ws: &[AtomicU32]) where (len(ws) == rows + 1) {
        let i = index_1d();
        let before = ws[block_idx().x as usize].fetch_add(1);
        if let Some(o) = out.get_mut(i) {
            *o = before + 1;
        }
    }

    /// out[i] ← 1 for `rows` blocks' worth of threads: the block is the caller's (or the default)
    #[launch(threads = rows * block)]
    pub fn per_row(i: ThreadIndex, rows: u32, out: &mut DisjointSlice<u32>) {
        let _ = rows;
        if let Some(o) = out.get_mut(i) {
            *o = 1;
        }
    }

    /// out ← 1 over a `rows × cols` matrix, a 2-D launch it declares
    #[launch(threads = (cols, rows), block = (16, 8))]
    pub fn fill2(ij: ThreadIndex2, rows: u32, cols: u32, out: &mut DisjointSlice<u32, Rows> = (cols))
    where (len(out) == rows * cols) {
        if let Some(o) = out.get_mut_2d(ij) {
            *o = 1;
        }
    }

    /// a grid that divides: the attacks' kernel
    #[launch(grid = len(x) / per - 1, block = 32)]
    pub fn divided(per: u32, x: &[f32], out: &mut DisjointSlice<f32>) {
        let i = index_1d();
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()];
        }
    }

    /// out[i] += x[i]: a read-modify-write, whose first call for a size tunes the block (and must put
    /// `out` back after timing)
    #[launch(threads = len(out))]
    #[tune(block = [64, 128, 256, 512])]
    pub fn accumulate(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            *o += x[i.get()];
        }
    }

    /// out[i] ← 3·x[i]: one thread per element, its block tuned
    #[launch(threads = len(out))]
    #[tune(block = [128, 256])]
    pub fn triple(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) {
            *o = 3.0 * x[i.get()];
        }
    }

    /// `triple` on sm_90a, a body of its own launch, parameters and `where`: blocks of 64 over `out`, and
    /// dynamic shared memory it sizes; it adds 1000 + the shared elements, so a test sees which body ran
    #[variant_of(triple, sm_90a)]
    #[launch(grid = cdiv(len(out), 64), block = 64, shared = {Pipe::BYTES / 4})]
    pub fn triple_sm90a(x: &[f32], out: &mut DisjointSlice<f32>, smem: DynShared<u32>) where (block == 64) {
        let i = index_1d();
        if let Some(o) = out.get_mut(i) {
            *o = 3.0 * x[i.get()] + 1000.0 + smem.len() as f32;
        }
    }

    /// out[i] ← x[i] + 1: the portable body of a kernel whose sm_90a variant reads `x` by TMA
    #[launch(threads = len(out))]
    pub fn shifted(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) where (len(x) >= len(out)) {
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()] + 1.0;
        }
    }

    /// `shifted` on sm_90a: `x` is a TMA source (2-D, 16-byte-aligned base and rows), and each
    /// element of `out` ← rows·1000 + cols of `x`, so a test sees which body ran; arrays the TMA cannot
    /// read (flat, rows not a multiple of 16 bytes, a misaligned base) run the portable body
    #[variant_of(shifted, sm_90a)]
    #[launch(threads = len(out), block = 64)]
    pub fn shifted_sm90a(i: ThreadIndex, x: TmaSource<f32>, out: &mut DisjointSlice<f32>) {
        if let Some(o) = out.get_mut(i) {
            *o = (x.rows() * 1000 + x.cols()) as f32;
        }
    }

    /// out[i] ← 5·x[i], one thread per element, its block tuned; the tuner weighs `quintuple_blocks` too
    /// (`#[tune(kernels = [...])]`), and a call that leaves the block open runs the faster
    #[launch(threads = len(out))]
    #[tune(block = [128, 256], kernels = [quintuple_blocks])]
    #[outputs(out = (len(x)))]
    pub fn quintuple(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>) where (len(out) == len(x)) {
        if let Some(o) = out.get_mut(i) {
            *o = 5.0 * x[i.get()];
        }
    }

    /// `quintuple` as another kernel of the same arguments and its own launch (blocks of 64, no tuning of
    /// its own); it adds 0.5, so a test sees which kernel ran
    #[launch(grid = cdiv(len(out), 64), block = 64)]
    #[outputs(out = (len(x)))]
    pub fn quintuple_blocks(x: &[f32], out: &mut DisjointSlice<f32>) where (len(out) == len(x)) {
        let i = index_1d();
        if let Some(o) = out.get_mut(i) {
            *o = 5.0 * x[i.get()] + 0.5;
        }
    }

    /// c[i, j] ← a[i]·b[j], the outer product: a call may leave `c` out (it is made and returned)
    #[launch(threads = (len(b), len(a)), block = (32, 8))]
    #[outputs(c = (len(a), len(b)))]
    pub fn outer(ij: ThreadIndex2, a: &[f32], b: &[f32], c: &mut DisjointSlice<f32, Rows> = (len(b)))
    where (len(c) == len(a) * len(b)) {
        if let Some(o) = c.get_mut_2d(ij) {
            *o = a[ij.y()] * b[ij.x()];
        }
    }

    /// out[i] ← x[i] / per (integer division), and rest[i] ← x[i] % per: two outputs a call may leave out
    #[launch(threads = len(x))]
    #[outputs(out = (len(x) / per, per), rest = (len(x)))]
    pub fn split(i: ThreadIndex, per: u32, x: &[u32], out: &mut DisjointSlice<u32>, rest: &mut DisjointSlice<u32>)
    where (len(out) == len(x), len(rest) == len(x), per > 0) {
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()] / per;
        }
        if let Some(r) = rest.get_mut(i) {
            *r = x[i.get()] % per;
        }
    }

    /// c ← a·bᵀ for `a` m × k and `b` n × k, row-major: a call may pass only `a` and `b` (m, n, k from their
    /// dims), and leave `c` out
    #[launch(threads = (n, m), block = (16, 8))]
    #[dims(a = (m, k), b = (n, k))]
    #[outputs(c = (m, n))]
    pub fn matmul_nt(ij: ThreadIndex2, m: u32, n: u32, k: u32, a: &[f32], b: &[f32], c: &mut DisjointSlice<f32, Rows> = (n))
    where (len(a) == m * k, len(b) == n * k, len(c) == m * n) {
        if let Some(o) = c.get_mut_2d(ij) {
            let (i, j, k) = (ij.y(), ij.x(), k as usize);
            let mut sum = 0.0;
            for t in 0..k {
                sum += a[i * k + t] * b[j * k + t];
            }
            *o = sum;
        }
    }

    /// out ← scale·x for `x` rows × cols: `scale` is passed, rows and cols come from `x`'s dims
    #[launch(threads = rows * cols)]
    #[dims(x = (rows, cols))]
    #[outputs(out = (rows, cols))]
    pub fn scaled(i: ThreadIndex, scale: f32, rows: u32, cols: u32, x: &[f32], out: &mut DisjointSlice<f32>)
    where (len(x) == rows * cols, len(out) == rows * cols) {
        if let Some(o) = out.get_mut(i) {
            *o = scale * x[i.get()];
        }
    }

    /// out[i] ← x[0, i] + x[1, i]: `x` holds two rows of `n` (a dim that is a constant, checked)
    #[launch(threads = n)]
    #[dims(x = (2, n))]
    #[outputs(out = (n))]
    pub fn pairs(i: ThreadIndex, n: u32, x: &[f32], out: &mut DisjointSlice<f32>) where (len(x) == 2 * n, len(out) == n) {
        if let Some(o) = out.get_mut(i) {
            *o = x[i.get()] + x[n as usize + i.get()];
        }
    }
}
