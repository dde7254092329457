#include "CEarlyPicture.h"
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xrender.h>

static int is_rgb24(const Visual *visual, int depth) {
    return (depth == 24 || depth == 32) && visual->class == TrueColor && visual->red_mask == 0xff0000 &&
           visual->green_mask == 0xff00 && visual->blue_mask == 0xff;
}

int sdlphoto_early_picture(SDL_Window *window, const uint8_t *bgra, int width, int height, int stride,
                           int x, int y, int w, int h, uint8_t r, uint8_t g, uint8_t b) {
    if (width <= 0 || height <= 0 || w <= 0 || h <= 0) return 0;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    Display *display = info.info.x11.display;
    Window target = info.info.x11.window;
    int event_base, error_base;
    if (!XRenderQueryExtension(display, &event_base, &error_base)) return 0;
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, target, &attributes) || !is_rgb24(attributes.visual, attributes.depth)) return 0;
    XRenderPictFormat *window_format = XRenderFindVisualFormat(display, attributes.visual);
    XRenderPictFormat *picture_format = XRenderFindStandardFormat(display, PictStandardRGB24);
    if (!window_format || !picture_format) return 0;

    // 32 bits a pixel, least significant byte first: B, G, R, X in memory, as the pixels are.
    XImage *image = XCreateImage(display, attributes.visual, 24, ZPixmap, 0, (char *)bgra, width, height, 32, stride);
    if (!image) return 0;
    image->byte_order = LSBFirst;
    Pixmap pixmap = XCreatePixmap(display, target, width, height, 24);
    GC gc = XCreateGC(display, pixmap, 0, NULL);
    XPutImage(display, pixmap, gc, image, 0, 0, 0, 0, width, height);
    image->data = NULL;  // the caller's pixels, not Xlib's to free
    XDestroyImage(image);
    XFreeGC(display, gc);

    XRenderPictureAttributes pad = {.repeat = RepeatPad};
    Picture source = XRenderCreatePicture(display, pixmap, picture_format, CPRepeat, &pad);
    // Window pixel (i + 0.5) samples the picture at (i + 0.5) * width / w: GL's texel centres.
    XTransform scale = {{{XDoubleToFixed((double)width / w), 0, 0},
                         {0, XDoubleToFixed((double)height / h), 0},
                         {0, 0, XDoubleToFixed(1)}}};
    XRenderSetPictureTransform(display, source, &scale);
    XRenderSetPictureFilter(display, source, FilterBilinear, NULL, 0);
    Picture destination = XRenderCreatePicture(display, target, window_format, 0, NULL);
    XRenderColor background = {.red = r * 257, .green = g * 257, .blue = b * 257, .alpha = 0xffff};
    // The bars around the picture; the picture covers the rest.
    XRectangle bars[4] = {
        {0, 0, attributes.width, y > 0 ? y : 0},
        {0, y + h, attributes.width, attributes.height > y + h ? attributes.height - y - h : 0},
        {0, y, x > 0 ? x : 0, h},
        {x + w, y, attributes.width > x + w ? attributes.width - x - w : 0, h},
    };
    XRenderFillRectangles(display, PictOpSrc, destination, &background, bars, 4);
    XRenderComposite(display, PictOpSrc, source, None, destination, 0, 0, 0, 0, x, y, w, h);
    XRenderFreePicture(display, destination);
    XRenderFreePicture(display, source);
    XFreePixmap(display, pixmap);
    // On screen when this returns, not merely sent.
    XSync(display, False);
    return 1;
}
