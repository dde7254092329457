#include "CEarlyPicture.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xrender.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

// GLX may choose a DirectColor visual; SDL gives its window a colour map that is a straight ramp.
static int is_rgb24(const Visual *visual, int depth) {
    return (depth == 24 || depth == 32) && (visual->class == TrueColor || visual->class == DirectColor) && visual->red_mask == 0xff0000 &&
           visual->green_mask == 0xff00 && visual->blue_mask == 0xff;
}

static int paint(Display *display, Window target, int window_width, int window_height,
                 const uint8_t *bgra, int width, int height, int stride,
                 double x, double y, double w, double h, uint8_t r, uint8_t g, uint8_t b);

struct sdlphoto_early_canvas {
    Display *sdl_display;  // the main thread's, SDL's
    Display *own_display;  // other threads', opened on their first picture
    char *display_name;
    Window window;
    int refused;
};

// Xlib's error handler is the process's, shared with SDL's connection (and SDL swaps in its own
// while it makes a GL context). Installed once, from the main thread, before any painting: an
// error on a canvas's connection only means no early picture; any other goes where it went.
static int (*chained)(Display *, XErrorEvent *);
static sdlphoto_early_canvas *_Atomic painting;
static Display *_Atomic painting_on;

static int note_refusal(Display *display, XErrorEvent *event) {
    sdlphoto_early_canvas *canvas = painting;
    if (canvas && painting_on == display) {
        canvas->refused = 1;
        return 0;
    }
    return chained ? chained(display, event) : 0;
}

sdlphoto_early_canvas *sdlphoto_early_canvas_open(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return NULL;
    static int installed;
    if (!installed) {
        chained = XSetErrorHandler(note_refusal);
        installed = 1;
    }
    sdlphoto_early_canvas *canvas = calloc(1, sizeof *canvas);
    if (!canvas) return NULL;
    canvas->display_name = strdup(DisplayString(info.info.x11.display));
    if (!canvas->display_name) {
        free(canvas);
        return NULL;
    }
    canvas->sdl_display = info.info.x11.display;
    canvas->window = info.info.x11.window;
    return canvas;
}

void sdlphoto_early_canvas_connect(sdlphoto_early_canvas *canvas) {
    if (canvas && !canvas->own_display) canvas->own_display = XOpenDisplay(canvas->display_name);
}

void sdlphoto_early_canvas_close(sdlphoto_early_canvas *canvas) {
    if (!canvas) return;
    if (canvas->own_display) XCloseDisplay(canvas->own_display);
    free(canvas->display_name);
    free(canvas);
}

/// The first and one past the last pixel whose centre lies in [start, start + length), within [0, limit).
static void covered(double start, double length, int limit, int *first, int *end) {
    *first = (int)ceil(start - 0.5);
    *end = (int)ceil(start + length - 0.5);
    if (*first < 0) *first = 0;
    if (*end > limit) *end = limit;
}

int sdlphoto_early_canvas_paint(sdlphoto_early_canvas *canvas, int on_main_thread, int window_width, int window_height,
                                const uint8_t *bgra, int width, int height, int stride,
                                double x, double y, double w, double h, uint8_t r, uint8_t g, uint8_t b) {
    if (!canvas || width <= 0 || height <= 0 || width > 32767 || height > 32767 || w <= 0 || h <= 0) return 0;
    if (!on_main_thread) sdlphoto_early_canvas_connect(canvas);
    Display *display = on_main_thread ? canvas->sdl_display : canvas->own_display;
    if (!display) return 0;
    canvas->refused = 0;
    painting_on = display;
    painting = canvas;
    int painted = paint(display, canvas->window, window_width, window_height, bgra, width, height, stride, x, y, w, h, r, g, b);
    painting = NULL;
    painting_on = NULL;
    return painted && !canvas->refused;
}

static int paint(Display *display, Window target, int window_width, int window_height,
                 const uint8_t *bgra, int width, int height, int stride,
                 double x, double y, double w, double h, uint8_t r, uint8_t g, uint8_t b) {
    int event_base, error_base;
    if (!XRenderQueryExtension(display, &event_base, &error_base)) return 0;
    XWindowAttributes attributes;
    // The server's word on the size: a window manager may have changed what SDL asked for.
    if (!XGetWindowAttributes(display, target, &attributes) || !is_rgb24(attributes.visual, attributes.depth) ||
        attributes.width != window_width || attributes.height != window_height) return 0;
    XRenderPictFormat *window_format = XRenderFindVisualFormat(display, attributes.visual);
    XRenderPictFormat *picture_format = XRenderFindStandardFormat(display, PictStandardRGB24);
    if (!window_format || !picture_format) return 0;
    int left, right, top, bottom;
    covered(x, w, window_width, &left, &right);
    covered(y, h, window_height, &top, &bottom);
    if (right < left) right = left;
    if (bottom < top) bottom = top;

    // 32 bits a pixel, least significant byte first: B, G, R, X in memory, as the pixels are.
    XImage *image = XCreateImage(display, attributes.visual, 24, ZPixmap, 0, (char *)bgra, width, height, 32, stride);
    if (!image) return 0;
    image->byte_order = LSBFirst;

    Pixmap pixmap = XCreatePixmap(display, target, width, height, 24);
    GC gc = XCreateGC(display, pixmap, 0, NULL);
    XPutImage(display, pixmap, gc, image, 0, 0, 0, 0, width, height);
    XFreeGC(display, gc);
    image->data = NULL;  // the caller's pixels, not Xlib's to free
    XDestroyImage(image);

    XRenderPictureAttributes pad = {.repeat = RepeatPad};
    Picture source = XRenderCreatePicture(display, pixmap, picture_format, CPRepeat, &pad);
    // Window pixel (px + 0.5) samples the picture at (px + 0.5 - x) * width / w: GL's texel
    // centres. The composite starts at (left, top), so the translation carries the rest.
    double sx = width / w, sy = height / h;
    XTransform scale = {{{XDoubleToFixed(sx), 0, XDoubleToFixed((left - x) * sx)},
                         {0, XDoubleToFixed(sy), XDoubleToFixed((top - y) * sy)},
                         {0, 0, XDoubleToFixed(1)}}};
    XRenderSetPictureTransform(display, source, &scale);
    XRenderSetPictureFilter(display, source, FilterBilinear, NULL, 0);
    Picture destination = XRenderCreatePicture(display, target, window_format, 0, NULL);
    XRenderColor background = {.red = r * 257, .green = g * 257, .blue = b * 257, .alpha = 0xffff};
    // The bars around the picture; the picture covers the rest.
    XRectangle bars[4] = {
        {0, 0, window_width, top},
        {0, bottom, window_width, window_height - bottom},
        {0, top, left, bottom - top},
        {right, top, window_width - right, bottom - top},
    };
    XRenderFillRectangles(display, PictOpSrc, destination, &background, bars, 4);
    if (right > left && bottom > top)
        XRenderComposite(display, PictOpSrc, source, None, destination, 0, 0, 0, 0, left, top, right - left, bottom - top);
    XRenderFreePicture(display, destination);
    XRenderFreePicture(display, source);
    XFreePixmap(display, pixmap);
    // Processed by the server when this returns (with no compositor, on screen), or refused.
    XSync(display, False);
    return 1;
}
