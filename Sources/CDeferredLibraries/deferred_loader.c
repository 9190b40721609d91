#include "deferred_loader.h"
#include "deferred_sonames.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void *healthlog_deferred_symbol(int library, const char *name) {
    static void *handles[sizeof healthlog_deferred_sonames / sizeof healthlog_deferred_sonames[0]];
    const char *soname = healthlog_deferred_sonames[library];
    void *handle = __atomic_load_n(&handles[library], __ATOMIC_ACQUIRE);
    if (!handle) {
        // Global, so the libraries these open find one another as if linked.
        handle = dlopen(soname, RTLD_NOW | RTLD_GLOBAL);
        if (!handle) {
            dprintf(2, "Error: cannot load %s, which this command needs (%s); "
                       "install the package that has it (apt install healthlog pulls it in)\n", soname, dlerror());
            _exit(74);
        }
        __atomic_store_n(&handles[library], handle, __ATOMIC_RELEASE);
    }
    // From this library and what it links, never the forwarding function of the same name.
    void *symbol = dlsym(handle, name);
    if (!symbol) {
        dprintf(2, "Error: %s has no function %s; this healthlog was built against a newer version\n", soname, name);
        _exit(74);
    }
    return symbol;
}
