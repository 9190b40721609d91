#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon takes its options as C variadic arguments, which Swift cannot pass: this
/// hands an option array to MHD_start_daemon_va (the function the deferred loader forwards),
/// with the port left to the listening socket among the options.
static inline struct MHD_Daemon *healthlog_mhd_start_va(unsigned int flags, MHD_AccessHandlerCallback handler, void *context, ...) {
    va_list options;
    va_start(options, context);
    struct MHD_Daemon *daemon = MHD_start_daemon_va(flags, 0, NULL, NULL, handler, context, options);
    va_end(options);
    return daemon;
}

static inline struct MHD_Daemon *healthlog_mhd_start(unsigned int flags, MHD_AccessHandlerCallback handler, void *context,
                                                     struct MHD_OptionItem *options) {
    return healthlog_mhd_start_va(flags, handler, context, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}
