//! The emulated launch: blocks one after another, the threads of a block as fibers
//! on the calling OS thread, switched at barriers and warp operations.
//!
//! A thread runs until it finishes or waits (at a block barrier or a warp
//! operation); when no thread of the block can run, the waits are resolved: a warp
//! whose existing lanes all wait at one warp operation completes it; when no warp
//! can, every unfinished thread must wait at one block barrier, which then opens. Any
//! other state is a deadlock on the GPU (or undefined behaviour), reported as an
//! error that names the barrier or warp operation, its source location and a thread
//! that did not join it. A panic in any thread stops the launch with its message and
//! location. Blocks run in order, so the block's `static` shared arrays are the
//! block's own while it runs.

extern crate std;

use core::panic::Location;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};
use std::boxed::Box;
use std::format;
use std::string::{String, ToString};
use std::vec::Vec;

use super::collective::{mbarrier, Collective};
use super::fiber::{switch, Stack};

/// What a waiting thread waits at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Op {
    SyncThreads,
    SyncCount,
    SyncAnd,
    SyncOr,
    SyncWarp,
    ShflIdx,
    ShflUp,
    ShflDown,
    ShflXor,
    Ballot,
    VoteAll,
    VoteAny,
    /// A tensor-core operation of `mma/` (`ldmatrix`, `mma.sync`): each lane passes a
    /// pointer to its operands and results, and the whole warp completes at once.
    Tensor(Collective),
    /// An mbarrier wait (`mbarrier.rs`): the thread's `data` is the barrier, its `value` the
    /// parity; it resumes once that phase completes, with no other thread.
    Mbarrier,
}

impl Op {
    fn is_warp(self) -> bool {
        !matches!(self, Op::SyncThreads | Op::SyncCount | Op::SyncAnd | Op::SyncOr | Op::Mbarrier)
    }

    fn name(self) -> &'static str {
        match self {
            Op::SyncThreads => "the block barrier sync_threads()",
            Op::SyncCount => "the block barrier sync_threads_count()",
            Op::SyncAnd => "the block barrier sync_threads_and()",
            Op::SyncOr => "the block barrier sync_threads_or()",
            Op::SyncWarp => "the warp barrier sync_warp()",
            Op::ShflIdx => "the warp shuffle shfl_idx()",
            Op::ShflUp => "the warp shuffle shfl_up()",
            Op::ShflDown => "the warp shuffle shfl_down()",
            Op::ShflXor => "the warp shuffle shfl_xor()",
            Op::Ballot => "the warp vote ballot()",
            Op::VoteAll => "the warp vote vote_all()",
            Op::VoteAny => "the warp vote vote_any()",
            Op::Tensor(c) => c.name(),
            Op::Mbarrier => "an mbarrier wait (try_wait.parity)",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Fresh,
    Ready,
    Waiting,
    Done,
}

struct Thread {
    tid: [u32; 3],
    state: State,
    sp: *mut u8,
    stack: Option<Stack>,
    op: Op,
    at: Option<&'static Location<'static>>,
    value: u32,
    arg: u32,
    result: u32,
    /// For `Op::Tensor`: the lane's operands and results (a pointer into its own stack).
    data: *mut u8,
    /// The shared memory of the thread's live `cp_async_pipeline!`s (their first tile's address).
    pipelines: Vec<usize>,
}

/// Why a launch failed: what, where, and which thread.
pub(crate) struct Failure {
    pub code: u32,
    pub message: String,
    pub location: String,
    /// The thread (threadIdx, then blockIdx) that panicked.
    pub thread: Option<[u32; 6]>,
}

pub(crate) const TRAP: u32 = 1;
pub(crate) const SYNC: u32 = 2;

/// The state of the running launch, read by the device primitives.
pub(crate) struct Emu {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub bidx: [u32; 3],
    pub tid: [u32; 3],
    pub linear: u32,
    pub size: u32,
    pub pending: Option<&'static Location<'static>>,
    pub dynamic: *mut u8,
    threads: Vec<Thread>,
    current: usize,
    sched_sp: *mut u8,
    body: *const (dyn Fn() + 'static),
    failure: Option<Failure>,
    pool: Vec<Stack>,
    done: usize, // threads of the running block that have finished
    /// The block's named barrier 1 (`bar.sync 1, 256`: an attention pipeline's two consumer
    /// warpgroups), kept as an mbarrier of 256 arrivals; reset for each block.
    consumers: u64,
}

static CURRENT: AtomicPtr<Emu> = AtomicPtr::new(ptr::null_mut());

/// The running launch. Only called from inside one (device primitives).
#[inline(always)]
pub(crate) fn emu() -> *mut Emu {
    let e = CURRENT.load(Ordering::Relaxed);
    if e.is_null() {
        panic!("an oxpack device function was called outside an emulated kernel launch");
    }
    e
}

fn pool() -> &'static std::sync::Mutex<Vec<Stack>> {
    static POOL: std::sync::Mutex<Vec<Stack>> = std::sync::Mutex::new(Vec::new());
    &POOL
}

/// One launch at a time per library: its block-shared `static`s are process-wide.
static LAUNCH: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn install_hook() {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let e = CURRENT.load(Ordering::Relaxed);
            if e.is_null() {
                default(info);
                return;
            }
            let message = info.payload_as_str().unwrap_or("a panic with a non-string payload").to_string();
            let location = info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column())).unwrap_or_default();
            // SAFETY: the launch that is running on this OS thread (launches are serialized).
            let e = unsafe { &mut *e };
            if e.failure.is_none() {
                let (t, b) = (e.tid, e.bidx);
                e.failure = Some(Failure {
                    code: TRAP,
                    message,
                    location,
                    thread: Some([t[0], t[1], t[2], b[0], b[1], b[2]]),
                });
            }
        }));
    });
}

