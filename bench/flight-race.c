// Times a tap's flight out of the grid by reading the X screen, not by asking the program.
//
//   flight-race TAPS CELL_W CELL_H COLUMNS -- CMD ARG...
//       starts CMD (a grid filling the screen), waits until the screen has been still for 1.5 s,
//       then TAPS times: clicks (XTest) the centre of a cell of the first two rows (cells of
//       CELL_W x CELL_H points, COLUMNS to a row), notes the button's release, and reads a band
//       of the screen (4 rows across its width at 60 % of its height, under the grid's mask)
//       as fast as X gives it for 800 ms; then Escape, and waits for the grid to be still again.
//       One JSON line per tap:
//         first_ms:  release until the band first differs from the still grid: the first frame
//                    of the flight on screen;
//         frames:    distinct pictures of the band from then until it is still for 150 ms (the
//                    flight's frames on screen, the last being the page);
//         span_ms:   first change until the last one;
//         released_at_ms: the release, CLOCK_MONOTONIC (to line up with the program's --events).
//       and a summary line with the medians and the worst first_ms.
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { ROWS = 4, MAX_W = 8192 };

static Display *dpy;
static Window root;
static int sw, sh, band_y;
static size_t band_bytes;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// The band, every other pixel of its rows, as RGB.
static void grab(unsigned char *out) {
    XImage *im = XGetImage(dpy, root, 0, band_y, sw, ROWS, AllPlanes, ZPixmap);
    if (!im) { memset(out, 0, band_bytes); return; }
    size_t k = 0;
    for (int y = 0; y < ROWS; y++)
        for (int x = 0; x < sw; x += 2) {
            unsigned long v = XGetPixel(im, x, y);
            out[k++] = (v >> 16) & 255; out[k++] = (v >> 8) & 255; out[k++] = v & 255;
        }
    XDestroyImage(im);
}

static int differs(const unsigned char *a, const unsigned char *b) {
    // A pixel that moved by more than 2/255 in any channel: a new picture, not noise.
    for (size_t i = 0; i < band_bytes; i++) if (abs((int)a[i] - (int)b[i]) > 2) return 1;
    return 0;
}

// Until the band has not changed for still_ms (or timeout_ms): 1 when still.
static int wait_still(double still_ms, double timeout_ms, unsigned char *last, unsigned char *cur) {
    double start = now_ms(), since = start;
    grab(last);
    while (now_ms() - start < timeout_ms) {
        usleep(5000);
        grab(cur);
        if (differs(cur, last)) { memcpy(last, cur, band_bytes); since = now_ms(); }
        else if (now_ms() - since >= still_ms) return 1;
    }
    return 0;
}

static int cmp(const void *a, const void *b) { double d = *(double *)a - *(double *)b; return (d > 0) - (d < 0); }

int main(int argc, char **argv) {
    if (argc < 7 || strcmp(argv[5], "--") != 0) {
        fprintf(stderr, "usage: flight-race TAPS CELL_W CELL_H COLUMNS -- CMD ARG...\n");
        return 2;
    }
    int taps = atoi(argv[1]), cw = atoi(argv[2]), ch = atoi(argv[3]), cols = atoi(argv[4]);
    dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "flight-race: no X display\n"); return 1; }
    root = DefaultRootWindow(dpy);
    sw = DisplayWidth(dpy, DefaultScreen(dpy)); sh = DisplayHeight(dpy, DefaultScreen(dpy));
    if (sw > MAX_W) sw = MAX_W;
    band_y = sh * 6 / 10;
    band_bytes = (size_t)ROWS * ((sw + 1) / 2) * 3;
    unsigned char *still = malloc(band_bytes), *cur = malloc(band_bytes), *last = malloc(band_bytes);

    pid_t child = fork();
    if (child == 0) { execvp(argv[6], argv + 6); _exit(127); }
    if (!wait_still(1500, 30000, last, cur)) { fprintf(stderr, "flight-race: the grid never came to rest\n"); kill(child, SIGTERM); return 1; }

    double *firsts = calloc(taps, sizeof(double)), *frames = calloc(taps, sizeof(double));
    KeyCode escape = XKeysymToKeycode(dpy, XK_Escape);
    for (int t = 0; t < taps; t++) {
        int cell = t % (2 * cols);
        int x = (cell % cols) * cw + cw / 2, y = (cell / cols) * ch + ch / 2;
        grab(still);
        XTestFakeMotionEvent(dpy, -1, x, y, 0);
        XTestFakeButtonEvent(dpy, 1, True, 0);
        XSync(dpy, False);
        usleep(40000);
        XTestFakeButtonEvent(dpy, 1, False, 0);
        XSync(dpy, False);
        double up = now_ms(), first = -1, lastChange = -1;
        int count = 0;
        memcpy(last, still, band_bytes);
        while (now_ms() - up < 800) {
            grab(cur);
            double at = now_ms();
            if (differs(cur, last)) {
                if (first < 0) first = at - up;
                lastChange = at - up;
                count++;
                memcpy(last, cur, band_bytes);
            } else if (first >= 0 && at - up - lastChange > 150) {
                break;
            }
        }
        firsts[t] = first; frames[t] = count;
        printf("{\"tap\": %d, \"cell\": %d, \"first_ms\": %.1f, \"frames\": %d, \"span_ms\": %.1f, \"released_at_ms\": %.3f}\n", t, cell, first,
               count, first >= 0 ? lastChange - first : -1.0, up);
        fflush(stdout);
        usleep(300000);
        XTestFakeKeyEvent(dpy, escape, True, 0);
        XTestFakeKeyEvent(dpy, escape, False, 0);
        XSync(dpy, False);
        wait_still(700, 5000, last, cur);
    }
    double worst = 0;
    for (int t = 0; t < taps; t++) if (firsts[t] > worst || firsts[t] < 0) worst = firsts[t] < 0 ? 1e9 : firsts[t];
    qsort(firsts, taps, sizeof(double), cmp);
    qsort(frames, taps, sizeof(double), cmp);
    printf("{\"summary\": true, \"taps\": %d, \"first_ms_median\": %.1f, \"first_ms_worst\": %.1f, \"frames_median\": %.0f, \"frames_min\": %.0f}\n",
           taps, firsts[taps / 2], worst, frames[taps / 2], frames[0]);
    kill(child, SIGTERM);
    waitpid(child, NULL, 0);
    return 0;
}
