"""Measures Islet for bench/run and prints one table (markdown)."""
import argparse, glob, json, os, random, re, subprocess, time

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
    run("hyperfine", "-N", "--warmup", "50", "--runs", "300", "--export-json", a.work + "/h.json",
        a.floor, f"{a.islet} status --format tmux")
    out = json.load(open(a.work + "/h.json"))
    floor, islet = (r["median"] * 1000 for r in out["results"])
    rows.append(("`status --format tmux`, median wall", f"{islet:.2f} ms", f"C reading one row: {floor:.2f} ms",
                 f"{islet / floor:.2f}× (≤ 2×)"))
    run(a.islet, "end")


def tmux(*args):
    return run("tmux", "-L", a.socket, "-f", "/dev/null", *args)


def view_pid():
    shell = tmux("display", "-p", "#{pane_pid}").stdout.strip()
    return int(shell)


def cpu_and_wakeups(pid, seconds):
    def sample():
        ns = sum(int(open(f).read().split()[0]) for f in glob.glob(f"/proc/{pid}/task/*/schedstat"))
        ctx = 0
        for f in glob.glob(f"/proc/{pid}/task/*/status"):
            m = re.search(r"^voluntary_ctxt_switches:\s+(\d+)", open(f).read(), re.M)
            ctx += int(m.group(1)) if m else 0
        return ns, ctx
    ns0, c0 = sample()
    time.sleep(seconds)
    ns1, c1 = sample()
    return (ns1 - ns0) / (seconds * 1e9) * 100, (c1 - c0) / seconds


def peer(command):
    """CPU and wakeups of a peer program run the same way, or None when it is not installed."""
    if run("sh", "-c", f"command -v {command.split()[0]}").returncode != 0:
        return None
    tmux("new-session", "-d", "-x", "100", "-y", "30", f"exec {command}")
    time.sleep(1.5)
    result = cpu_and_wakeups(view_pid(), a.window)
    tmux("kill-server")
    return result


def device_view():
    clock = peer("tty-clock -s -c")
    baseline = f"tty-clock: {clock[0]:.3f} %, {clock[1]:.2f} wakeups/s" if clock else "tty-clock not installed (skipped)"
    run(a.islet, "start", "--name", "Focus")
    tmux("new-session", "-d", "-x", "100", "-y", "30", f"exec {a.islet}")
    time.sleep(1.5)
    pid = view_pid()
    cpu, wakes = cpu_and_wakeups(pid, a.window)
    rows.append((f"device view, a timer ticking ({a.window} s)", f"{cpu:.3f} % of a core, {wakes:.2f} wakeups/s",
                 baseline, "≤ tty-clock; ≤ 1.05 wakeups/s"))
    run(a.islet, "pause")
    time.sleep(1)
    cpu, wakes = cpu_and_wakeups(pid, a.window)
    rows.append((f"device view, all paused ({a.window} s)", f"{cpu:.3f} % of a core, {wakes:.2f} wakeups/s", "",
                 "~0 wakeups/s (one a minute for the clock)"))
    rss = re.search(r"VmRSS:\s+(\d+) kB", open(f"/proc/{pid}/status").read()).group(1)
    rows.append(("device view, resident memory", f"{int(rss) / 1024:.1f} MB", "", "≤ 12 MB"))
    tmux("kill-server")
    run(a.islet, "end")


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


status_line()
device_view()
drift()
rows.append(("binary size", f"{os.path.getsize(a.islet) / 1048576:.1f} MB", "", ""))
print("| what | Islet | baseline in the same run | budget |")
print("|---|---|---|---|")
for r in rows:
    print("| " + " | ".join(r) + " |")
