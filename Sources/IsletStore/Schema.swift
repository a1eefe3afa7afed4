/// The store's tables, grown by forward migrations numbered by `PRAGMA user_version`.
public enum Schema {
  /// Marks an Islet store in the SQLite header ('ISLT'), so another program's file is told apart.
  static let applicationID: Int32 = 0x4953_4C54

  /// Each step takes the schema from version `index` to `index + 1`.
  static let migrations: [String] = [
    // 1: activities and their history.
    """
    PRAGMA application_id = \(applicationID);
    CREATE TABLE activity (
      id TEXT PRIMARY KEY NOT NULL,
      revision INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      ended_at INTEGER,
      icon TEXT NOT NULL,
      record_id TEXT,
      owner TEXT,
      mode TEXT NOT NULL,
      full_duration INTEGER,
      stale_after INTEGER,
      name TEXT NOT NULL,
      category TEXT,
      started_at INTEGER NOT NULL,
      paused_at INTEGER,
      duration INTEGER,
      phase TEXT NOT NULL,
      stale_date INTEGER,
      relevance REAL NOT NULL DEFAULT 0,
      touched_at INTEGER NOT NULL
    );
    CREATE TABLE event (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      activity_id TEXT NOT NULL REFERENCES activity(id),
      kind TEXT NOT NULL,
      phase TEXT NOT NULL,
      elapsed_ms INTEGER NOT NULL,
      source TEXT NOT NULL,
      at INTEGER NOT NULL
    );
    """,
    // 2: events keep the name the activity had, so a renamed activity's history stays true;
    // indexes for the status line (live rows only) and for `log --since`.
    """
    ALTER TABLE event ADD COLUMN name TEXT NOT NULL DEFAULT '';
    UPDATE event SET name = coalesce((SELECT name FROM activity WHERE activity.id = event.activity_id), '');
    CREATE INDEX activity_live ON activity(phase) WHERE phase IN ('idle', 'active', 'paused', 'finished');
    CREATE INDEX event_at ON event(at);
    """,
    // 3: the max-idle in force when an activity was last touched, which fixes when it expires.
    """
    ALTER TABLE activity ADD COLUMN idle_limit INTEGER;
    """,
    // 4: plans. An activity keeps the plan it runs (its name and one-line definition) and where
    // the run is; an event keeps the plan's place when it happened, and the goal is counted
    // from finished work segments by day.
    """
    ALTER TABLE activity ADD COLUMN plan_name TEXT;
    ALTER TABLE activity ADD COLUMN plan TEXT;
    ALTER TABLE activity ADD COLUMN plan_part TEXT;
    ALTER TABLE activity ADD COLUMN plan_round INTEGER;
    ALTER TABLE activity ADD COLUMN plan_worked INTEGER;
    ALTER TABLE event ADD COLUMN plan_name TEXT;
    ALTER TABLE event ADD COLUMN segment TEXT;
    ALTER TABLE event ADD COLUMN segment_kind TEXT;
    ALTER TABLE event ADD COLUMN segment_icon TEXT;
    ALTER TABLE event ADD COLUMN round INTEGER;
    ALTER TABLE event ADD COLUMN rounds INTEGER;
    ALTER TABLE event ADD COLUMN next_segment TEXT;
    ALTER TABLE event ADD COLUMN next_duration INTEGER;
    """,
    // 5: an event keeps the category the activity had, as it keeps its name, so time is told
    // under the category it ran in; events before it take the activity's. An index finds one
    // activity's events, so a report over a week reads the runs in it and not the whole history.
    """
    ALTER TABLE event ADD COLUMN category TEXT;
    UPDATE event SET category = (SELECT category FROM activity WHERE activity.id = event.activity_id);
    CREATE INDEX event_activity ON event(activity_id, at);
    """,
    // 6: activities by when they ended (live ones have none), so a window of the history finds
    // the runs that went on through it, begun before and closed after, with no event inside.
    """
    CREATE INDEX activity_ended ON activity(ended_at);
    """,
    // 7: a stopwatch's laps: how many, the split at the last and its length, for what the
    // presentations show; each lap is its `lapped` event.
    """
    ALTER TABLE activity ADD COLUMN lap_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE activity ADD COLUMN lap_split INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE activity ADD COLUMN lap_last INTEGER;
    """,
    // 8: corrections. An event rewritten by `islet edit` is marked, so a report can say so; an
    // `edited` or `forgotten` event says what changed.
    """
    ALTER TABLE event ADD COLUMN edited INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE event ADD COLUMN detail TEXT;
    """,
    // 9: when the run began, which a pause moves `started_at` from and a reset starts anew.
    """
    ALTER TABLE activity ADD COLUMN run_started_at INTEGER;
    """,
    // 10: what programs post (state text, progress, attention, buttons as label and command
    // records, `SQLiteActivityStore.encode`), a stopwatch's
    // expected length, the tmux pane it was started in, and how a failed command ended. A
    // posted progress records no event; `pulse` is bumped instead, so followers hear it. An
    // index finds a command's last successful runs, its estimate.
    """
    ALTER TABLE activity ADD COLUMN expected INTEGER;
    ALTER TABLE activity ADD COLUMN tmux_socket TEXT;
    ALTER TABLE activity ADD COLUMN tmux_pane TEXT;
    ALTER TABLE activity ADD COLUMN posted_text TEXT;
    ALTER TABLE activity ADD COLUMN posted_percent INTEGER;
    ALTER TABLE activity ADD COLUMN attention TEXT;
    ALTER TABLE activity ADD COLUMN buttons TEXT;
    ALTER TABLE activity ADD COLUMN exit_status INTEGER;
    ALTER TABLE activity ADD COLUMN exit_signal INTEGER;
    CREATE INDEX event_run ON event(name, seq) WHERE kind = 'completed' AND source = 'run';
    CREATE TABLE pulse (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL);
    INSERT INTO pulse VALUES (1, 0);
    """,
    // 11: the terminal an activity was started from (its tty and what kind of terminal it is,
    // for the terminal alert channel), an activity's tags beside its one category (one a line),
    // and what the remote hosts last said (their live activities as `status --format json`
    // prints them, when they were heard, and the problem while one is unreachable).
    """
    ALTER TABLE activity ADD COLUMN terminal_tty TEXT;
    ALTER TABLE activity ADD COLUMN terminal_kind TEXT;
    ALTER TABLE activity ADD COLUMN tags TEXT;
    CREATE TABLE remote_host (
      name TEXT PRIMARY KEY NOT NULL,
      address TEXT NOT NULL,
      live TEXT,
      heard_at INTEGER,
      problem TEXT
    );
    """,
    // 12: a pending activity (a start still ahead) is live: the live rows' index holds it.
    """
    DROP INDEX activity_live;
    CREATE INDEX activity_live ON activity(phase) WHERE phase IN ('pending', 'idle', 'active', 'paused', 'finished');
    """,
    // 13: the daily roll-up `report` reads for whole days (`SQLiteActivityStore+RollUp.swift`):
    // a row a session closed in the record and local day it ran on, in the zone named in
    // `rollup_state`, kept in report order (its start, activity, first event's seq) so that a
    // report reads it without sorting, its name, category and title a `rollup_label`, its
    // `kind` how it counts (0 counted, 1 discarded, 2 uncounted; + 4 edited, + 8 failed);
    // `longest` bounds how far back a session that reaches a day may have started. Made stale
    // here: the first report to need it builds it.
    """
    CREATE TABLE rollup_label (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT, title TEXT NOT NULL);
    CREATE TABLE rollup (
      started_at INTEGER NOT NULL,
      activity_id TEXT NOT NULL,
      session INTEGER NOT NULL,
      day INTEGER NOT NULL,
      ms INTEGER NOT NULL,
      label INTEGER NOT NULL,
      kind INTEGER NOT NULL,
      PRIMARY KEY (started_at, activity_id, session, day)
    ) WITHOUT ROWID;
    CREATE INDEX rollup_activity ON rollup(activity_id);
    CREATE TABLE rollup_state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      zone TEXT NOT NULL,
      stale INTEGER NOT NULL,
      longest INTEGER NOT NULL
    );
    INSERT INTO rollup_state VALUES (1, '', 1, 0);
    """,
    // 14: the user away from the machine (the screen locked, asleep): since when, when they came
    // back while the question about a stopwatch's time away waits, and whether going away
    // paused it (so coming back resumes it).
    """
    ALTER TABLE activity ADD COLUMN away_since INTEGER;
    ALTER TABLE activity ADD COLUMN away_back INTEGER;
    ALTER TABLE activity ADD COLUMN away_paused INTEGER NOT NULL DEFAULT 0;
    """,
    // 15: a pending start that ends the running stopwatches when it starts.
    """
    ALTER TABLE activity ADD COLUMN switches INTEGER NOT NULL DEFAULT 0;
    """,
    // 16: the roll-up's sessions packed a row per UTC day they began on (`RollUpDay`), in
    // report order: a report over years read a row a session, and SQLite's cost of a row and
    // its columns was most of it. `rollup_activity` says which days hold an activity's
    // sessions, for the writer that makes them again. Stale: the next long report builds it.
    """
    DROP TABLE rollup;
    CREATE TABLE rollup_day (day INTEGER PRIMARY KEY, sessions BLOB NOT NULL);
    CREATE TABLE rollup_activity (
      activity_id TEXT NOT NULL,
      day INTEGER NOT NULL,
      PRIMARY KEY (activity_id, day)
    ) WITHOUT ROWID;
    UPDATE rollup_state SET stale = 1, longest = 0;
    """,
  ]

  public static var version: Int64 { Int64(migrations.count) }
}
