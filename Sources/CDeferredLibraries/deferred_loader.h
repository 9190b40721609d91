#ifndef HEALTHLOG_DEFERRED_LOADER_H
#define HEALTHLOG_DEFERRED_LOADER_H

/// The function `name` of the library with index `library` (see deferred_sonames.h), the
/// library opened on first use. A library that cannot be opened ends the program with one line
/// naming it and the Debian package that has it (exit 74): nothing has been written by then.
void *healthlog_deferred_symbol(int library, const char *name);

#endif
