#include <sqlite3.h>

/// Turns off SQLite's memory statistics, which HealthLog never reads: with them on, every
/// allocation SQLite makes takes a global mutex. sqlite3_config is variadic, which Swift
/// cannot call, hence this wrapper. It only works before SQLite initializes itself, and
/// returns SQLITE_MISUSE after.
static inline int healthlog_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
