// Attempt: two tile queues on one scan output (two draws could hand one thread two writers of different tiles at once, or a tile twice).
// Expect: error[E0499]: cannot borrow value as mutable more than once at a time
use oxpack::prelude::*;

kernel! {
    pub fn k(i: ThreadIndex, state: &ScanState, out: &mut DisjointSlice<f32, ScanTiles<8>>) {
        let mut a = out.scan_tiles(i, state);
        let mut b = out.scan_tiles(i, state);
        let (ta, tb) = (a.next_tile(), b.next_tile());
        if let (Some(ta), Some(tb)) = (ta, tb) {
            let (_, mut wa) = ta.publish(0.0);
            let (_, mut wb) = tb.publish(0.0);
            wa.as_mut_slice()[0] = 1.0;
            wb.as_mut_slice()[0] = 2.0;
        }
    }
}