/// Runs `body` once per thread of a `grid` × `block` launch; `dynamic` bytes of
/// dynamic shared memory per block.
pub(crate) fn launch(grid: [u32; 3], block: [u32; 3], dynamic: usize, body: &dyn Fn()) -> Result<(), Failure> {
    install_hook();
    super::guard::install(super::guard::Recovery { find: overflowed_thread, resume: overflowed });
    let _serial = LAUNCH.lock().unwrap_or_else(|p| p.into_inner());
    let _signal_stack = super::guard::AltStack::enter(); // where a stack overflow is caught
    let size = block[0] as usize * block[1] as usize * block[2] as usize;
    let mut shared: Vec<u128> = std::vec![0u128; dynamic.div_ceil(16)]; // 16-byte aligned
    // SAFETY: only the lifetime is erased; `body` outlives the launch, which ends
    // (and clears CURRENT) before this function returns.
    let body: *const (dyn Fn() + 'static) = unsafe { core::mem::transmute(body as *const dyn Fn()) };
    let mut emu = Box::new(Emu {
        grid,
        block,
        bidx: [0; 3],
        tid: [0; 3],
        linear: 0,
        size: size as u32,
        pending: None,
        dynamic: shared.as_mut_ptr() as *mut u8,
        threads: (0..size as u32)
            .map(|l| Thread {
                tid: [l % block[0], (l / block[0]) % block[1], l / (block[0] * block[1])],
                state: State::Fresh,
                sp: ptr::null_mut(),
                stack: None,
                op: Op::SyncThreads,
                at: None,
                value: 0,
                arg: 0,
                result: 0,
                data: ptr::null_mut(),
                pipelines: Vec::new(),
            })
            .collect(),
        current: 0,
        sched_sp: ptr::null_mut(),
        body,
        failure: None,
        done: 0,
        consumers: 0,
        pool: core::mem::take(&mut *pool().lock().unwrap_or_else(|p| p.into_inner())),
    });
    let e: *mut Emu = &mut *emu;
    CURRENT.store(e, Ordering::Relaxed);
    let mut result = Ok(());
    'grid: for z in 0..grid[2] {
        for y in 0..grid[1] {
            for x in 0..grid[0] {
                // SAFETY: `e` is the live launch; no fiber runs between these calls.
                if let Err(f) = unsafe { run_block(e, [x, y, z]) } {
                    result = Err(f);
                    break 'grid;
                }
            }
        }
    }
    CURRENT.store(ptr::null_mut(), Ordering::Relaxed);
    // Stacks of threads stopped mid-way (after a failure) are reused as they are:
    // their frames hold nothing that needs dropping (kernels cannot allocate).
    let mut stacks = core::mem::take(&mut emu.pool);
    stacks.extend(emu.threads.iter_mut().filter_map(|t| t.stack.take()));
    pool().lock().unwrap_or_else(|p| p.into_inner()).extend(stacks);
    drop(shared);
    result
}

