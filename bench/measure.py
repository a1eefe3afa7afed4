"""Measures Islet for bench/run and prints one table (markdown)."""
import argparse, fcntl, glob, json, os, pty, random, re, shutil, signal, statistics, struct, subprocess, termios, threading, time
from datetime import datetime

p = argparse.ArgumentParser()
for name in ("islet", "floor", "work", "socket"):
    p.add_argument("--" + name, required=True)
p.add_argument("--window", type=int, default=60)
a = p.parse_args()
rows = []


def run(*args, env=None):
    return subprocess.run(args, capture_output=True, text=True, env=env or os.environ)


def status_line():
    run(a.islet, "start", "25m", "--name", "Workout")
    # The binary as the build left it, and a copy read from disk, as after a reboot.
    commands = [a.floor, f"{a.islet} status --format tmux", f"{disk_copy()} status --format tmux"]
    if installed("timew"):
        # Timewarrior's one-shot status, tracking one interval in a database of its own.
        os.environ["TIMEWARRIORDB"] = a.work + "/timew"
        os.makedirs(a.work + "/timew/data")
        open(a.work + "/timew/timewarrior.cfg", "w").close()
        run("timew", "start", "Workout", ":quiet")
        commands.append("timew")
    run("hyperfine", "-N", "--warmup", "50", "--runs", "300", "--export-json", a.work + "/h.json", *commands)
    out = json.load(open(a.work + "/h.json"))
    floor, islet, read, *peers = (r["median"] * 1000 for r in out["results"])
    baseline = f"C reading one row: {floor:.2f} ms; " + (f"`timew`: {peers[0]:.2f} ms" if peers else
                                                        "timew not installed (skipped)")
    rows.append(("`status --format tmux`, median wall", f"{islet:.2f} ms (read from disk: {read:.2f} ms, {read / floor:.2f}×)",
                 baseline, f"{islet / floor:.2f}× the C row (≤ 1.2×)"))
    run(a.islet, "end")


def tmux(*args, server=""):
    return run("tmux", "-L", a.socket + server, "-f", "/dev/null", *args)


def cpu_seconds(pid):
    """CPU seconds of one living process (schedstat, nanoseconds, all its threads)."""
    return sum(int(open(f).read().split()[0]) for f in glob.glob(f"/proc/{pid}/task/*/schedstat")) / 1e9


def cpu_and_wakeups(pids, seconds):
    """CPU (% of a core) and wakeups per second of each process over the same window."""
    def sample(pid):
        ns = cpu_seconds(pid) * 1e9
        ctx = 0
        for f in glob.glob(f"/proc/{pid}/task/*/status"):
            m = re.search(r"^voluntary_ctxt_switches:\s+(\d+)", open(f).read(), re.M)
            ctx += int(m.group(1)) if m else 0
        return ns, ctx
    before = [sample(pid) for pid in pids]
    time.sleep(seconds)
    after = [sample(pid) for pid in pids]
    return [((n1 - n0) / (seconds * 1e9) * 100, (c1 - c0) / seconds) for (n0, c0), (n1, c1) in zip(before, after)]


def rss_mb(pid):
    return int(re.search(r"VmRSS:\s+(\d+) kB", open(f"/proc/{pid}/status").read()).group(1)) / 1024


def anon_mb(pid):
    """The process's own memory: resident less the pages it shares with the file it runs."""
    return int(re.search(r"RssAnon:\s+(\d+) kB", open(f"/proc/{pid}/status").read()).group(1)) / 1024


def from_disk(*paths):
    """Drops each file's pages from the page cache, so that the next run reads it from disk, as an
    installed program is read after a reboot. A file just written (the linker's output) stays
    cached in the large pieces it was written in, which the kernel maps into a process whole."""
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def disk_copy():
    """A copy of the binary that runs read from disk (`from_disk`), the same one each time."""
    copy = a.work + "/islet-from-disk"
    if not os.path.exists(copy):
        shutil.copyfile(a.islet, copy)
        os.chmod(copy, 0o755)
        from_disk(copy)
    return copy


def installed(command):
    return run("sh", "-c", f"command -v {command}").returncode == 0


def device_view():
    # Islet and its peers side by side over the same window of time, each the only 100×30 pane of
    # a tmux server of its own: the same program measured ~15 % more CPU in a session's current
    # window than in a background one, so none may be favoured by its place.
    run(a.islet, "start", "--name", "Focus")
    peers = [(name, command) for name, command in [("tty-clock", "tty-clock -s -c"), ("termdown", "termdown")]
             if installed(command.split()[0])]
    servers = [str(k) for k in range(len(peers) + 1)]
    for server, command in zip(servers, [a.islet] + [command for _, command in peers]):
        tmux("new-session", "-d", "-x", "100", "-y", "30", f"exec {command}", server=server)
    time.sleep(2)
    pids = [int(tmux("display", "-p", "#{pane_pid}", server=server).stdout) for server in servers]
    (cpu, wakes), *others = cpu_and_wakeups(pids, a.window)
    memory = [rss_mb(pid) for pid in pids]
    own = anon_mb(pids[0])
    def described(show):
        shown = [f"{name}: {show(i)}" for i, (name, _) in enumerate(peers)]
        missing = [f"{name} not installed (skipped)" for name in ("tty-clock", "termdown") if name not in dict(peers)]
        return "; ".join(shown + missing)
    ratio = "".join(f" ({cpu / others[i][0]:.2f}× tty-clock)" for i, (name, _) in enumerate(peers)
                    if name == "tty-clock" and others[i][0] > 0)
    rows.append((f"device view, a timer ticking ({a.window} s)", f"{cpu:.3f} % of a core{ratio}, {wakes:.2f} wakeups/s",
                 described(lambda i: f"{others[i][0]:.3f} %, {others[i][1]:.2f} wakeups/s"),
                 "≤ tty-clock; ≤ 1.05 wakeups/s"))
    for server in servers[1:]:
        tmux("kill-server", server=server)
    run(a.islet, "pause")
    time.sleep(1)
    [(cpu, wakes)] = cpu_and_wakeups(pids[:1], a.window)
    rows.append((f"device view, all paused ({a.window} s)", f"{cpu:.3f} % of a core, {wakes:.2f} wakeups/s", "",
                 "~0 wakeups/s (one a minute for the clock)"))
    tmux("kill-server", server=servers[0])
    # The same view run from a copy read from disk, whose code is cached in pages of 4 KB rather
    # than in the large pieces a build has just written, which the kernel maps whole.
    run(a.islet, "resume")
    tmux("new-session", "-d", "-x", "100", "-y", "30", f"exec {disk_copy()}", server=servers[0])
    time.sleep(10)
    from_disk_memory = rss_mb(int(tmux("display", "-p", "#{pane_pid}", server=servers[0]).stdout))
    tmux("kill-server", server=servers[0])
    # A static binary's resident set is mostly its own file's clean pages, shared and
    # reclaimable; its own memory is apart.
    rows.append(("device view, resident memory",
                 f"{memory[0]:.1f} MB ({own:.1f} MB its own, the rest the binary's code and data pages); "
                 f"read from disk: {from_disk_memory:.1f} MB",
                 described(lambda i: f"{memory[i + 1]:.1f} MB"), "≤ 8 MB"))
    run(a.islet, "end")


