// Atomic operations on a machine word, for UndraRuntime's Support/Atomics.swift.
//
// Why C: Swift's own `Synchronization.Atomic` needs iOS 18 / macOS 15, above this library's
// floors (iOS 15, macOS 12, tvOS 15, watchOS 8). The compiler builtins below exist on every
// platform Swift runs on, inline into the Swift caller (the memory order is a constant there, so
// each call folds to one instruction), and ThreadSanitizer sees them as the atomics they are.
#ifndef CUNDRA_ATOMICS_H
#define CUNDRA_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

#define CUNDRA_INLINE static inline __attribute__((always_inline))

// Memory orders, as the Swift side names them (`AtomicOrdering`).
#define CUNDRA_RELAXED __ATOMIC_RELAXED
#define CUNDRA_ACQUIRE __ATOMIC_ACQUIRE
#define CUNDRA_RELEASE __ATOMIC_RELEASE
#define CUNDRA_ACQ_REL __ATOMIC_ACQ_REL
#define CUNDRA_SEQ_CST __ATOMIC_SEQ_CST

CUNDRA_INLINE intptr_t cundra_load(intptr_t *word, int order) {
    return __atomic_load_n(word, order);
}

CUNDRA_INLINE void cundra_store(intptr_t *word, intptr_t value, int order) {
    __atomic_store_n(word, value, order);
}

CUNDRA_INLINE intptr_t cundra_exchange(intptr_t *word, intptr_t value, int order) {
    return __atomic_exchange_n(word, value, order);
}

/// Strong compare-and-exchange. On failure `*expected` receives the current value, read with
/// `failure_order` (which may not be stronger than `order`, nor a release).
CUNDRA_INLINE bool cundra_compare_exchange(
    intptr_t *word, intptr_t *expected, intptr_t desired, int order, int failure_order) {
    return __atomic_compare_exchange_n(word, expected, desired, false, order, failure_order);
}

/// Returns the value before the addition (which wraps around).
CUNDRA_INLINE intptr_t cundra_fetch_add(intptr_t *word, intptr_t delta, int order) {
    return __atomic_fetch_add(word, delta, order);
}

/// Tells the processor this thread is spinning on a word another thread will change (x86's
/// `pause`, ARM's `yield`): cheaper for both threads than a bare loop.
CUNDRA_INLINE void cundra_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

/// How many tracking scopes are open, on all threads together: the one global atomic word of the
/// library (`openScopeCount` in Swift). A C global, so that reaching it costs no lazy
/// initialization on the read path.
extern intptr_t cundra_open_scope_count;

CUNDRA_INLINE intptr_t *cundra_open_scope_count_address(void) {
    return &cundra_open_scope_count;
}

/// A lock of one word, for UndraRuntime's `WordLocked` (a registrar's table, the queue of the
/// operators that merge several upstreams): uncontended, a lock is one compare-and-swap and an
/// unlock one exchange, inlined into the caller (a pthread mutex costs about fifty
/// instructions more a pair, in calls that check its kind and owner). Contended, a thread spins
/// briefly, then sleeps in the kernel. ThreadSanitizer sees the atomics, so it orders what the
/// lock guards.
///
/// On Apple platforms it is `os_unfair_lock`, the system's own lock of this shape (it donates the
/// waiter's priority to the owner). Elsewhere a futex word (Linux): 0 free, 1 held, 2 held with
/// sleepers, after Drepper's "Futexes Are Tricky".
#if defined(__APPLE__)
#include <os/lock.h>
typedef os_unfair_lock cundra_lock_t;

CUNDRA_INLINE void cundra_lock_init(cundra_lock_t *lock) { *lock = OS_UNFAIR_LOCK_INIT; }
CUNDRA_INLINE void cundra_lock(cundra_lock_t *lock) { os_unfair_lock_lock(lock); }
CUNDRA_INLINE void cundra_unlock(cundra_lock_t *lock) { os_unfair_lock_unlock(lock); }
#else
typedef struct { int32_t word; } cundra_lock_t;

/// The contended halves (Atomics.c).
void cundra_lock_contended(cundra_lock_t *lock);
void cundra_unlock_contended(cundra_lock_t *lock);

CUNDRA_INLINE void cundra_lock_init(cundra_lock_t *lock) { lock->word = 0; }

CUNDRA_INLINE void cundra_lock(cundra_lock_t *lock) {
    int32_t expected = 0;
    if (__builtin_expect(__atomic_compare_exchange_n(
            &lock->word, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED), 1)) {
        return;
    }
    cundra_lock_contended(lock);
}

CUNDRA_INLINE void cundra_unlock(cundra_lock_t *lock) {
    if (__builtin_expect(__atomic_exchange_n(&lock->word, 0, __ATOMIC_RELEASE) != 1, 0)) {
        cundra_unlock_contended(lock);
    }
}
#endif

/// The calling thread's `ThreadContext` (UndraRuntime's Tracking/ThreadContext.swift), unretained,
/// or NULL before the thread's first use and after its exit began: a thread-local word, so that
/// finding it is one load (a pthread key's value is a call, and its key a lazy global). The
/// reference is held by a pthread key's slot, whose destructor releases it at thread exit.
#if defined(__ELF__)
extern __thread void *cundra_thread_context __attribute__((tls_model("initial-exec")));
#else
extern __thread void *cundra_thread_context;
#endif

CUNDRA_INLINE void *cundra_current_thread_context(void) {
    return cundra_thread_context;
}

CUNDRA_INLINE void cundra_set_current_thread_context(void *context) {
    cundra_thread_context = context;
}

/// The core the calling thread will drain itself (UndraRuntime's Core/DrainMark.swift), unretained
/// and never dereferenced, or NULL: a thread-local word, as `cundra_thread_context`.
#if defined(__ELF__)
extern __thread const void *cundra_drain_mark __attribute__((tls_model("initial-exec")));
#else
extern __thread const void *cundra_drain_mark;
#endif

CUNDRA_INLINE const void *cundra_current_drain_mark(void) {
    return cundra_drain_mark;
}

CUNDRA_INLINE void cundra_set_drain_mark(const void *mark) {
    cundra_drain_mark = mark;
}

#endif
