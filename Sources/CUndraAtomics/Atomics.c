#include "CUndraAtomics.h"

intptr_t cundra_open_scope_count = 0;

#if defined(__ELF__)
__thread void *cundra_thread_context __attribute__((tls_model("initial-exec"))) = 0;
__thread const void *cundra_drain_mark __attribute__((tls_model("initial-exec"))) = 0;
#else
__thread void *cundra_thread_context = 0;
__thread const void *cundra_drain_mark = 0;
#endif

#if !defined(__APPLE__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/// How often a thread that found the lock held looks again before it sleeps: about the time the
/// critical sections this lock guards take (a few hundred nanoseconds), so that a short wait
/// costs no system call.
#define CUNDRA_LOCK_SPINS 100

void cundra_lock_contended(cundra_lock_t *lock) {
    for (int spin = 0; spin < CUNDRA_LOCK_SPINS; spin++) {
        cundra_relax();
        int32_t expected = 0;
        if (__atomic_load_n(&lock->word, __ATOMIC_RELAXED) == 0 &&
            __atomic_compare_exchange_n(&lock->word, &expected, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            return;
        }
    }
    // Marked "held with sleepers" from here on, so that the unlock wakes one; taken when the
    // exchange finds it free.
    while (__atomic_exchange_n(&lock->word, 2, __ATOMIC_ACQUIRE) != 0) {
        syscall(SYS_futex, &lock->word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    }
}

void cundra_unlock_contended(cundra_lock_t *lock) {
    syscall(SYS_futex, &lock->word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif
