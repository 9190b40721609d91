// Only declarations live in this target; libFuzzer itself provides LLVMFuzzerRunDriver.
#include "fuzzer_driver.h"
