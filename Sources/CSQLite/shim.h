#ifndef ISLET_CSQLITE_SHIM_H
#define ISLET_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift does not import.
static inline sqlite3_destructor_type islet_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