class Pty:
    """A program on a terminal of its own (100×30), its output timestamped as it is written."""

    def __init__(self, *argv, env=None):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
            os.execvpe(argv[0], list(argv), dict(env or os.environ, TERM="xterm-256color"))
        self.reads = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            self.reads.append(time.time())

    def frames(self, since=0.0):
        """When each burst of output began: a read after 100 ms of quiet starts a new one."""
        starts, last = [], None
        for t in list(self.reads):
            if last is None or t - last > 0.1:
                if t >= since:
                    starts.append(t)
            last = t
        return starts

    def close(self):
        # As when the terminal goes away; then for good, when that was not enough.
        os.kill(self.pid, signal.SIGHUP)
        for _ in range(100):
            if os.waitpid(self.pid, os.WNOHANG)[0]:
                break
            time.sleep(0.01)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def iso_ms(text):
    return round(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


def late_seconds(frames, anchor_ms, seconds):
    """How late each second due at `anchor_ms + k s` reached the screen (ms), for the bursts within
    250 ms after one; and how many of the `seconds` due showed."""
    late = sorted(d for d in ((t * 1000 - anchor_ms) % 1000 for t in frames) if d < 250)
    return late, f"{len(late)} of {seconds} seconds"


def punctuality_and_intents():
    # A stopwatch started half a second off the wall clock's seconds, so that the clock's minute
    # (the view's only other change) is told apart from the stopwatch's seconds.
    while abs(time.time() % 1 - 0.5) > 0.01:
        time.sleep(0.005)
    out = run(a.islet, "start", "--name", "Punctual").stdout.strip()
    started = iso_ms(json.loads(run(a.islet, "status", out, "--format", "json").stdout)["startedAt"])
    view = Pty(a.islet)
    clock = Pty("tty-clock", "-s", "-c") if installed("tty-clock") else None
    time.sleep(2)
    begun = time.time()
    time.sleep(a.window)
    late, shown = late_seconds(view.frames(since=begun), started, a.window)
    baseline = "tty-clock not installed (skipped)"
    if clock:
        every = sorted((t * 1000) % 1000 for t in clock.frames(since=begun))
        baseline = (f"tty-clock: median {statistics.median(every):.0f} ms after the wall clock's second"
                    if every else "tty-clock drew nothing")
        clock.close()
    rows.append((f"a displayed second reaches the screen ({a.window} s, timestamped on a pty)",
                 f"median {statistics.median(late):.1f} ms, max {max(late):.1f} ms ({shown})" if late else "no seconds seen",
                 baseline, "median ≤ 5 ms"))

    # Renaming the paused stopwatch from another process, at times the view draws nothing else.
    run(a.islet, "pause", out)
    time.sleep(0.5)
    from_start, from_return = [], []
    for k in range(10):
        while time.time() % 60 > 58:  # not at the clock's minute
            time.sleep(0.1)
        t0 = time.time()
        run(a.islet, "update", out, "--name", f"Renamed {k}")
        returned = time.time()
        deadline = t0 + 2
        while time.time() < deadline and not view.frames(since=t0):
            time.sleep(0.0005)
        seen = view.frames(since=t0)
        from_start.append((seen[0] - t0) * 1000 if seen else float("inf"))
        # The command commits before it exits: the view may draw before it has returned.
        from_return.append(max(0.0, (seen[0] - returned) * 1000) if seen else float("inf"))
        time.sleep(0.3)
    view.close()
    rows.append(("an intent in another shell until the open view writes it (10 renames)",
                 f"from the command's return: median {statistics.median(from_return):.1f} ms, "
                 f"max {max(from_return):.1f} ms; from its start (the command's own run included): "
                 f"median {statistics.median(from_start):.1f} ms", "", "≤ 10 ms (from the return)"))
    run(a.islet, "end", out)


def deadline_hook():
    # Countdowns of 2 s with nothing open: the background watcher records `finished` and runs
    # the hook, which writes the time it ran.
    hooks = a.work + "/config/islet/hooks"
    os.makedirs(hooks, exist_ok=True)
    log = a.work + "/finished.times"
    with open(hooks + "/finished", "w") as f:
        f.write(f"#!/bin/sh\ncat > /dev/null\ndate +%s.%N >> {log}\n")
    os.chmod(hooks + "/finished", 0o755)
    latencies = []
    for k in range(5):
        out = run(a.islet, "start", "2s", "--name", f"Deadline {k}").stdout.strip()
        deadline = iso_ms(json.loads(run(a.islet, "status", out, "--format", "json").stdout)["deadline"])
        limit = time.time() + 15
        while time.time() < limit and (not os.path.exists(log) or len(open(log).read().split()) <= k):
            time.sleep(0.01)
        times = open(log).read().split() if os.path.exists(log) else []
        latencies.append(float(times[k]) * 1000 - deadline if len(times) > k else float("inf"))
        run(a.islet, "end", out)
    os.remove(hooks + "/finished")
    global deadline_latency
    deadline_latency = f"median {statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms"
    rows.append(("a countdown's deadline until its `finished` hook runs (5 countdowns, nothing open)",
                 deadline_latency, "", ""))


def beside_tty_clock(cpu, others):
    """` (0.50× tty-clock)` when tty-clock was measured beside `cpu`."""
    return f" ({cpu / others[0][0]:.2f}× tty-clock)" if others and others[0][0] > 0 else ""


def tty_clock(others):
    """tty-clock's column: its CPU and wakeups, or why there are none."""
    return f"tty-clock: {others[0][0]:.3f} %, {others[0][1]:.2f} wakeups/s" if others \
        else "tty-clock not installed (skipped)"


def session_bus():
    """A private session bus: its process and its address."""
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return bus, bus.stdout.readline().strip()


def notification_server(address, record):
    """The tests' notification server on the bus at `address`, noting each call in `record`."""
    server = subprocess.Popen(["Tests/IsletCLITestSupport/Support/notification-server.py", record],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env={**os.environ, "DBUS_SESSION_BUS_ADDRESS": address})
    server.stdout.readline()
    return server


def spread(values):
    """`median … ms, max … ms`, or how many of them arrived when some did not."""
    got = [v for v in values if v is not None]
    return f"median {statistics.median(got):.1f} ms, max {max(got):.1f} ms" if got and len(got) == len(values) \
        else f"{len(got)} of {len(values)} arrived"


def deadline_alerts():
    # Countdowns of 2 s with nothing of Islet open: the watcher sends the notification over a
    # private session bus to the tests' notification server (which notes when it received it)
    # and shows the message on a tmux client attached inside another tmux (seen by polling).
    bus, address = session_bus()
    record = a.work + "/notify.jsonl"
    server = notification_server(address, record)
    inner = a.socket + "inner"
    tmux("new-session", "-d", "-x", "100", "-y", "20",
         f"env -u TMUX tmux -L {inner} -f /dev/null new-session -s inner", server="outer")
    socket_path = f"/tmp/tmux-{os.getuid()}/{inner}"
    limit = time.time() + 10
    while time.time() < limit and "inner" not in run("tmux", "-L", inner, "list-clients").stdout:
        time.sleep(0.01)
    # Its own configuration, so that it runs alone too (BENCH_ONLY=deadline_alerts).
    os.makedirs(a.work + "/config/islet", exist_ok=True)
    with open(a.work + "/config/islet/config", "a") as f:
        f.write("\nalerts = desktop tmux\nalert-repeat = 0\n")
    env = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": address, "TMUX": f"{socket_path},1,0"}
    notified, messaged = [], []
    for k in range(5):
        out = run(a.islet, "start", "2s", "--name", f"Deadline {k}", env=env).stdout.strip()
        deadline = iso_ms(json.loads(run(a.islet, "status", out, "--format", "json").stdout)["deadline"])
        limit, seen_message = time.time() + 15, None
        while time.time() < limit:
            if seen_message is None and f"Deadline {k}" in tmux("capture-pane", "-p", server="outer").stdout:
                seen_message = time.time() * 1000
            calls = [json.loads(line) for line in open(record)] if os.path.exists(record) else []
            sent = [c for c in calls if c.get("call") == "Notify" and f"Deadline {k}" in c.get("summary", "")]
            if sent and seen_message is not None:
                notified.append(sent[0]["received_ms"] - deadline)
                messaged.append(seen_message - deadline)
                break
            time.sleep(0.002)
        run(a.islet, "end", out, env=env)
    tmux("kill-server", server="outer")
    run("tmux", "-L", inner, "kill-server")
    server.terminate()
    bus.terminate()
    rows.append(("a countdown's deadline until its notification reaches the bus's server (5, nothing open)",
                 spread(notified + [None] * (5 - len(notified))), f"deadline → hook: {deadline_latency}", "≤ 50 ms"))
    rows.append(("a countdown's deadline until its message shows on an attached tmux client",
                 spread(messaged + [None] * (5 - len(messaged))), "seen by polling the screen every 2 ms", "≤ 50 ms"))


def watcher_processes():
    """The deadline watchers of this run's store: `islet __watch` with its ISLET_DB."""
    found = []
    for cmdline in glob.glob("/proc/[0-9]*/cmdline"):
        pid = int(cmdline.split("/")[2])
        try:
            argv = open(cmdline, "rb").read().split(b"\0")
            environ = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
        except OSError:
            continue
        if b"__watch" in argv and f"ISLET_DB={a.work}/islet.db".encode() in environ:
            found.append(pid)
    return found


def watcher_mpris():
    # One countdown ticking with nothing of Islet open and MPRIS on (the default), on a private
    # session bus: the deadline watcher stays, owning the activity's media player, and should
    # sleep until the deadline, signalling nothing while the timer just ticks (readers compute
    # the position from the rate). tty-clock ticks beside it, alone in a tmux server of its own,
    # over the same window.
    os.makedirs(a.work + "/config/islet", exist_ok=True)
    bus, address = session_bus()
    env = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": address}
    env.pop("TMUX", None)
    monitor = subprocess.Popen(["dbus-monitor", "--address", address, "type='signal',interface="
                                "'org.freedesktop.DBus.Properties'"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True) if installed("dbus-monitor") else None
    out = run(a.islet, "start", "25m", "--name", "Brew", env=env).stdout.strip()
    limit, players = time.time() + 10, []
    while time.time() < limit and not players:
        names = run("dbus-send", "--bus=" + address, "--print-reply", "--dest=org.freedesktop.DBus",
                    "/org/freedesktop/DBus", "org.freedesktop.DBus.ListNames").stdout
        players = re.findall(r'"(org\.mpris\.MediaPlayer2\.islet[^"]*)"', names)
        time.sleep(0.05)
    watchers = watcher_processes()
    clock = installed("tty-clock")
    if clock:
        tmux("new-session", "-d", "-x", "100", "-y", "30", "exec tty-clock -s -c", server="mprisclock")
    time.sleep(2)
    signals = []
    if monitor:
        threading.Thread(target=lambda: signals.extend(line for line in monitor.stdout if "signal " in line),
                         daemon=True).start()
    pids = watchers[:1] + ([int(tmux("display", "-p", "#{pane_pid}", server="mprisclock").stdout)] if clock else [])
    if not watchers:
        rows.append(("deadline watcher, one countdown ticking, MPRIS on", "NO WATCHER FOUND", "", "≤ tty-clock"))
    else:
        time.sleep(1)
        before = len(signals)
        (cpu, wakes), *others = cpu_and_wakeups(pids, a.window)
        said = len(signals) - before
        ratio = beside_tty_clock(cpu, others)
        owned = f"{len(players)} player on the bus" if players else "NO PLAYER ON THE BUS"
        heard = f", {said} property signals in the window" if monitor else ""
        rows.append((f"deadline watcher, one countdown ticking, MPRIS on ({a.window} s)",
                     f"{cpu:.3f} % of a core{ratio}, {wakes:.2f} wakeups/s; {owned}{heard}",
                     tty_clock(others), "≤ tty-clock; no signal while it ticks"))
    if clock:
        tmux("kill-server", server="mprisclock")
    run(a.islet, "end", out, env=env)
    limit = time.time() + 10
    while time.time() < limit and watcher_processes():
        time.sleep(0.05)
    if monitor:
        monitor.terminate()
    bus.terminate()


def plan_transitions():
    # A plan of 1 s segments with nothing open: the watcher chains the deadlines and runs each
    # `segment-started` hook, which writes when it ran beside the JSON holding the boundary.
    hooks = a.work + "/config/islet/hooks"
    os.makedirs(hooks, exist_ok=True)
    with open(a.work + "/config/islet/config", "a") as f:
        f.write("plan.bench = Work 1s, Rest 1s; rounds 4\n")
    log = a.work + "/segments.times"
    with open(hooks + "/segment-started", "w") as f:
        f.write(f"#!/bin/sh\nnow=$(date +%s.%N)\nprintf '%s ' \"$now\" >> {log}\ncat >> {log}\necho >> {log}\n")
    os.chmod(hooks + "/segment-started", 0o755)
    out = run(a.islet, "start", "--plan", "bench").stdout.strip()
    limit = time.time() + 30
    # One line a hook run ("when {json}"), each followed by a blank one.
    while time.time() < limit and (not os.path.exists(log) or len(open(log).read().split("\n\n")) <= 8):
        time.sleep(0.05)
    latencies = []
    for line in open(log).read().splitlines() if os.path.exists(log) else []:
        if " " not in line:
            continue
        ran, event = line.split(" ", 1)
        latencies.append(float(ran) * 1000 - iso_ms(json.loads(event)["at"]))
    # The first segment starts with the command; the transitions are the ones after it.
    transitions = latencies[1:]
    os.remove(hooks + "/segment-started")
    run(a.islet, "end", out)
    shown = (f"median {statistics.median(transitions):.1f} ms, max {max(transitions):.1f} ms"
             if transitions else "no transition recorded")
    rows.append((f"a plan's segment deadline until the next `segment-started` hook runs ({len(transitions)} transitions, nothing open)",
                 shown, f"a single countdown's `finished` hook: {deadline_latency}", ""))


def plan_drift():
    # 200 segments of a Tabata-like plan, paused and resumed at odd moments, on a fixed clock:
    # the run must end exactly at the sum of its segments plus the time paused.
    rng = random.Random(2026)
    start_ms = 1_764_493_500_000
    at = lambda ms: dict(os.environ, ISLET_NOW=f"{ms // 1000}.{ms % 1000:03d}")
    os.makedirs(a.work + "/config/islet", exist_ok=True)
    with open(a.work + "/config/islet/config", "a") as f:
        f.write("plan.drift = Work 20s, Rest 10s; rounds 99\n")
    out = run(a.islet, "start", "--plan", "drift", env=at(start_ms)).stdout.strip()
    t, paused = start_ms, 0
    for _ in range(60):
        t += rng.randint(1_000, 30_000)
        if run(a.islet, "pause", out, env=at(t)).returncode != 0:
            break  # the run is over: no more pauses to count
        pause = rng.randint(1, 30_000)
        t += pause
        paused += pause
        run(a.islet, "resume", out, env=at(t))
    total = 99 * 30_000
    ended = json.loads(run(a.islet, "list", "--all", "--json", env=at(start_ms + total + paused + 1)).stdout)
    mine = [x for x in ended if x["id"] == out]
    got = iso_ms(mine[0]["endedAt"]) if mine and mine[0]["endedAt"] else None
    rows.append(("drift after 198 plan segments and 60 pauses",
                 f"{abs(got - (start_ms + total + paused))} ms" if got else "the run did not end",
                 "", "0 ms"))


def drift():
    # Eight hours of irregular pause and resume through the real binary on a fixed clock, against
    # exact arithmetic; next to it, a timer that adds one second per tick of a sleep(1) loop.
    rng = random.Random(1823)
    start_ms = 1_764_493_500_000
    at = lambda ms: dict(os.environ, ISLET_NOW=f"{ms // 1000}.{ms % 1000:03d}")
    out = run(a.islet, "start", "--name", "Drift", env=at(start_ms)).stdout.strip()
    running, exact_ms, t = True, 0, start_ms
    while t < start_ms + 8 * 3_600_000:
        step = rng.randint(1_000, 900_000)
        t += step
        if running:
            exact_ms += step
        run(a.islet, "toggle", out, env=at(t))
        running = not running
    shown = json.loads(run(a.islet, "status", out, "--format", "json", env=at(t)).stdout)["elapsed"]
    # A timer that adds a second per tick of a sleep(1) loop, for a few seconds, scaled to 8 h.
    ticks, begun = 0, time.monotonic()
    while ticks < 5:
        time.sleep(1)
        ticks += 1
    late = (time.monotonic() - begun) - ticks
    rows.append(("drift after 8 h of pause/resume", f"{abs(round(shown * 1000) - exact_ms)} ms",
                 f"a sleep(1) ticker: {late / ticks * 8 * 3600 * 1000:.0f} ms", "0 ms"))
    run(a.islet, "end", out, env=at(t))


def status_follow():
    # `status --follow` as a bar runs it, its stdout a pipe read line by line, each line
    # timestamped as it is read; tty-clock ticks beside it in a tmux server of its own.
    run(a.islet, "start", "25m", "--name", "Follow")
    follower = subprocess.Popen([a.islet, "status", "--follow"], stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    lines = []

    def read():
        for line in follower.stdout:
            lines.append((time.time(), line.decode(errors="replace").rstrip("\n")))
    threading.Thread(target=read, daemon=True).start()
    clock = installed("tty-clock")
    if clock:
        tmux("new-session", "-d", "-x", "100", "-y", "30", "exec tty-clock -s -c", server="follow")
    time.sleep(2)
    pids = [follower.pid] + ([int(tmux("display", "-p", "#{pane_pid}", server="follow").stdout)] if clock else [])
    count = len(lines)
    (cpu, wakes), *others = cpu_and_wakeups(pids, a.window)
    printed = len(lines) - count
    ratio = beside_tty_clock(cpu, others)
    rows.append((f"`status --follow`, a timer ticking ({a.window} s)",
                 f"{cpu:.3f} % of a core{ratio}, {wakes:.2f} wakeups/s, {printed} lines",
                 tty_clock(others), "≤ tty-clock; one line a second"))
    if clock:
        tmux("kill-server", server="follow")

    # Renaming the paused countdown from another process: from the command's start, and from its
    # return (the intent is committed before its post-commit handlers run, so the line may come first).
    run(a.islet, "pause")
    time.sleep(0.5)
    from_start, from_return = [], []
    for k in range(10):
        count = len(lines)
        began = time.time()
        run(a.islet, "update", "--name", f"Renamed{k}")
        returned = time.time()
        deadline = began + 2
        while time.time() < deadline and not any(f"Renamed{k} " in text for _, text in lines[count:]):
            time.sleep(0.0005)
        seen = [t for t, text in lines[count:] if f"Renamed{k} " in text]
        from_start.append((seen[0] - began) * 1000 if seen else float("inf"))
        # The command commits before it exits: the line may be read before it has returned.
        from_return.append(max(0.0, (seen[0] - returned) * 1000) if seen else float("inf"))
        time.sleep(0.3)
    rows.append(("an intent in another shell until its line is read from `status --follow` (10 renames)",
                 f"from the command's start: median {statistics.median(from_start):.1f} ms, max {max(from_start):.1f} ms; "
                 f"from its return: median {statistics.median(from_return):.1f} ms, max {max(from_return):.1f} ms",
                 "", "≤ 10 ms (from the return)"))
    time.sleep(1)
    [(cpu, wakes)] = cpu_and_wakeups([follower.pid], min(a.window, 10))
    rows.append((f"`status --follow`, all paused ({min(a.window, 10)} s)", f"{cpu:.3f} % of a core, {wakes:.2f} wakeups/s",
                 "", "0 wakeups/s"))
    follower.terminate()
    follower.wait()
    run(a.islet, "end")


def under_cpu_seconds(pid):
    """CPU seconds of what runs under a process: its living descendants (schedstat) and the
    children it has reaped (cutime + cstime, in clock ticks)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    total = (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    pending = [pid]
    while pending:
        current = pending.pop()
        for task in glob.glob(f"/proc/{current}/task/*/children"):
            for child in open(task).read().split():
                total += cpu_seconds(int(child))
                pending.append(int(child))
    return total


def tmux_status():
    # The island on a real tmux status line, drawn by a client attached inside an outer pane: as
    # the snippet makes it now (one `status --follow` that tmux keeps running) and as earlier
    # snippets made it (`islet status` started every second, status-interval 1), side by side
    # with tty-clock. Islet's figure is its processes' CPU (the follower; the programs started
    # each second), as tty-clock's is its own; what tmux spends drawing the status line is said
    # beside it, less the same server with no island.
    run(a.islet, "start", "25m", "--name", "Status")
    # The earlier snippet reads a store of its own: each of its reads would wake the follower.
    spawned_store = f"{a.work}/spawned/islet.db"
    run(a.islet, "start", "25m", "--name", "Status", env=dict(os.environ, ISLET_DB=spawned_store))
    variants = {
        "none": "",
        "followed": f"#({a.islet} status --follow --format tmux)",
        "spawned": f"#(ISLET_DB={spawned_store} {a.islet} status --format tmux)",
    }
    servers = {}
    for name, right in variants.items():
        conf = f"{a.work}/tmux-{name}.conf"
        with open(conf, "w") as f:
            f.write(f"set -g status-right '{right}'\nset -g status-right-length 100\n")
            if name == "spawned":
                f.write("set -g status-interval 1\n")
        inner = f"{a.socket}in-{name}"
        tmux("new-session", "-d", "-x", "100", "-y", "10",
             f"exec env -u TMUX tmux -L {inner} -f {conf} new-session 'exec sleep 100000'", server=f"out-{name}")
        servers[name] = inner
    clock = installed("tty-clock")
    if clock:
        tmux("new-session", "-d", "-x", "100", "-y", "30", "exec tty-clock -s -c", server="tmuxclock")
    time.sleep(3)
    pids = {name: int(run("tmux", "-L", inner, "display", "-p", "#{pid}").stdout) for name, inner in servers.items()}
    clock_pid = int(tmux("display", "-p", "#{pane_pid}", server="tmuxclock").stdout) if clock else None

    def sample():
        return ({name: (cpu_seconds(pid), under_cpu_seconds(pid)) for name, pid in pids.items()},
                cpu_seconds(clock_pid) if clock else 0.0)
    before, clock_before = sample()
    time.sleep(a.window)
    after, clock_after = sample()
    percent = {name: tuple((after[name][k] - before[name][k]) / a.window * 100 for k in (0, 1)) for name in pids}
    # The "none" server's panes run only `sleep`: what is under it costs nothing.
    islet = {name: percent[name][1] for name in ("followed", "spawned")}
    drawing = {name: percent[name][0] - percent["none"][0] for name in ("followed", "spawned")}
    tty = (clock_after - clock_before) / a.window * 100 if clock else None
    versus = f" ({islet['followed'] / tty:.2f}× tty-clock)" if tty else ""
    rows.append((f"tmux status line, the island ticking ({a.window} s)",
                 f"islet: {islet['followed']:.3f} % of a core{versus}; tmux drawing it: {drawing['followed']:.3f} %",
                 (f"tty-clock: {tty:.3f} %; " if tty is not None else "tty-clock not installed (skipped); ")
                 + f"earlier snippet (`islet status` every second): islet {islet['spawned']:.3f} %, "
                 + f"tmux drawing it {drawing['spawned']:.3f} %",
                 "≤ tty-clock"))

    # An intent from a shell outside tmux until the status line shows it (the outer pane's
    # capture, polled), on the followed island while it ticks.
    latencies = []
    for k in range(10):
        time.sleep(0.37)  # renames at every phase of the ticking second
        run(a.islet, "update", "--name", f"Moved{k}")
        returned = time.time()
        deadline = returned + 3
        while time.time() < deadline:
            if f"Moved{k}" in tmux("capture-pane", "-p", server="out-followed").stdout:
                break
        latencies.append((time.time() - returned) * 1000)
    rows.append(("an intent outside tmux until tmux's status line shows it (10 renames, capture polled)",
                 f"median {statistics.median(latencies):.0f} ms, max {max(latencies):.0f} ms", "", "≤ 50 ms"))
    for name in servers:
        run("tmux", "-L", servers[name], "kill-server")
        tmux("kill-server", server=f"out-{name}")
    if clock:
        tmux("kill-server", server="tmuxclock")
    run(a.islet, "end")


def hyperfine(command, env, runs):
    """Median wall and mean user time (ms) of `command` run `runs` times."""
    out = run("hyperfine", "-N", "--warmup", "2", "--runs", str(runs), "--export-json", a.work + "/scale.json",
              command, env=env)
    if out.returncode != 0:
        return None
    result = json.load(open(a.work + "/scale.json"))["results"][0]
    return result["median"] * 1000, result["user"] * 1000


def instructions(argv, env):
    """Instructions of one run: perf's count, else callgrind's (on a copy without debug info,
    which this valgrind cannot read); None when neither can count here."""
    out = run("perf", "stat", "-x,", "-e", "instructions", *argv, env=env) if installed("perf") else None
    if out and out.returncode == 0:
        field = out.stderr.strip().splitlines()[-1].split(",")[0]
        if field.isdigit():
            return int(field), "perf"
    if installed("valgrind") and installed("strip"):
        stripped = a.work + "/islet-stripped"
        if not os.path.exists(stripped):
            run("strip", "--strip-debug", "-o", stripped, a.islet)
        out = run("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", stripped, *argv[1:], env=env)
        found = re.search(r"Collected : (\d+)", out.stderr)
        if found:
            return int(found.group(1)), "callgrind"
    return None


def scale():
    # The same commands on an empty store and on ten years of use (bench/make-store), one after
    # the other in this run; timewarrior, when installed, reads the same intervals.
    folder = a.work + "/scale"
    os.makedirs(folder + "/config", exist_ok=True)
    made = run("python3", "bench/make-store", folder + "/ten-years.db", "--timew", folder + "/timew",
               "--islet", a.islet)
    if made.returncode != 0:
        scale_rows.append(("ten-year store", "could not be made: " + made.stderr.strip(), "", "", "", ""))
        return
    sizes = re.sub(r" in \S+$", "", made.stdout.strip().split(": ", 1)[1])
    base = dict(os.environ, XDG_CONFIG_HOME=folder + "/config", XDG_STATE_HOME=folder)
    stores = {kind: dict(base, ISLET_DB=f"{folder}/{kind}.db") for kind in ("empty", "ten-years")}
    run(a.islet, "start", "--name", "Empty", env=stores["empty"])
    run(a.islet, "end", env=stores["empty"])
    has_report = run(a.islet, "report", "--help").returncode == 0
    timew = dict(base, TIMEWARRIORDB=folder + "/timew") if installed("timew") else None
    week = hyperfine("timew summary :week", timew, 30) if timew else None
    everything = hyperfine("timew summary :all", timew, 5) if timew else None
    # The last seven days, as `7d` and `1w` read them: :week starts on Monday, fewer days.
    seven = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(time.time() - 7 * 86400))
    days = hyperfine(f"timew summary {seven} - now", timew, 30) if timew else None
    def peer(result, what):
        if not timew:
            return "timew not installed (skipped)"
        return f"`timew summary {what}`: {result[0]:.1f} ms" if result else f"`timew summary {what}` failed"
    def peers(*pairs):
        return "; ".join(peer(result, what) for result, what in pairs) if timew else peer(None, "")
    cases = [
        ("toggle", 30, "", "≤ 1.2× empty"),
        ("log --since 7d", 30, peers((days, "7-days-ago - now"), (week, ":week")),
         "≤ timewarrior over the same 7 days"),
        ("log", 5, peer(everything, ":all"), "< ½ `timew summary :all`"),
        ("report --since 1w", 30, peers((days, "7-days-ago - now"), (week, ":week")),
         "≤ timewarrior over the same 7 days"),
        # timewarrior's :week is this week, Monday on: the same stretch, for a like-for-like row.
        ("log --since this-week", 30, peer(week, ":week"), "≤ `timew summary :week` (same stretch)"),
        ("report --since this-week", 30, peer(week, ":week"), "≤ `timew summary :week` (same stretch)"),
        # The whole history and a year's chart read the daily roll-up for their whole days.
        ("report --since 2016-01-01", 5, peer(everything, ":all"), "< 30 ms; < ½ `timew summary :all`"),
        ("report --since 365d", 30, peer(everything, ":all"), "< 30 ms"),
        ("status --format tmux", 30, "", "≤ 1.2× empty (unchanged)"),
    ]
    scale_rollup(stores["ten-years"], folder)
    for command, runs, baseline, budget in cases:
        if command.startswith("report") and not has_report:
            scale_rows.append((f"`islet {command}`", "not in this build (skipped)", "", "", baseline, budget))
            continue
        shown = []
        for kind in ("empty", "ten-years"):
            result = hyperfine(f"{a.islet} {command}", stores[kind], runs)
            shown.append(result)
        cells = [f"{r[0]:.1f} ms wall, {r[1]:.1f} ms user" if r else "failed" for r in shown]
        ratio = f"{shown[1][0] / shown[0][0]:.2f}×" if all(shown) else ""
        if command == "toggle":
            counted = [instructions([a.islet, "toggle"], stores[kind]) for kind in ("empty", "ten-years")]
            if all(counted):
                cells = [f"{c}; {n / 1e6:.1f} M instructions" for c, (n, _) in zip(cells, counted)]
                ratio += f" wall, {counted[1][0] / counted[0][0]:.2f}× instructions ({counted[0][1]})"
            else:
                ratio += " (instructions: neither perf nor callgrind can count here)"
        scale_rows.append((f"`islet {command}`", *cells, ratio, baseline, budget))
    scale_view(stores)
    scale_rows.append(("the ten-year store", sizes, "", "", "", ""))


def scale_rollup(env, folder):
    # The first long report on a store made without its roll-up (bench/make-store writes the
    # rows itself) builds it from the whole history: once, on a copy, three times.
    spans = []
    for _ in range(3):
        shutil.copyfile(env["ISLET_DB"], folder + "/rollup.db")
        began = time.time()
        run(a.islet, "report", "--since", "2016-01-01", env=dict(env, ISLET_DB=folder + "/rollup.db"))
        spans.append((time.time() - began) * 1000)
        os.remove(folder + "/rollup.db")
        for leftover in ("-wal", "-shm"):
            if os.path.exists(folder + "/rollup.db" + leftover):
                os.remove(folder + "/rollup.db" + leftover)
    scale_rows.append(("`islet report --since 2016-01-01`, the first: builds the roll-up", "",
                       f"median {statistics.median(spans):.0f} ms, max {max(spans):.0f} ms wall", "", "",
                       "bounded: once, about a second"))


def scale_view(stores):
    # The device view on each store: how soon its first frame is out (it reads the live set and
    # today's goal), then what it costs ticking and holds, the two side by side in one window.
    first, servers = {kind: [] for kind in stores}, {}
    for env in stores.values():
        run(a.islet, "start", "--name", "Scale view", env=env)
    # The two stores in turn, so that a busy moment of the machine falls on both alike.
    for _ in range(15):
        for kind, env in stores.items():
            began = time.time()
            # COLORFGBG says the background, so the view asks the terminal nothing: its first
            # output is its first frame.
            view = Pty(a.islet, env=dict(env, COLORFGBG="15;0"))
            while not view.reads and time.time() - began < 5:
                time.sleep(0.001)
            if view.reads:
                first[kind].append((view.reads[0] - began) * 1000)
            view.close()
    first = {kind: statistics.median(waits) if waits else None for kind, waits in first.items()}
    for kind, env in stores.items():
        servers[kind] = "scale-" + kind
        shell = " ".join(f"{k}='{env[k]}'" for k in ("ISLET_DB", "XDG_CONFIG_HOME", "XDG_STATE_HOME"))
        tmux("new-session", "-d", "-x", "100", "-y", "30", f"exec env {shell} {a.islet}", server=servers[kind])
    time.sleep(2)
    pids = [int(tmux("display", "-p", "#{pane_pid}", server=servers[kind]).stdout) for kind in stores]
    window = max(10, a.window // 3)
    costs = cpu_and_wakeups(pids, window)
    memory = [rss_mb(pid) for pid in pids]
    for kind, env in stores.items():
        tmux("kill-server", server=servers[kind])
        run(a.islet, "end", "Scale view", env=env)
    def row(what, cells, ratio, budget):
        scale_rows.append((what, *cells, ratio, "", budget))
    waits = [first["empty"], first["ten-years"]]
    row("device view, first frame (median of 15, in turn)", [f"{w:.1f} ms" if w else "none in 5 s" for w in waits],
        f"{waits[1] / waits[0]:.2f}×" if all(waits) else "", "≤ 1.2× empty (unchanged)")
    row(f"device view, a timer ticking ({window} s)", [f"{c:.3f} % of a core, {w:.2f} wakeups/s" for c, w in costs],
        f"{costs[1][0] / costs[0][0]:.2f}× CPU" if costs[0][0] > 0 else "", "≤ 1.2× empty (unchanged)")
    row("device view, resident memory", [f"{m:.1f} MB" for m in memory], f"{memory[1] / memory[0]:.2f}×",
        "≤ 1.2× empty (unchanged)")


def shell_hook():
    # A short command's cost in each shell with `islet shell-init`'s hook loaded, beside the
    # same shell without it, in the same run: `true` run 5×200 times between what the shell
    # calls around a command (bash: PS0's arming, the DEBUG trap, PROMPT_COMMAND's function;
    # zsh: preexec and precmd; fish: the fish_preexec and fish_postexec events), timed inside
    # the shell. The watcher runs as it would (started by a first command, not counted).
    n = 200
    shells = {
        # shell: (command line, the clock's reading, a command with the hook, without it)
        "bash": (["bash", "--norc", "--noprofile", "-i", "-c"], "$EPOCHREALTIME",
                 "__islet_go=1; true; __islet_precmd", "__islet_go=1; true; :"),
        "zsh": (["zsh", "-f", "-i", "-c"], "$EPOCHREALTIME",
                "__islet_preexec true true true; true; __islet_precmd", ":; true; :"),
        "fish": (["fish", "--no-config", "-i", "-c"], "(date +%s.%N)",
                 "emit fish_preexec true; true; emit fish_postexec true", "true; true; true"),
    }
    added, without = [], []
    for shell, (argv, clock, hooked, plain) in shells.items():
        if not installed(argv[0]):
            added.append(f"{shell} not installed (skipped)")
            continue
        path = f"{a.work}/hook.{shell}"
        with open(path, "w") as f:
            f.write(run(a.islet, "shell-init", shell).stdout)
        per = {}
        for name, command in (("with", hooked), ("without", plain)):
            if shell == "fish":
                loop = (f"for r in (seq 5); set s {clock}; for i in (seq {n}); {command}; end; "
                        f"set e {clock}; echo t $s $e; end")
            else:
                loop = (f"for r in 1 2 3 4 5; do s={clock}; for ((i=0;i<{n};i++)); do {command}; done; "
                        f"e={clock}; echo t $s $e; done")
            setup = {"bash": "trap '__islet_debug \"$_\"' DEBUG; ", "zsh": "zmodload zsh/datetime; ",
                     "fish": ""}[shell]
            if name == "with":
                setup = f"source {path}; " + setup + command + "; "
            elif shell == "zsh":
                setup = "zmodload zsh/datetime; "
            elif shell == "bash":
                setup = ""
            script = setup + loop + "; echo w $__islet_helper"
            out = subprocess.run(argv + [script], capture_output=True, text=True, stdin=subprocess.DEVNULL).stdout
            spans = [(float(w[2]) - float(w[1])) * 1e6 / n for w in map(str.split, out.splitlines())
                     if len(w) == 3 and w[0] == "t"]
            per[name] = statistics.median(spans) if spans else float("nan")
            for w in map(str.split, out.splitlines()):
                if len(w) == 2 and w[0] == "w" and w[1].isdigit() and int(w[1]) > 1:
                    os.kill(int(w[1]), signal.SIGKILL)
        added.append(f"{shell} +{per['with'] - per['without']:.0f} µs")
        without.append(f"{shell} {per['without']:.1f} µs")
    recorded = run(a.islet, "list", "--all", "--json").stdout.strip()
    said = "nothing recorded" if recorded == "[]" else f"RECORDED: {recorded[:80]}"
    rows.append((f"a short command with the shell hook (`shell-init`; `true`, 5×{n}): time added a command",
                 ", ".join(added) + f"; no process a command (one watcher a shell), {said}",
                 "the same shell without the hook, a command: " + ", ".join(without), "< 2 ms added"))

def loopback_sshd():
    """A real sshd on the loopback for the remote rows: its process, and the ssh wrapper that
    reaches it as the host `loopback` (the server's store and PATH set by its SetEnv)."""
    d = a.work + "/sshd"
    os.makedirs(d + "/server", exist_ok=True)
    os.makedirs("/run/sshd", exist_ok=True)
    for key in ("host", "client"):
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{d}/{key}")
    shutil.copy(f"{d}/client.pub", f"{d}/authorized_keys")
    port = random.randint(40000, 49999)
    binaries = os.path.dirname(a.islet)
    with open(f"{d}/sshd_config", "w") as f:
        f.write(f"Port {port}\nListenAddress 127.0.0.1\nHostKey {d}/host\nAuthorizedKeysFile {d}/authorized_keys\n"
                f"PidFile {d}/sshd.pid\nStrictModes no\nUsePAM no\nPasswordAuthentication no\n"
                f"SetEnv PATH={binaries}:/usr/bin:/bin ISLET_DB={d}/server/islet.db XDG_STATE_HOME={d}/server "
                f"XDG_CONFIG_HOME={d}/server TZ=UTC LANG=C.UTF-8\n")
    with open(f"{d}/ssh_config", "w") as f:
        f.write(f"Host loopback\n  HostName 127.0.0.1\n  Port {port}\n  User root\n  IdentityFile {d}/client\n"
                f"  UserKnownHostsFile {d}/known_hosts\n  StrictHostKeyChecking no\n  LogLevel ERROR\n")
    with open(f"{d}/ssh", "w") as f:
        f.write(f"#!/bin/sh\nexec /usr/bin/ssh -F '{d}/ssh_config' \"$@\"\n")
    os.chmod(f"{d}/ssh", 0o755)
    run("/usr/sbin/sshd", "-f", f"{d}/sshd_config")
    server_env = {**os.environ, "ISLET_DB": f"{d}/server/islet.db", "XDG_STATE_HOME": f"{d}/server",
                  "XDG_CONFIG_HOME": f"{d}/server", "HOME": f"{d}/server"}
    server_env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    return d, server_env


def remote():
    # A host's timer followed over a real ssh to a real sshd on the loopback: how long a change
    # made there takes to reach this machine's island (`status --follow`, as tmux and the bars
    # run it), and a deadline there to reach this machine's notification server; beside the same
    # change and deadline made here, in the same run.
    if not all(os.path.exists(p) for p in ("/usr/sbin/sshd", "/usr/bin/ssh", "/usr/bin/ssh-keygen")):
        rows.append(("remote host (openssh-server and -client missing)", "skipped", "", ""))
        return
    d, server_env = loopback_sshd()
    bus, address = session_bus()
    record = a.work + "/remote-notify.jsonl"
    server = notification_server(address, record)
    os.makedirs(a.work + "/config/islet", exist_ok=True)
    with open(a.work + "/config/islet/config", "a") as f:
        f.write("\nremote.srv = loopback\nalerts = desktop\nalert-repeat = 0\n")
    env = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": address, "ISLET_SSH": f"{d}/ssh"}
    # The island as tmux and the bars follow it: the newest running activity leads it.
    follow = subprocess.Popen([a.islet, "status", "--follow", "--format", "json"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    lines = []
    reader = threading.Thread(target=lambda: [lines.append((time.time() * 1000, l)) for l in follow.stdout],
                              daemon=True)
    reader.start()
    warm = run(a.islet, "start", "--name", "Warm", env=server_env).stdout.strip()
    limit = time.time() + 20
    while time.time() < limit and "1 live" not in run(a.islet, "remote", env=env).stdout:
        time.sleep(0.05)
    run(a.islet, "end", warm, env=server_env)

    def reached(name, since):
        limit = time.time() + 10
        while time.time() < limit:
            for at, line in list(lines):
                if f'"name":"{name}' in line:
                    return at - iso_ms(json.loads(line)["startedAt"])
            time.sleep(0.002)
        return None

    there, here = [], []
    for k in range(5):
        run(a.islet, "start", "10m", "--name", f"There {k}", env=server_env)
        there.append(reached(f"There {k}", 0))
        run(a.islet, "start", "10m", "--name", f"Here {k}", env=env)
        here.append(reached(f"Here {k}", 0))
    def alerted(name, start_env):
        out = run(a.islet, "start", "2s", "--name", name, env=start_env).stdout.strip()
        deadline = iso_ms(json.loads(run(a.islet, "status", out, "--format", "json", env=start_env).stdout)["deadline"])
        limit = time.time() + 15
        while time.time() < limit:
            calls = [json.loads(l) for l in open(record)] if os.path.exists(record) else []
            sent = [c for c in calls if c.get("call") == "Notify" and name in c.get("summary", "")]
            if sent:
                return sent[0]["received_ms"] - deadline
            time.sleep(0.002)
        return None

    notified = [alerted(f"Due {k}", server_env) for k in range(5)]
    local = [alerted(f"Local {k}", env) for k in range(5)]
    follow.terminate()
    for line in run("pgrep", "-f", "__remote --db " + os.environ["ISLET_DB"]).stdout.split():
        os.kill(int(line), signal.SIGTERM)
    with open(f"{d}/sshd.pid") as f:
        os.kill(int(f.read().strip()), signal.SIGTERM)
    server.terminate()
    bus.terminate()

    rows.append(("a change on a host (over ssh on the loopback) until this machine's island shows it (5)",
                 spread(there), "the same change made here: " + spread(here), "≤ 100 ms"))
    rows.append(("a host's countdown deadline until its alert reaches this machine's notification server (5)",
                 spread(notified), "a deadline here: " + spread(local), "≤ 200 ms"))


scale_rows = []
deadline_latency = "not measured"
# BENCH_ONLY=plan_transitions,plan_drift bench/run measures only those.
only = [name for name in os.environ.get("BENCH_ONLY", "").split(",") if name]
for measure in (status_line, device_view, punctuality_and_intents, deadline_hook, deadline_alerts, watcher_mpris,
                plan_transitions, drift, plan_drift, status_follow, tmux_status, shell_hook, remote, scale):
    if not only or measure.__name__ in only:
        measure()
rows.append(("binary size", f"{os.path.getsize(a.islet) / 1048576:.1f} MB", "", ""))
print("| what | Islet | baseline in the same run | budget |")
print("|---|---|---|---|")
for r in rows:
    print("| " + " | ".join(r) + " |")
if scale_rows:
    print()
    print("| scale (BENCH_ONLY=scale) | empty store | ten-year store | ten years ÷ empty | timewarrior, same data | budget |")
    print("|---|---|---|---|---|---|")
    for r in scale_rows:
        print("| " + " | ".join(r) + " |")
