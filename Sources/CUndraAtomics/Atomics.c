#include "CUndraAtomics.h"

intptr_t cundra_open_scope_count = 0;

#if defined(__ELF__)
__thread void *cundra_thread_context __attribute__((tls_model("initial-exec"))) = 0;
#else
__thread void *cundra_thread_context = 0;
#endif
