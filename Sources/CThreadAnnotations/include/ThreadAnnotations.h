#ifndef TYPOMETER_THREAD_ANNOTATIONS_H
#define TYPOMETER_THREAD_ANNOTATIONS_H

// Tells ThreadSanitizer about a lock it cannot see on its own
// (Synchronization.Mutex locks with futexes TSan does not model on Linux):
// call `tm_lock_acquired` just after taking the lock and `tm_lock_releasing`
// just before letting it go, with an address that stands for the lock.
// Outside a ThreadSanitizer build the runtime's functions are missing (weak
// symbols, null) and these do nothing but that test.

void __tsan_acquire(void *address) __attribute__((weak));
void __tsan_release(void *address) __attribute__((weak));

static inline void tm_lock_acquired(void *address) {
    if (__tsan_acquire) __tsan_acquire(address);
}

static inline void tm_lock_releasing(void *address) {
    if (__tsan_release) __tsan_release(address);
}

#endif
