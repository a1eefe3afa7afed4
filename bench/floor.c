// The floor for a status-line command: a C program that opens the store read-only and reads one row.
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  const char *path = getenv("ISLET_DB");
  sqlite3 *db; sqlite3_stmt *st;
  if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) return 1;
  if (sqlite3_prepare_v2(db, "SELECT name, started_at FROM activity WHERE phase IN ('idle','active','paused','finished') LIMIT 1", -1, &st, NULL) != SQLITE_OK) return 1;
  if (sqlite3_step(st) == SQLITE_ROW) printf("%s %lld\n", sqlite3_column_text(st, 0), sqlite3_column_int64(st, 1));
  sqlite3_finalize(st); sqlite3_close(db); return 0;
}
