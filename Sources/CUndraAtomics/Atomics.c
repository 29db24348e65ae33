#include "CUndraAtomics.h"

intptr_t cundra_open_scope_count = 0;