unsafe fn run_block(e: *mut Emu, bidx: [u32; 3]) -> Result<(), Failure> {
    // SAFETY (whole function): `e` is the live launch; fibers touch it only while
    // this function is suspended in `switch`, so no reference made here spans one.
    unsafe {
        (*e).bidx = bidx;
        let n = (*e).size as usize;
        for t in (&mut (*e).threads).iter_mut() {
            t.state = State::Fresh;
            t.pipelines.clear();
        }
        (*e).done = 0;
        (*e).consumers = 256 | (256 << 12); // an mbarrier of 256 arrivals (`collective::mbarrier`)
        loop {
            // One pass: every runnable thread runs until it finishes or waits. Fibers
            // switch to the next runnable thread themselves (see `wait` and `fiber_main`);
            // back here, the pass goes on after the thread that returned control.
            let mut from = 0;
            while let Some(i) = next_runnable(e, from) {
                resume(e, i)?;
                let c = (*e).current;
                if (&mut (*e).threads)[c].state == State::Done {
                    if let Some(stack) = (&mut (*e).threads)[c].stack.take() {
                        (&mut (*e).pool).push(stack);
                    }
                }
                from = c + 1;
            }
            if (*e).done == n {
                return Ok(());
            }
            resolve(e)?;
        }
    }
}

/// The first thread at or after `from` that can run (fresh, or released from a wait).
unsafe fn next_runnable(e: *mut Emu, from: usize) -> Option<usize> {
    // SAFETY: the live launch; a short borrow that spans no switch.
    let threads = unsafe { &(*e).threads };
    (from..threads.len()).find(|&i| matches!(threads[i].state, State::Fresh | State::Ready))
}

unsafe fn resume(e: *mut Emu, i: usize) -> Result<(), Failure> {
    // SAFETY (whole function): as in `run_block`.
    unsafe {
        (*e).current = i;
        (*e).linear = i as u32;
        (*e).tid = (&(*e).threads)[i].tid;
        if (&mut (*e).threads)[i].state == State::Fresh {
            let stack = match (&mut (*e).pool).pop() {
                Some(s) => s,
                None => match Stack::new() {
                    Some(s) => s,
                    None => {
                        return Err(Failure {
                            code: TRAP,
                            message: "the emulator could not map a stack for another thread (out of memory)".into(),
                            location: String::new(),
                            thread: None,
                        })
                    }
                },
            };
            (&mut (*e).threads)[i].sp = stack.prepare(fiber_main, e as *mut u8);
            (&mut (*e).threads)[i].stack = Some(stack);
        }
        (&mut (*e).threads)[i].state = State::Ready;
        let to = (&mut (*e).threads)[i].sp;
        switch(ptr::addr_of_mut!((*e).sched_sp), to);
        match (&mut (*e).failure).take() {
            Some(f) => Err(f),
            None => Ok(()),
        }
    }
}

unsafe extern "C" fn fiber_main(arg: *mut u8) {
    let e = arg as *mut Emu;
    // SAFETY: `e` is the live launch (the scheduler waits in `switch` meanwhile).
    unsafe {
        let body = (*e).body;
        loop {
            let ok = std::panic::catch_unwind(core::panic::AssertUnwindSafe(|| (*body)())).is_ok();
            if !ok && (&(*e).failure).is_none() {
                (*e).failure =
                    Some(Failure { code: TRAP, message: "the kernel panicked".into(), location: String::new(), thread: None });
            }
            let i = (*e).current;
            (&mut (*e).threads)[i].state = State::Done;
            (*e).done += 1;
            // A thread that finished without waiting hands this fiber to the next fresh
            // thread: kernels without barriers run thread after thread on one stack, with
            // no switch between them.
            let next = i + 1;
            if ok && next < (*e).size as usize && (&(*e).threads)[next].state == State::Fresh {
                let stack = (&mut (*e).threads)[i].stack.take();
                let t = &mut (&mut (*e).threads)[next];
                t.stack = stack;
                t.state = State::Ready;
                (*e).tid = t.tid;
                (*e).current = next;
                (*e).linear = next as u32;
                continue;
            }
            break;
        }
        let mut dead: *mut u8 = ptr::null_mut();
        switch(&mut dead, (*e).sched_sp);
    }
    unreachable!("a finished emulated thread was resumed");
}

