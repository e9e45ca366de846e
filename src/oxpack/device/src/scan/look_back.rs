//! The decoupled look-back: a tile's exclusive prefix from its predecessors' published sums and
//! prefixes, and the publishing of its own.
//!
//! # Safety
//! Every word read or written is a word of the scan's state ([`Words`]), by atomics only; a tile
//! publishes its sum and its prefix once each, flagged with the launch's generation, so a reader
//! never takes a word of an earlier launch or a half-written value. The wait for a predecessor
//! ends: tiles are drawn in launch order, so every predecessor is running or done, and a wait
//! longer than the patience traps instead of hanging.

use super::*;

/// Warp 0: lane 0 publishes the tile's sum; the warp then reads its predecessors' flags a
/// window of [`LANE_TILES`] a lane at a time (lane `l`: tiles `k - 1 - 4l - m`, `m < 4`: 32
/// contiguous bytes of a 32-bit value's words, so a window of 128 tiles costs one round trip)
/// and adds the sums back to the nearest inclusive prefix, waiting only where a tile nearer
/// than that prefix has no sum yet (the sums before such a tile are taken, and the next window
/// starts at it); lane 0 then publishes the tile's own prefix. Returns the tile's exclusive
/// prefix (every lane).
#[inline(always)] // inline: fewer registers than a call (measured: 64 with no spills at 4 blocks of 256 an SM on
                  // sm_90, 136 bytes spilled out of line); arguments by value: no tile struct in local memory
#[cfg_attr(not(target_arch = "nvptx64"), track_caller)]
pub(super) fn look_back<T: ScanValue>(state: Words, epoch: u64, k: usize, block: T) -> T {
    let epoch = shfl_idx(epoch, 0); // thread 0 drew, and read the launch's generation
    let tag = epoch.wrapping_add(1) << 1; // + 0: a sum, + 1: an inclusive prefix
    let base = tile_word::<T>(k);
    let lane = lane_id() as usize;
    if k == 0 {
        if lane == 0 {
            publish_word(state, base, tag | 1, block);
        }
        return T::ZERO;
    }
    if lane == 0 {
        publish_word(state, base, tag, block);
    }
    // Tile numbers in 32 bits (`scan_tiles` checked that they fit): fewer registers.
    let lane = lane as u32;
    let span = LANE_TILES as u32 * live_lanes(); // the tiles of a window
    let mut before = T::ZERO;
    let mut end = k as u32; // the window is tiles end - span .. end; position p = 4l + m is tile end - 1 - p
    let mut waited = 0u32;
    loop {
        // The lane's tiles: `top`, `top - 1`, … (`avail` of them: a position before tile 0
        // counts as an inclusive prefix of 0). The loads are all issued before any is used
        // (one round trip for the window).
        let avail = end.saturating_sub(LANE_TILES as u32 * lane).min(LANE_TILES as u32) as usize;
        let top = end.wrapping_sub(1 + LANE_TILES as u32 * lane) as usize;
        let mut word = [0u64; LANE_TILES];
        for (m, w) in word.iter_mut().enumerate() {
            if m < avail {
                *w = state.word(tile_word::<T>(top - m)).load();
            }
        }
        let (mut inclusive, mut value, mut ready) = ([true; LANE_TILES], [T::ZERO; LANE_TILES], [true; LANE_TILES]);
        let mut any_ready = false;
        for m in 0..avail.min(LANE_TILES) {
            let flag = if T::PACKED { word[m] >> 32 } else { word[m] };
            ready[m] = if T::PACKED {
                // flag (high half) and value (low half) in one word, read at once
                flag == tag & PACKED_TAG || flag == (tag | 1) & PACKED_TAG
            } else {
                flag == tag || flag == tag | 1
            };
            inclusive[m] = flag & 1 == 1;
            if T::PACKED && ready[m] {
                value[m] = T::from_word(word[m] & 0xffff_ffff);
            }
            any_ready |= ready[m];
        }
        if !T::PACKED && any_ready {
            // a 64-bit value: its own word, read after its flag (one fence for the lane's flags)
            fence_device();
            for m in 0..avail.min(LANE_TILES) {
                if ready[m] {
                    value[m] = T::from_word(state.word(tile_word::<T>(top - m) + 1 + inclusive[m] as usize).load());
                }
            }
        }
        // Positions 0 .. stop hold sums (stop: the nearest tile without one; 128 or more:
        // none), the nearest inclusive prefix is at position `nearest` (128 or more: none
        // among the ready ones). A position's lane and slot: the ballot of slot m gives the
        // first lane whose slot m qualifies (ballot leaves lanes that do not exist 0).
        let (mut stop, mut nearest) = (u32::MAX, u32::MAX);
        for m in 0..LANE_TILES {
            let s = LANE_TILES as u32 * ballot(!ready[m]).trailing_zeros() + m as u32;
            let n = LANE_TILES as u32 * ballot(inclusive[m] && ready[m]).trailing_zeros() + m as u32;
            stop = stop.min(s);
            nearest = nearest.min(n);
        }
        let take = if nearest < stop {
            nearest + 1 // every tile from the nearest prefix on has its sum: done after these
        } else if stop == 0 {
            // the nearest tile has no sum yet: poll it again
            #[cfg(not(target_arch = "nvptx64"))]
            panic!("oxpack scan: a tile waits for an earlier tile that no block published (on the GPU: a hang)");
            #[cfg(target_arch = "nvptx64")]
            {
                waited += 1;
                if waited >= PATIENCE {
                    panic!("oxpack scan: a tile waited too long for an earlier tile's sum");
                }
                continue;
            }
        } else {
            // No prefix before the nearest tile without a sum: take the sums up to it (a tile's
            // sum is final once published: the prefix it may publish later is not needed), and
            // look again from that tile on.
            stop.min(span)
        };
        // the lane's positions below `take`, added in order, then the warp's
        let mut mine = [T::ZERO; LANE_TILES];
        for m in 0..LANE_TILES {
            if LANE_TILES as u32 * lane + (m as u32) < take {
                mine[m] = value[m];
            }
        }
        let mut lane_sum = T::ZERO;
        for v in mine {
            lane_sum = lane_sum.plus(v);
        }
        before = warp_reduce(lane_sum, |a, b| a.plus(b)).plus(before);
        if nearest < stop {
            break;
        }
        end -= take;
        waited = 0;
    }
    let _ = (waited, PATIENCE);
    if lane == 0 {
        publish_word(state, base, tag | 1, before.plus(block));
    }
    before
}

/// Lane 0 of warp 0: tile `base`'s flag `flag` (+1: an inclusive prefix) with `value`. A
/// 32-bit value shares the flag's word (one atomic store); a 64-bit one goes to its own
/// word first (the sum's or the prefix's), then a fence, then the flag.
#[inline(always)]
fn publish_word<T: ScanValue>(state: Words, base: usize, flag: u64, value: T) {
    if T::PACKED {
        state.word(base).store(((flag & PACKED_TAG) << 32) | (value.to_word() & 0xffff_ffff));
    } else {
        state.word(base + 1 + (flag & 1) as usize).store(value.to_word());
        fence_device();
        state.word(base).store(flag);
    }
}
