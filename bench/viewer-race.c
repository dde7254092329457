// Times an image viewer by reading the X screen, not by asking the viewer.
//
//   viewer-race launch TIMEOUT_MS -- CMD ARG...
//       starts CMD and watches a 64x64 patch at the screen's centre until it has been still for
//       a second after changing (or TIMEOUT_MS). Prints one JSON line:
//       visible_ms: launch until the patch's centre 8x8 mean is within 12/255 of its final
//                   mean and stays there (the photo's centre is on screen, maybe as a preview);
//       sharp_ms:   launch until the whole patch is within a mean 4/255 of its final pixels and
//                   stays there (the final picture, or a preview close to it);
//       final_ms:   launch until the patch is exactly its final pixels and stays so (the final
//                   picture, after any fade into it);
//       peak_rss_kib, peak_anon_kib: the viewer's VmHWM, and the largest RssAnon seen.
//   viewer-race step COUNT KEYSYM -- CMD ARG...
//       starts CMD, waits for its first picture, then presses KEYSYM COUNT-1 times, each after
//       the previous picture has been still for STILL_MS (env, default 700). One JSON line per
//       step (visible_ms and sharp_ms from the key press) and a summary line with the peaks.
//   viewer-race shot FILE.ppm
//       writes the whole screen, to look at what a viewer showed.
//   PATCH=X,Y,W,H (env) watches that rectangle instead of the centre's 64x64: 64x64 points spread
//   evenly over it (a grid's first screen of cells, say); sharp_ms is then "every point within a
//   mean 4/255 of its final colour". launch also prints sharp_cpu_ms, the viewer's CPU time
//   (user + system) when the picture became sharp; with SHOT=FILE.ppm (env) it writes the screen
//   as it settled, before the viewer is stopped.
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { P = 64, C = 8, MAX_SAMPLES = 20000 };

typedef struct { double t, cpu; unsigned char px[P * P * 3]; } Sample;

static Display *dpy;
static Window root;
static int px0, py0, pw = P, ph = P;
static pid_t child;
static long peak_anon;
static Sample *samples;
static int nsamples;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void grab(unsigned char *out) {
    XImage *im = XGetImage(dpy, root, px0, py0, pw, ph, AllPlanes, ZPixmap);
    if (!im) { memset(out, 0, P * P * 3); return; }
    for (int y = 0; y < P; y++)
        for (int x = 0; x < P; x++) {
            unsigned long v = XGetPixel(im, x * pw / P + pw / (2 * P), y * ph / P + ph / (2 * P));
            unsigned char *o = out + (y * P + x) * 3;
            o[0] = (v >> 16) & 255; o[1] = (v >> 8) & 255; o[2] = v & 255;
        }
    XDestroyImage(im);
}

static void centre_mean(const unsigned char *px, double m[3]) {
    m[0] = m[1] = m[2] = 0;
    for (int y = P / 2 - C / 2; y < P / 2 + C / 2; y++)
        for (int x = P / 2 - C / 2; x < P / 2 + C / 2; x++)
            for (int c = 0; c < 3; c++) m[c] += px[(y * P + x) * 3 + c];
    for (int c = 0; c < 3; c++) m[c] /= C * C;
}

static int centre_close(const unsigned char *a, const unsigned char *b) {
    double ma[3], mb[3];
    centre_mean(a, ma);
    centre_mean(b, mb);
    for (int c = 0; c < 3; c++) if (ma[c] - mb[c] > 12 || mb[c] - ma[c] > 12) return 0;
    return 1;
}

static int patch_close(const unsigned char *a, const unsigned char *b) {
    long sum = 0;
    for (int i = 0; i < P * P * 3; i++) sum += abs((int)a[i] - (int)b[i]);
    return sum <= 4L * P * P * 3;
}

static void sample_memory(void) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", child);
    FILE *f = fopen(path, "r");
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        long v;
        if (sscanf(line, "RssAnon: %ld", &v) == 1 && v > peak_anon) peak_anon = v;
    }
    fclose(f);
}

static long peak_rss(void) {
    char path[64], line[256];
    long v = -1;
    snprintf(path, sizeof path, "/proc/%d/status", child);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) if (sscanf(line, "VmHWM: %ld", &v) == 1) break;
    fclose(f);
    return v;
}

static double cpu_ms(void) {
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", child);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    unsigned long ut, st;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2) return -1;
    return (ut + st) * 1000.0 / sysconf(_SC_CLK_TCK);
}

static int child_gone(void) {
    int status;
    return waitpid(child, &status, WNOHANG) == child;
}

// Samples the patch from `start` until it has changed from `before` and then been still for
// `still_ms`, or until `timeout_ms`. Returns the index of the first sample of this watch.
static int watch(double start, const unsigned char *before, double still_ms, double timeout_ms) {
    int first = nsamples, changed = 0;
    double last_change = start;
    for (int polls = 0;; polls++) {
        if (nsamples >= MAX_SAMPLES) nsamples = first;  // a runaway watch keeps its newest samples
        Sample *s = &samples[nsamples];
        grab(s->px);
        s->t = now_ms();
        s->cpu = cpu_ms();
        const unsigned char *prev = nsamples > first ? samples[nsamples - 1].px : before;
        if (memcmp(s->px, prev, sizeof s->px) != 0) { last_change = s->t; }
        if (memcmp(s->px, before, sizeof s->px) != 0) changed = 1;
        nsamples++;
        if (polls % 10 == 0) sample_memory();
        if (changed && s->t - last_change >= still_ms) break;
        if (s->t - start >= timeout_ms || child_gone()) break;
        usleep(1000);
    }
    return first;
}

// From sample `first` on: when the picture first came within reach of the final one and stayed.
static double sharp_cpu;