/// The thread of the running launch whose stack's guard page holds `addr`, and the top of
/// that stack; called by the `SIGSEGV` handler ([`super::guard`]).
fn overflowed_thread(addr: usize) -> Option<(usize, usize)> {
    let e = CURRENT.load(Ordering::Relaxed);
    if e.is_null() {
        return None;
    }
    // SAFETY: the live launch, whose thread table is not resized while it runs; the faulting
    // fiber is interrupted, and no other code touches the launch meanwhile.
    let threads = unsafe { &(*e).threads };
    threads.iter().enumerate().find_map(|(i, t)| match &t.stack {
        Some(s) if s.guards(addr) => Some((i, s.top())),
        _ => None,
    })
}

/// Where thread `k` resumes after overflowing its stack, at the top of that stack (the
/// signal handler sets it up as a call): records the failure and returns to the scheduler
/// for good.
extern "C" fn overflowed(k: usize) -> ! {
    let e = CURRENT.load(Ordering::Relaxed);
    // SAFETY: the live launch (the handler found thread `k` in it); the scheduler waits in
    // `switch`, as for any running fiber.
    unsafe {
        let t = (&(*e).threads)[k].tid;
        let b = (*e).bidx;
        if (&(*e).failure).is_none() {
            (*e).failure = Some(Failure {
                code: TRAP,
                message: format!(
                    "stack overflow: the thread used more than the emulator's {} KiB of stack (deep recursion \
                     or large local arrays); use less recursion and fewer or smaller local arrays (shared \
                     memory or an output buffer instead)",
                    super::fiber::STACK_SIZE / 1024
                ),
                location: String::new(),
                thread: Some([t[0], t[1], t[2], b[0], b[1], b[2]]),
            });
        }
        let mut dead: *mut u8 = ptr::null_mut();
        switch(&mut dead, (*e).sched_sp);
    }
    unreachable!("an emulated thread was resumed after its stack overflowed");
}

/// Waits at `op` with `value` and `arg`; returns the op's result for this thread.
pub(crate) fn wait(op: Op, value: u32, arg: u32) -> u32 {
    wait_with(op, value, arg, ptr::null_mut())
}

/// Waits at the tensor-core operation `c` with the lane's operands and results at `data`,
/// which the warp's completion reads and writes (every lane's, at once).
pub(crate) fn wait_tensor(c: Collective, data: *mut u8) {
    wait_with(Op::Tensor(c), 0, 0, data);
}

/// Waits until the phase of parity `parity` of the mbarrier at `bar` completes (see `Op::Mbarrier`).
pub(crate) fn wait_mbarrier(bar: *mut u64, parity: u32) {
    wait_with(Op::Mbarrier, parity, 0, bar as *mut u8);
}

fn wait_with(op: Op, value: u32, arg: u32, data: *mut u8) -> u32 {
    let e = emu();
    // SAFETY: called from a fiber of the live launch; the scheduler is suspended.
    unsafe {
        let at = (*e).pending;
        let i = (*e).current;
        {
            let t = &mut (&mut (*e).threads)[i];
            t.state = State::Waiting;
            t.op = op;
            t.at = at;
            t.value = value;
            t.arg = arg;
            t.data = data;
        }
        let save = ptr::addr_of_mut!((&mut (*e).threads)[i].sp);
        // Straight on to the next runnable thread of this pass when it has a stack (or
        // one is free); else to the scheduler, which resolves the waits.
        let mut to = (*e).sched_sp;
        if let Some(j) = next_runnable(e, i + 1) {
            let fresh = (&(*e).threads)[j].state == State::Fresh;
            if !fresh || !(&(*e).pool).is_empty() {
                if fresh {
                    let stack = (&mut (*e).pool).pop().expect("checked above");
                    (&mut (*e).threads)[j].sp = stack.prepare(fiber_main, e as *mut u8);
                    (&mut (*e).threads)[j].stack = Some(stack);
                }
                let t = &mut (&mut (*e).threads)[j];
                t.state = State::Ready;
                (*e).tid = t.tid;
                (*e).current = j;
                (*e).linear = j as u32;
                to = t.sp;
            }
        }
        switch(save, to);
        (&mut (*e).threads)[i].result
    }
}

