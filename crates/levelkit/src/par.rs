//! Data parallelism. With the `parallel` feature (on by default) this is rayon; without it (WebAssembly in a
//! browser has no threads) the same calls run in order on the current thread. Every parallel use collects
//! its results in index order, so both give the same results.

#[cfg(feature = "parallel")]
pub use rayon::{join, prelude};

/// Work over fewer items than this (triangles, for the builder) runs on the calling thread: handing it to
/// the pool and waiting wakes sleeping threads each time, which costs more than small work itself
/// (`build` of 1,000 triangles took twice parry3d's one-thread `TriMesh::new`; benches/build.rs).
pub const MIN_PARALLEL: usize = 4096;

/// Runs `a` and `b`: on two threads ([`join`]) when `parallel`, else one after the other.
pub fn join_if<A, B, RA, RB>(parallel: bool, a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    if parallel {
        join(a, b)
    } else {
        (a(), b())
    }
}

/// `f(index of the chunk's first item, chunk)` over `items` in chunks of `size`, the results in order: on
/// the pool when there are at least [`MIN_PARALLEL`] items, else on this thread (a parallel iterator
/// started outside the pool waits on it even for one chunk).
pub fn map_chunks<T, R, F>(items: &[T], size: usize, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(usize, &[T]) -> R + Sync + Send,
{
    use prelude::*;
    if items.len() >= MIN_PARALLEL {
        items.par_chunks(size).enumerate().map(|(k, c)| f(k * size, c)).collect()
    } else {
        items.chunks(size).enumerate().map(|(k, c)| f(k * size, c)).collect()
    }
}

/// `op(state, item)` over `items`, the results in order; each run of the work has a state from `init` (a
/// scratch buffer). On the pool when `parallel`, else on this thread with one state (a parallel iterator
/// started outside the pool waits on it even for a little work).
pub fn map_init_if<T, S, R>(
    parallel: bool,
    items: &[T],
    init: impl Fn() -> S + Sync + Send,
    op: impl Fn(&mut S, &T) -> R + Sync + Send,
) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    use prelude::*;
    if parallel {
        items.par_iter().map_init(init, op).collect()
    } else {
        let mut state = init();
        items.iter().map(|item| op(&mut state, item)).collect()
    }
}

/// Runs `a`, then `b`.
#[cfg(not(feature = "parallel"))]
pub fn join<A: FnOnce() -> RA, B: FnOnce() -> RB, RA, RB>(a: A, b: B) -> (RA, RB) {
    (a(), b())
}

/// The rayon methods levelkit uses, as their sequential equivalents.
#[cfg(not(feature = "parallel"))]
pub mod prelude {
    /// `into_par_iter()`: the ordinary iterator.
    pub trait IntoParallelIterator: IntoIterator + Sized {
        fn into_par_iter(self) -> Self::IntoIter {
            self.into_iter()
        }
    }
    impl<I: IntoIterator> IntoParallelIterator for I {}

    /// `map_init(init, op)`: one state for the whole run (rayon makes one per split of the work).
    pub trait ParallelIterator: Iterator + Sized {
        fn map_init<T, R>(
            self,
            init: impl Fn() -> T,
            op: impl Fn(&mut T, Self::Item) -> R,
        ) -> impl Iterator<Item = R> {
            let mut state = init();
            self.map(move |item| op(&mut state, item))
        }
    }
    impl<I: Iterator> ParallelIterator for I {}

    /// `par_iter()`: `iter()`.
    pub trait IntoParallelRefIterator<T> {
        fn par_iter(&self) -> std::slice::Iter<'_, T>;
    }
    impl<T> IntoParallelRefIterator<T> for [T] {
        fn par_iter(&self) -> std::slice::Iter<'_, T> {
            self.iter()
        }
    }

    /// `par_chunks(n)`: `chunks(n)`.
    pub trait ParallelSlice<T> {
        fn par_chunks(&self, size: usize) -> std::slice::Chunks<'_, T>;
    }
    impl<T> ParallelSlice<T> for [T] {
        fn par_chunks(&self, size: usize) -> std::slice::Chunks<'_, T> {
            self.chunks(size)
        }
    }
}
