#define _GNU_SOURCE
#include "healthlog_system.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <locale.h>
#include <sys/ioctl.h>
#include <wchar.h>

enum { SLOTS = 64, PATH_LIMIT = 4096 };

static char cleanup_paths[SLOTS][PATH_LIMIT];
/* 0: free, 1: being filled, 2: holds a path the handler removes. */
static volatile sig_atomic_t cleanup_state[SLOTS];

static const int handled_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

int healthlog_cleanup_add(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_LIMIT) return -1;
    for (int slot = 0; slot < SLOTS; slot++) {
        if (__sync_bool_compare_and_swap(&cleanup_state[slot], 0, 1)) {
            memcpy(cleanup_paths[slot], path, length + 1);
            __atomic_signal_fence(__ATOMIC_SEQ_CST);
            cleanup_state[slot] = 2;
            return slot;
        }
    }
    return -1;
}

void healthlog_cleanup_remove(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    cleanup_state[slot] = 0;
}

static void remove_and_reraise(int signal_number) {
    for (int slot = 0; slot < SLOTS; slot++) {
        if (cleanup_state[slot] == 2) unlink(cleanup_paths[slot]);
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

void healthlog_cleanup_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_and_reraise;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
        sigaddset(&action.sa_mask, handled_signals[i]);
    }
    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
        struct sigaction previous;
        /* A signal the parent chose to ignore (nohup, a background job) stays ignored. */
        if (sigaction(handled_signals[i], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
        sigaction(handled_signals[i], &action, NULL);
        sigaddset(&unblock, handled_signals[i]);
    }
    /* A mask inherited from the parent (a test runner's thread) would keep the handlers from
       ever running: the process could then be neither stopped nor cleaned up. */
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
}

static sigset_t held_previous;

void healthlog_signals_hold(void) {
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) sigaddset(&set, handled_signals[i]);
    pthread_sigmask(SIG_BLOCK, &set, &held_previous);
}

void healthlog_signals_release(void) {
    pthread_sigmask(SIG_SETMASK, &held_previous, NULL);
}

int healthlog_open_unnamed(const char *directory) {
#ifdef O_TMPFILE
    return open(directory, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
#else
    errno = EOPNOTSUPP;
    return -1;
#endif
}

int healthlog_link_unnamed(int descriptor, const char *path) {
    char source[64];
    snprintf(source, sizeof source, "/proc/self/fd/%d", descriptor);
    return linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

int healthlog_terminal_columns(int descriptor) {
    struct winsize size;
    if (ioctl(descriptor, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}

/* A locale of its own, so the program's LC_CTYPE is never changed. */
static locale_t width_locale;
static pthread_once_t width_once = PTHREAD_ONCE_INIT;

static void width_locale_make(void) {
    width_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

int healthlog_code_point_columns(unsigned int code) {
    pthread_once(&width_once, width_locale_make);
    if (width_locale == (locale_t)0) return -1;
    locale_t previous = uselocale(width_locale);
    int columns = wcwidth((wchar_t)code);
    uselocale(previous);
    return columns;
}