/// The running block's named barrier 1 (see `Emu::consumers`), an mbarrier word.
pub(crate) fn consumers_barrier() -> *mut u64 {
    let e = emu();
    // SAFETY: the live launch; the word lives as long as it, and one thread runs at a time.
    unsafe { ptr::addr_of_mut!((*e).consumers) }
}

/// Records that the running thread holds a live pipeline over the shared memory at `addr`;
/// false when it already holds one (the same `cp_async_pipeline!` ran again while its earlier
/// pipeline lives), which the GPU would not notice.
pub(crate) fn pipeline_enter(addr: usize) -> bool {
    let e = emu();
    // SAFETY: the live launch; this fiber is the one running.
    let t = unsafe { &mut (&mut (*e).threads)[(*e).current] };
    if t.pipelines.contains(&addr) {
        return false;
    }
    t.pipelines.push(addr);
    true
}

/// The running thread's pipeline over `addr` is gone.
pub(crate) fn pipeline_exit(addr: usize) {
    let e = emu();
    // SAFETY: as above.
    let t = unsafe { &mut (&mut (*e).threads)[(*e).current] };
    t.pipelines.retain(|&a| a != addr);
}

/// Whether two waits are at the same call site: one static `Location` per site, so
/// pointers decide, with the contents as a fallback (a site copied into two codegen units).
fn same_site(a: Option<&'static Location<'static>>, b: Option<&'static Location<'static>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => ptr::eq(a, b) || (a.line() == b.line() && a.column() == b.column() && a.file() == b.file()),
        (None, None) => true,
        _ => false,
    }
}

fn coords(e: &Emu, i: usize) -> String {
    let (bx, by) = (e.block[0] as usize, e.block[1] as usize);
    format!("({}, {}, {})", i % bx, (i / bx) % by, i / (bx * by))
}

fn where_(at: Option<&'static Location<'static>>) -> String {
    at.map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column())).unwrap_or_else(|| "an unknown location".into())
}

fn doing(e: &Emu, i: usize) -> String {
    let t = &e.threads[i];
    match t.state {
        State::Done => "has returned".into(),
        State::Waiting => format!("waits at {} at {}", t.op.name(), where_(t.at)),
        _ => "is still running".into(),
    }
}

