#ifndef HEALTHLOG_SYSTEM_H
#define HEALTHLOG_SYSTEM_H

/// The few operating-system steps Swift cannot take safely itself: what a signal handler may
/// do (only async-signal-safe calls), and Linux's unnamed temporary files.

/// Remembers `path` as a temporary file to remove if the process is stopped by SIGINT, SIGTERM,
/// SIGHUP or SIGQUIT before it is committed or discarded. Returns a slot for
/// `healthlog_cleanup_remove`, or -1 when the path is too long or every slot is taken.
int healthlog_cleanup_add(const char *path);

/// Forgets the temporary file in `slot` (it was renamed into place, or removed).
void healthlog_cleanup_remove(int slot);

/// Installs the handlers that remove the remembered files and then end the process as the
/// signal would have. Call once, early in main.
void healthlog_cleanup_install(void);

/// Holds back SIGINT, SIGTERM, SIGHUP and SIGQUIT until `healthlog_signals_release`, around a
/// step that must not be cut in two (linking a finished file into place, then renaming it).
void healthlog_signals_hold(void);
void healthlog_signals_release(void);

/// Opens a new file with no name in `directory` (Linux O_TMPFILE), mode 0600, for writing. It
/// vanishes if the process dies before `healthlog_link_unnamed` gives it a name. Returns the
/// descriptor, or -1 with errno set (EOPNOTSUPP and others where the file system has no such files).
int healthlog_open_unnamed(const char *directory);

/// Gives the unnamed file open at `descriptor` the name `path` (which must not exist).
/// Returns 0, or -1 with errno set.
int healthlog_link_unnamed(int descriptor, const char *path);

/// The width in columns of the terminal open at `descriptor` (TIOCGWINSZ), or 0 when it is not
/// a terminal or does not say.
int healthlog_terminal_columns(int descriptor);

/// The height in rows of the terminal open at `descriptor` (TIOCGWINSZ), or 0 when it is not
/// a terminal or does not say.
int healthlog_terminal_rows(int descriptor);

/// The columns a terminal gives the code point `code` (wcwidth in the C.UTF-8 locale): 2 for
/// East Asian wide ones, 0 for combining marks, -1 where the C library does not know (then
/// the caller uses its own rule).
int healthlog_code_point_columns(unsigned int code);

/// Starts the program at `path` with `argv` and `envp` (NULL-terminated), its standard input
/// `input` when that is not -1, and every signal at its default and unblocked in it. Returns the
/// process id, or -1 with errno set.
int healthlog_spawn(const char *path, char *const argv[], char *const envp[], int input);

/// Waits for the process `pid` to end: its exit status, 128 + the signal that ended it, or -1.
int healthlog_wait(int pid);

/// Ignores SIGINT and SIGQUIT while a program the user runs (an editor, a pager) has the
/// terminal, as system(3) does; `healthlog_interrupts_restore` puts the handlers back. Nests.
void healthlog_interrupts_ignore(void);
void healthlog_interrupts_restore(void);

/// A pipe whose two ends are closed in programs this process starts (O_CLOEXEC).
int healthlog_pipe(int descriptors[2]);

/// The program's argument count and arguments as the C library gave them, captured before main:
/// unlike Swift's CommandLine they do not need /proc.
int healthlog_argc(void);
char **healthlog_argv(void);

#endif
