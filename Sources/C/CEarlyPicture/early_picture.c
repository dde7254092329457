#include "CEarlyPicture.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xrender.h>
#include <math.h>

// GLX may choose a DirectColor visual; SDL gives its window a colour map that is a straight ramp.
static int is_rgb24(const Visual *visual, int depth) {
    return (depth == 24 || depth == 32) && (visual->class == TrueColor || visual->class == DirectColor) && visual->red_mask == 0xff0000 &&
           visual->green_mask == 0xff00 && visual->blue_mask == 0xff;
}

// Xlib's default handler ends the process on any error; a refused request here only means no
// early picture.
static int refused;
static int note_refusal(Display *display, XErrorEvent *event) {
    (void)display;
    (void)event;
    refused = 1;
    return 0;
}

/// The first and one past the last pixel whose centre lies in [start, start + length), within [0, limit).
static void covered(double start, double length, int limit, int *first, int *end) {
    *first = (int)ceil(start - 0.5);
    *end = (int)ceil(start + length - 0.5);
    if (*first < 0) *first = 0;
    if (*end > limit) *end = limit;
}

int sdlphoto_early_picture(SDL_Window *window, int window_width, int window_height,
                           const uint8_t *bgra, int width, int height, int stride,
                           double x, double y, double w, double h, uint8_t r, uint8_t g, uint8_t b) {
    if (width <= 0 || height <= 0 || width > 32767 || height > 32767 || w <= 0 || h <= 0) return 0;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    Display *display = info.info.x11.display;
    Window target = info.info.x11.window;
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

    XSync(display, False);
    refused = 0;
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(note_refusal);
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
    XSetErrorHandler(previous);
    return !refused;
}