static void settle_times(int first, double start, double *visible, double *sharp, double *exact) {
    const unsigned char *final = samples[nsamples - 1].px;
    *visible = *sharp = *exact = -1;
    for (int i = nsamples - 1; i >= first; i--) {
        if (memcmp(samples[i].px, final, sizeof samples[i].px) == 0) *exact = samples[i].t - start; else break;
    }
    for (int i = nsamples - 1; i >= first; i--) {
        if (centre_close(samples[i].px, final)) *visible = samples[i].t - start; else break;
    }
    for (int i = nsamples - 1; i >= first; i--) {
        if (patch_close(samples[i].px, final)) { *sharp = samples[i].t - start; sharp_cpu = samples[i].cpu; } else break;
    }
}

static int shot(const char *path);

static void launch(char **argv) {
    child = fork();
    if (child == 0) {
        execvp(argv[0], argv);
        fprintf(stderr, "viewer-race: cannot run %s\n", argv[0]);
        _exit(127);
    }
}

static void finish(void) {
    if (!child_gone()) {
        kill(child, SIGTERM);
        for (int i = 0; i < 200 && !child_gone(); i++) usleep(10000);
        if (!child_gone()) { kill(child, SIGKILL); waitpid(child, NULL, 0); }
    }
}

static int shot(const char *path) {
    int w = DisplayWidth(dpy, DefaultScreen(dpy)), h = DisplayHeight(dpy, DefaultScreen(dpy));
    XImage *im = XGetImage(dpy, root, 0, 0, w, h, AllPlanes, ZPixmap);
    FILE *f = fopen(path, "wb");
    if (!im || !f) { fprintf(stderr, "viewer-race: cannot write %s\n", path); return 1; }
    fprintf(f, "P6\n%d %d\n255\n", w, h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned long v = XGetPixel(im, x, y);
            unsigned char rgb[3] = {(v >> 16) & 255, (v >> 8) & 255, v & 255};
            fwrite(rgb, 1, 3, f);
        }
    fclose(f);
    XDestroyImage(im);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "shot") == 0) {
        dpy = XOpenDisplay(NULL);
        if (!dpy) { fprintf(stderr, "viewer-race: cannot open the X display\n"); return 1; }
        root = DefaultRootWindow(dpy);
        return shot(argv[2]);
    }
    if (argc < 5) { fprintf(stderr, "usage: viewer-race launch TIMEOUT_MS -- CMD... | step COUNT KEYSYM -- CMD...\n"); return 2; }
    int is_step = strcmp(argv[1], "step") == 0;
    int cmd = is_step ? 5 : 4;
    if (argc <= cmd || strcmp(argv[cmd - 1], "--") != 0) { fprintf(stderr, "viewer-race: missing -- CMD\n"); return 2; }
    dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "viewer-race: cannot open the X display\n"); return 1; }
    root = DefaultRootWindow(dpy);
    px0 = DisplayWidth(dpy, DefaultScreen(dpy)) / 2 - P / 2;
    py0 = DisplayHeight(dpy, DefaultScreen(dpy)) / 2 - P / 2;
    if (getenv("PATCH") && sscanf(getenv("PATCH"), "%d,%d,%d,%d", &px0, &py0, &pw, &ph) != 4) {
        fprintf(stderr, "viewer-race: PATCH is X,Y,W,H\n");
        return 2;
    }
    samples = malloc(sizeof(Sample) * MAX_SAMPLES);
    double still = getenv("STILL_MS") ? atof(getenv("STILL_MS")) : 700;
    unsigned char before[P * P * 3];
    grab(before);
    double start = now_ms();
    launch(argv + cmd);
    int first = watch(start, before, is_step ? still : 1000, is_step ? 30000 : atof(argv[2]));
    double visible, sharp, exact;
    settle_times(first, start, &visible, &sharp, &exact);
    if (!is_step) {
        printf("{\"visible_ms\": %.1f, \"sharp_ms\": %.1f, \"final_ms\": %.1f, \"sharp_cpu_ms\": %.0f, \"peak_rss_kib\": %ld, \"peak_anon_kib\": %ld}\n",
               visible, sharp, exact, sharp_cpu, peak_rss(), peak_anon);
        if (getenv("SHOT") && *getenv("SHOT")) shot(getenv("SHOT"));
        finish();
        return visible < 0 ? 1 : 0;
    }
    printf("{\"step\": 0, \"visible_ms\": %.1f, \"sharp_ms\": %.1f, \"final_ms\": %.1f}\n", visible, sharp, exact);
    int count = atoi(argv[2]);
    KeyCode key = XKeysymToKeycode(dpy, XStringToKeysym(argv[3]));
    int failed = 0;
    for (int i = 1; i < count && !child_gone(); i++) {
        unsigned char shown[P * P * 3];
        memcpy(shown, samples[nsamples - 1].px, sizeof shown);
        nsamples = 0;
        double pressed = now_ms();
        XTestFakeKeyEvent(dpy, key, True, 0);
        XTestFakeKeyEvent(dpy, key, False, 0);
        XFlush(dpy);
        first = watch(pressed, shown, still, 5000);
        settle_times(first, pressed, &visible, &sharp, &exact);
        if (memcmp(samples[nsamples - 1].px, shown, sizeof shown) == 0) failed++;
        printf("{\"step\": %d, \"visible_ms\": %.1f, \"sharp_ms\": %.1f, \"final_ms\": %.1f}\n", i, visible, sharp, exact);
        fflush(stdout);
    }
    printf("{\"steps\": %d, \"unchanged\": %d, \"peak_rss_kib\": %ld, \"peak_anon_kib\": %ld}\n", count - 1, failed, peak_rss(), peak_anon);
    finish();
    return 0;
}