unsafe fn resolve(e: *mut Emu) -> Result<(), Failure> {
    // SAFETY: no fiber runs; this is the only reference.
    let e = unsafe { &mut *e };
    let n = e.size as usize;
    let b = e.bidx;
    let block = || format!("block ({}, {}, {})", b[0], b[1], b[2]);
    // mbarrier waits: each thread alone, once its phase has completed
    let mut released = false;
    for t in e.threads[..n].iter_mut() {
        if t.state == State::Waiting && t.op == Op::Mbarrier
            && mbarrier::phase_done(t.data as *const u64, t.value)
        {
            t.state = State::Ready;
            released = true;
        }
    }
    if released {
        return Ok(());
    }
    for w in 0..n.div_ceil(32) {
        let lanes = w * 32..(w * 32 + 32).min(n);
        let first = lanes.clone().find(|&i| e.threads[i].state == State::Waiting && e.threads[i].op.is_warp());
        let Some(first) = first else { continue };
        let (op, at) = (e.threads[first].op, e.threads[first].at);
        for i in lanes.clone() {
            let t = &e.threads[i];
            if t.state != State::Waiting || t.op != op || !same_site(t.at, at) {
                return Err(Failure {
                    code: SYNC,
                    message: format!(
                        "lane {} of warp {w} (thread {} of {}) does not join {} that lane {} waits at: it {}; \
                         every lane of the warp must call it together",
                        i - w * 32,
                        coords(e, i),
                        block(),
                        op.name(),
                        first - w * 32,
                        doing(e, i)
                    ),
                    location: where_(at),
                    thread: None,
                });
            }
        }
        if let Op::Tensor(c) = op {
            if lanes.len() < 32 {
                return Err(Failure {
                    code: SYNC,
                    message: format!(
                        "warp {w} of {} has {} lanes, but {} needs all 32 lanes of a warp; launch blocks \
                         whose thread count is a multiple of 32",
                        block(),
                        lanes.len(),
                        c.name()
                    ),
                    location: where_(at),
                    thread: None,
                });
            }
            let data: Vec<*mut u8> = lanes.clone().map(|i| e.threads[i].data).collect();
            // SAFETY: each pointer is a waiting lane's operand record, alive on its suspended stack.
            unsafe { c.complete(&data) };
        }
        complete_warp(e, op, lanes);
        released = true;
    }
    if released {
        return Ok(());
    }
    let first = (0..n).find(|&i| e.threads[i].state == State::Waiting).expect("a deadlocked block has a waiting thread");
    let (op, at) = (e.threads[first].op, e.threads[first].at);
    if op == Op::Mbarrier {
        return Err(Failure {
            code: SYNC,
            message: format!(
                "deadlock: thread {} of {} waits on an mbarrier phase that no thread can complete any more \
                 (every other thread has returned or waits too); a TMA pipeline's producer and consumers \
                 must make the same number of loads and waits",
                coords(e, first),
                block(),
            ),
            location: where_(at),
            thread: None,
        });
    }
    for i in 0..n {
        let t = &e.threads[i];
        if t.state != State::Waiting || t.op != op || !same_site(t.at, at) {
            let waiting =
                e.threads.iter().filter(|t| t.state == State::Waiting && t.op == op && same_site(t.at, at)).count();
            return Err(Failure {
                code: SYNC,
                message: format!(
                    "thread {} of {} does not reach {} that {waiting} thread(s) of the block wait at \
                     (thread {} among them): it {}; every thread of the block must reach the same barrier",
                    coords(e, i),
                    block(),
                    op.name(),
                    coords(e, first),
                    doing(e, i)
                ),
                location: where_(at),
                thread: None,
            });
        }
    }
    let votes = e.threads[..n].iter().filter(|t| t.value != 0).count() as u32;
    let result = match op {
        Op::SyncCount => votes,
        Op::SyncAnd => (votes == n as u32) as u32,
        Op::SyncOr => (votes != 0) as u32,
        _ => 0,
    };
    for t in e.threads[..n].iter_mut() {
        t.result = result;
        t.state = State::Ready;
    }
    Ok(())
}

fn complete_warp(e: &mut Emu, op: Op, lanes: core::ops::Range<usize>) {
    let base = lanes.start;
    let count = lanes.len();
    let mut values = [0u32; 32];
    let mut ballot = 0u32;
    for (k, i) in lanes.clone().enumerate() {
        values[k] = e.threads[i].value;
        if e.threads[i].value != 0 {
            ballot |= 1 << k;
        }
    }
    let present = if count == 32 { u32::MAX } else { (1u32 << count) - 1 };
    for (k, i) in lanes.enumerate() {
        let (v, arg) = (values[k], e.threads[i].arg);
        // The source lane; one outside the warp (or past the block's end) keeps the own value.
        let from = |j: i64| if (0..count as i64).contains(&j) { values[j as usize] } else { v };
        let lane = k as i64;
        e.threads[i].result = match op {
            // the GPU takes the lane argument's low 5 bits, as here
            Op::ShflIdx => from((arg & 31) as i64),
            Op::ShflUp => from(lane - (arg & 31) as i64),
            Op::ShflDown => from(lane + (arg & 31) as i64),
            Op::ShflXor => from(lane ^ (arg & 31) as i64),
            Op::Ballot => ballot,
            Op::VoteAll => (ballot == present) as u32,
            Op::VoteAny => (ballot != 0) as u32,
            _ => 0,
        };
        e.threads[i].state = State::Ready;
    }
    let _ = base;
}
