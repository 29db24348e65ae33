// The system SQLite, for UndraRuntime's Database/ layer on platforms without the SDK's `SQLite3`
// module (Linux: the headers come from libsqlite3-dev; 3.37 or later, for the 64-bit change counts).
#include <sqlite3.h>
