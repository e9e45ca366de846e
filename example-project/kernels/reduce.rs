//! Reductions and counting: warp shuffles, block-shared memory, atomics.
use oxpack::prelude::*;

kernel! {
    /// total[0] += the sum of x. A grid-stride loop of 16-byte loads per thread, a
    /// warp-shuffle sum, one shared slot per warp, then one atomic add per block. A thread
    /// per 4 elements, at most as many as 132 SMs hold at once (2048 each: an H100 or H200
    /// full), the rest taken by the grid-stride loop.
    #[launch(threads = min(cdiv(len(x), 4), 132 * 2048))]
    pub fn sum(i: ThreadIndex, x: &[f32], total: &[AtomicF32]) where (len(total) >= 1) {
        let stride = grid_dim().x as usize * block_dim().x as usize;
        let (head, body, tail) = vec4(x);
        let mut acc = head.get(i.get()).copied().unwrap_or(0.0) + tail.get(i.get()).copied().unwrap_or(0.0);
        let mut k = i.get();
        while k < body.len() {
            let [a, b, c, d] = body[k].to_array();
            acc += (a + b) + (c + d);
            k += stride;
        }
        let warp_total = warp_sum(acc); // all 32 lanes take part in a shuffle
        let mut partial = shared_array!(f32, 32);
        if let Some(slot) = warp_slot() {
            partial.write(slot, warp_total);
        }
        let partial = partial.sync();
        if warp_id() == 0 {
            let warps = block_dim().x.div_ceil(32) as usize;
            let lane = lane_id() as usize;
            let s = warp_sum(if lane < warps { partial.get(lane) } else { 0.0 });
            if lane == 0 {
                total[0].fetch_add(s);
            }
        }
    }

    /// hist[v % bins] += 1 for every v in x, counted in shared memory per block,
    /// then added to the global histogram (`bins` ≤ 1024). A thread per element, at most as
    /// many as 132 SMs hold at once (2048 each), the rest taken by the grid-stride loop.
    #[launch(threads = min(len(x), 132 * 2048))]
    pub fn histogram(i: ThreadIndex, bins: u32, x: &[u32], hist: &[AtomicU32])
    where (0 < bins <= 1024, len(hist) >= bins) {
        // Both counters cut to `bins` once (past 1024 or a short `hist` traps; the
        // stub refuses both): then `v % bins` and `b < bins` index them unchecked.
        let (bins32, bins) = (bins, bins as usize);
        let local = &shared_atomics!(u32, 1024)[..bins];
        let hist = &hist[..bins];
        let (t, threads) = (thread_slot().get(), block_dim().x as usize);
        let mut b = t;
        while b < bins {
            local[b].store(0);
            b += threads;
        }
        sync_threads();
        let stride = grid_dim().x as usize * threads;
        let mut k = i.get();
        while k < x.len() {
            local[(x[k] % bins32) as usize].fetch_add(1);
            k += stride;
        }
        sync_threads();
        let mut b = t;
        while b < bins {
            let n = local[b].load();
            if n != 0 {
                hist[b].fetch_add(n);
            }
            b += threads;
        }
    }

    /// out[i] = x[first .. i] of i's warp, summed: an inclusive scan inside each
    /// 32-element warp segment, with `shfl_up`.
    pub fn warp_scan(i: ThreadIndex, x: &[i64], out: &mut DisjointSlice<i64>) {
        let v = x.get(i.get()).copied().unwrap_or(0);
        let lane = lane_id();
        let mut acc = v;
        let mut d = 1;
        while d < 32 {
            let up = shfl_up(acc, d);
            if lane >= d {
                acc += up;
            }
            d *= 2;
        }
        if let Some(o) = out.get_mut(i) {
            *o = acc;
        }
    }

    /// lo[0] = min(x), hi[0] = max(x): atomic min and max on signed integers, with a
    /// warp reduction first (one atomic per warp).
    pub fn min_max(i: ThreadIndex, x: &[i32], lo: &[AtomicI32], hi: &[AtomicI32])
    where (len(lo) >= 1, len(hi) >= 1) {
        let v = x.get(i.get()).copied();
        let small = warp_reduce(v.unwrap_or(i32::MAX), |a, b| if a < b { a } else { b });
        let large = warp_reduce(v.unwrap_or(i32::MIN), |a, b| if a > b { a } else { b });
        let any = vote_any(v.is_some());
        if lane_id() == 0 && any {
            lo[0].fetch_min(small);
            hi[0].fetch_max(large);
        }
    }

    /// out = x with every `blockDim.x`-element block reversed, through dynamic shared
    /// memory: `scratch` holds one element per thread of the block.
    #[launch(shared = block)]
    pub fn block_reverse(i: ThreadIndex, x: &[f32], out: &mut DisjointSlice<f32>, scratch: DynShared<f32>)
    where (len(x) == len(out)) {
        let (t, b) = (thread_idx().x as usize, block_dim().x as usize);
        let start = block_idx().x as usize * b;
        let mut s = scratch.into_shared();
        s.write(thread_slot(), x.get(start + t).copied().unwrap_or(0.0));
        let s = s.sync();
        let n = x.len().saturating_sub(start).min(b); // elements in this block
        if let (Some(o), true) = (out.get_mut(i), t < n) {
            *o = s.get(n - 1 - t);
        }
    }
}
