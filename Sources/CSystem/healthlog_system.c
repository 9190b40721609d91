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

int healthlog_terminal_rows(int descriptor) {
    struct winsize size;
    if (ioctl(descriptor, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_row;
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

/* ---- Programs the user names ($PAGER, $EDITOR) ---- */

#include <spawn.h>
#include <sys/wait.h>

int healthlog_spawn(const char *path, char *const argv[], char *const envp[], int input) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    if (posix_spawn_file_actions_init(&actions) != 0) return -1;
    if (posix_spawnattr_init(&attributes) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return -1;
    }
    if (input >= 0 && input != 0) posix_spawn_file_actions_adddup2(&actions, input, 0);
    /* The child starts as a shell started it would: this process ignores SIGPIPE and SIGXFSZ,
       and may be ignoring SIGINT and SIGQUIT while it waits; none of that is passed on. */
    sigset_t defaults, mask;
    sigemptyset(&defaults);
    int reset[] = {SIGINT, SIGQUIT, SIGPIPE, SIGXFSZ, SIGTERM, SIGHUP, SIGCHLD};
    for (size_t i = 0; i < sizeof reset / sizeof reset[0]; i++) sigaddset(&defaults, reset[i]);
    sigemptyset(&mask);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &mask);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    pid_t pid = -1;
    int failed = posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (failed != 0) {
        errno = failed;
        return -1;
    }
    return pid;
}

int healthlog_wait(int pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return -1;
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

static struct sigaction ignored_previous_int, ignored_previous_quit;
static int ignoring_interrupts = 0;

void healthlog_interrupts_ignore(void) {
    if (ignoring_interrupts++ > 0) return;
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGINT, &ignore, &ignored_previous_int);
    sigaction(SIGQUIT, &ignore, &ignored_previous_quit);
}

void healthlog_interrupts_restore(void) {
    if (ignoring_interrupts == 0 || --ignoring_interrupts > 0) return;
    sigaction(SIGINT, &ignored_previous_int, NULL);
    sigaction(SIGQUIT, &ignored_previous_quit, NULL);
}

int healthlog_pipe(int descriptors[2]) {
    return pipe2(descriptors, O_CLOEXEC);
}

/* The program's arguments as glibc hands them to every constructor in .init_array, before main.
   Swift's CommandLine finds them through /proc on Linux, and has none where /proc is not
   mounted (a fresh chroot); these never depend on it. */
static int program_argc;
static char **program_argv;

static void capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    program_argc = argc;
    program_argv = argv;
}

__attribute__((section(".init_array"), used)) static void (*capture_arguments_entry)(int, char **, char **) = capture_arguments;

int healthlog_argc(void) { return program_argc; }
char **healthlog_argv(void) { return program_argv; }
