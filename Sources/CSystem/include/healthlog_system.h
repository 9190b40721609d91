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

#endif
