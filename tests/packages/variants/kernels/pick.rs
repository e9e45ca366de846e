use oxpack::prelude::*;

kernel! {
    /// Writes 80: the body of every arch without a variant.
    pub fn pick(out: &mut DisjointSlice<u32>, base: u32) where (len(out) > 0) {
        if let Some(o) = out.get_mut(index_1d()) {
            *o = base + 80;
        }
    }

    /// Writes 90 (plus the block's cluster rank, an sm_90 register, 0 here): the sm_90a body.
    #[variant_of(pick, sm_90a)]
    pub fn pick_sm90a(out: &mut DisjointSlice<u32>, base: u32) where (len(out) > 0) {
        if let Some(o) = out.get_mut(index_1d()) {
            *o = base + 90 + oxpack::__arch_probe::cluster_rank();
        }
    }

    /// A body for an arch this package does not build: a warning, and in no fatbin.
    #[variant_of(pick, sm_100a)]
    pub fn pick_sm100a(out: &mut DisjointSlice<u32>, base: u32) where (len(out) > 0) {
        if let Some(o) = out.get_mut(index_1d()) {
            *o = base + 100;
        }
    }

    /// Writes 7 on every arch (no variants).
    pub fn plain(out: &mut DisjointSlice<u32>) {
        if let Some(o) = out.get_mut(index_1d()) {
            *o = 7;
        }
    }
}
