#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (present only in binaries linked with -sanitize=fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
