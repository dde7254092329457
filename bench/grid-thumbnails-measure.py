#!/usr/bin/env python3
"""One timed run for bench/grid-thumbnails; prints one JSON line.

measure.py TOOL MODE CORPUS CACHE N TIMEOUT [SDLPHOTO]
TOOL: sdlphoto | nsxiv | nsxiv-all | feh.  MODE: cold | warm (only a label: the caller empties
CACHE or not). DISPLAY must be set. Time zero is time.monotonic() just before the process is
started (the same CLOCK_MONOTONIC sdlphoto's --events file uses). Peak RSS is VmHWM from
/proc/PID/status, read every poll and just before SIGTERM (the kernel's own high-water mark).

"Done" per tool:
  sdlphoto   the `thumbs_done N` line of its --events file.
  feh        its window exists and the process has used no CPU for IDLE s; done = the last moment
             its CPU time advanced. feh 3.9 maps its window at once and then makes every
             thumbnail (all N, visible or not) in one pass before it goes idle.
  nsxiv      the same idle rule. nsxiv 31 makes the visible cells' thumbnails first and then every
             other one while idle, so idle = all N cached (the "cached" field checks it).
  nsxiv-all  a cross-check of the above: like a user paging down as soon as each screen is populated: whenever nsxiv goes
             idle, xdotool sends Ctrl+Button5 (one page down) to its window, until the cache holds
             N thumbnails (cold) / until a page-down at the end changes nothing (warm).
"""
import json, os, signal, subprocess, sys, time

tool, mode, corpus, cache, n, timeout = sys.argv[1:7]
n, timeout = int(n), float(timeout)
sdlphoto = sys.argv[7] if len(sys.argv) > 7 else ".build/release/sdlphoto"
IDLE = 0.5          # nsxiv: no CPU for this long = the screen is populated
IDLE_PAGE = 0.2     # nsxiv-all: between page-downs (the idle gaps are subtracted from its time)
POLL = 0.01
TICK = os.sysconf("SC_CLK_TCK")

env = dict(os.environ, XDG_CACHE_HOME=cache, HOME=os.path.join(cache, "home"))
os.makedirs(env["HOME"], exist_ok=True)
events = os.path.join(cache, "events.txt")
if tool == "sdlphoto":
    # Every photo, like nsxiv 31 (it thumbnails the whole folder while idle): by default sdlphoto
    # makes only the screen and 4 screenfuls ahead.
    cmd = [sdlphoto, "--size", "1280x800", "--thumbnails-ahead", "1000000", "--events", events, corpus]
    env["SDL_VIDEODRIVER"] = "x11"
elif tool.startswith("nsxiv"):
    cmd = ["nsxiv", "-t", "-g", "1280x800", "-q", corpus]
elif tool == "feh":
    # 256 px cells like sdlphoto's (freedesktop "large"); --cache-thumbnails both times so the cold
    # run fills the cache that the warm run reads. -W 1280: the montage as wide as the others' window.
    cmd = ["feh", "--thumbnails", "--cache-thumbnails", "-y", "256", "-E", "256", "-W", "1280", "-q", corpus]
else:
    sys.exit("unknown tool " + tool)

def status_kib(pid, field):
    """A field of /proc/PID/status in KiB: VmHWM, the kernel's own peak resident size, or
    RssAnon, the process's own memory without the shared libraries' code pages (which the
    kernel can drop and reread; Mesa llvmpipe's LLVM alone is 57 MiB of them)."""
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0

def cpu(pid):
    try:
        f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return int(f[11]) + int(f[12])
    except (OSError, IndexError):
        return None

def window(pid):
    r = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True, text=True)
    if r.stdout.split():
        return r.stdout.split()[0]
    name = "feh" if tool == "feh" else "nsxiv"
    r = subprocess.run(["xdotool", "search", "--onlyvisible", "--classname", name], capture_output=True, text=True)
    return r.stdout.split()[0] if r.stdout.split() else None

def cached():
    total = 0
    for root, _, files in os.walk(cache):
        total += sum(1 for f in files if f.endswith((".png", ".jpg", ".jpeg")) and "home" not in root[len(cache):])
    return total

if os.path.exists(events):
    os.remove(events)
t0 = time.monotonic()
proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
peak, peak_anon, done, note, win, searched = 0, 0, None, "", None, 0.0
last_cpu, last_cpu_t, pages, idle_gaps = None, t0, 0, 0.0
while True:
    now = time.monotonic()
    peak = max(peak, status_kib(proc.pid, "VmHWM"))
    peak_anon = max(peak_anon, status_kib(proc.pid, "RssAnon"))
    if proc.poll() is not None:
        note = f"exited {proc.returncode}: " + proc.stderr.read().decode(errors="replace")[-300:]
        break
    if now - t0 > timeout:
        note = f"timeout after {timeout:.0f} s"
        break
    c = cpu(proc.pid)
    if c != last_cpu:
        last_cpu, last_cpu_t = c, now
    if tool == "sdlphoto":
        try:
            for line in open(events):
                p = line.split()
                if len(p) >= 2 and p[1] == "thumbs_done":
                    done = float(p[0]) - t0
                    note = "thumbs_done " + " ".join(p[2:])
        except OSError:
            pass
        if done is not None:
            break
    elif win is None:
        if now - searched >= 0.05:      # xdotool at most every 50 ms
            win, searched = window(proc.pid), now
    elif win is not None and now - last_cpu_t >= (IDLE_PAGE if tool == "nsxiv-all" else IDLE):
        if tool != "nsxiv-all":
            done = last_cpu_t - t0
            break
        # nsxiv-all: the screen is populated; page down, unless every thumbnail is there.
        k = cached()
        if k >= n or pages > n // 4 + 2:
            done = last_cpu_t - t0 - idle_gaps
            note = f"{k} cached, {pages} page-downs, {idle_gaps:.2f} s idle between them subtracted"
            break
        subprocess.run(["xdotool", "keydown", "--window", win, "ctrl", "click", "--window", win, "5",
                        "keyup", "--window", win, "ctrl"], capture_output=True)
        pages += 1
        idle_gaps += time.monotonic() - last_cpu_t
        last_cpu_t = time.monotonic()
    time.sleep(POLL)
peak = max(peak, status_kib(proc.pid, "VmHWM"))
peak_anon = max(peak_anon, status_kib(proc.pid, "RssAnon"))
if proc.poll() is None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill(); proc.wait()
print(json.dumps({"tool": tool, "mode": mode, "n": n, "s": done, "rss_mib": peak / 1024, "anon_mib": peak_anon / 1024,
                  "cached": cached(), "note": note.strip()}))
