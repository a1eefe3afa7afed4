/// What a store held when an older Islet wrote it: plain SQL inserts of that schema's columns,
/// for the migration tests. Four activities: a stopwatch renamed while it ran, a countdown run
/// into overtime, a paused one still live, and (from schema 4, which brought plans) a plan run.
public enum OldStore {
  /// 2025-11-30 09:05 UTC, as the tests' t0.
  public static let start: Int64 = 1_764_493_500_000

  /// The inserts for a store at `schema` (2, 3 or 4).
  public static func rows(schema: Int) -> String {
    let t = start
    let idle = schema >= 3 ? ", idle_limit" : ""
    let idleValue = schema >= 3 ? ", 28800000" : ""
    var sql = """
      INSERT INTO activity (id, created_at, ended_at, icon, mode, full_duration, name, category,
        started_at, paused_at, duration, phase, relevance, touched_at\(idle)) VALUES
        ('emai', \(t), \(t + 1_800_000), 'timer', 'stopwatch', NULL, 'Code review', 'work',
          \(t), \(t + 1_800_000), NULL, 'completed', 0, \(t + 1_800_000)\(idleValue)),
        ('teaa', \(t + 3_600_000), \(t + 4_500_000), 'coffee', 'countdown', 600000, 'Tea', NULL,
          \(t + 3_600_000), \(t + 4_500_000), 600000, 'ended', 0, \(t + 4_500_000)\(idleValue)),
        ('read', \(t + 5_000_000), NULL, 'book', 'stopwatch', NULL, 'Reading', 'study',
          \(t + 5_000_000), \(t + 5_300_000), NULL, 'paused', 1.5, \(t + 5_300_000)\(idleValue));
      INSERT INTO event (activity_id, kind, phase, elapsed_ms, source, at, name) VALUES
        ('emai', 'started', 'active', 0, 'cli', \(t), 'Emails'),
        ('emai', 'updated', 'active', 600000, 'cli', \(t + 600_000), 'Code review'),
        ('emai', 'completed', 'completed', 1800000, 'key', \(t + 1_800_000), 'Code review'),
        ('teaa', 'started', 'active', 0, 'tmux', \(t + 3_600_000), 'Tea'),
        ('teaa', 'finished', 'finished', 600000, 'time', \(t + 4_200_000), 'Tea'),
        ('teaa', 'ended', 'ended', 900000, 'cli', \(t + 4_500_000), 'Tea'),
        ('read', 'started', 'active', 0, 'cli', \(t + 5_000_000), 'Reading'),
        ('read', 'paused', 'paused', 300000, 'cli', \(t + 5_300_000), 'Reading');

      """
    guard schema >= 4 else { return sql }
    let work = "'deep', 'Work', 'work', 'timer', 1, 1, 'Rest', 300000"
    let rest = "'deep', 'Rest', 'break', 'coffee', 1, 1, NULL, NULL"
    sql += """
      INSERT INTO activity (id, created_at, ended_at, icon, mode, full_duration, name, category,
        started_at, paused_at, duration, phase, relevance, touched_at, idle_limit, plan_name, plan,
        plan_part, plan_round, plan_worked) VALUES
        ('plan', \(t + 6_000_000), \(t + 7_800_000), 'timer', 'countdown', 300000, 'Deep', 'focus',
          \(t + 7_500_000), \(t + 7_800_000), 300000, 'completed', 0, \(t + 6_000_000), 28800000, 'deep',
          'Work 25m timer, Rest 5m coffee; rounds 1; advance auto; cue 0', 'break', 1, 1);
      INSERT INTO event (activity_id, kind, phase, elapsed_ms, source, at, name, plan_name, segment,
        segment_kind, segment_icon, round, rounds, next_segment, next_duration) VALUES
        ('plan', 'started', 'active', 0, 'cli', \(t + 6_000_000), 'Deep', \(work)),
        ('plan', 'segment-started', 'active', 0, 'cli', \(t + 6_000_000), 'Deep', \(work)),
        ('plan', 'segment-finished', 'active', 1500000, 'time', \(t + 7_500_000), 'Deep', \(work)),
        ('plan', 'segment-started', 'active', 0, 'time', \(t + 7_500_000), 'Deep', \(rest)),
        ('plan', 'segment-finished', 'completed', 300000, 'time', \(t + 7_800_000), 'Deep', \(rest)),
        ('plan', 'plan-completed', 'completed', 300000, 'time', \(t + 7_800_000), 'Deep', \(rest));

      """
    return sql
  }
}
