#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netdb.h>
#include <netinet/in.h>
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

/// The client's address as numeric text (`127.0.0.1`, `::1`) in `text`: 1, or 0 when the engine
/// does not know it. MHD_get_connection_info is variadic; this asks only for the address, which
/// takes nothing more.
static inline int healthlog_mhd_client_address(struct MHD_Connection *connection, char *text, socklen_t size) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return 0;
    socklen_t length = info->client_addr->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    return getnameinfo(info->client_addr, length, text, size, NULL, 0, NI_NUMERICHOST) == 0;
}

/// The connection's socket, or -1 when the engine does not say. MHD_get_connection_info is
/// variadic; this asks only for the socket, which takes nothing more.
static inline int healthlog_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
