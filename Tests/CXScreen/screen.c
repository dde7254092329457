#include "CXScreen.h"
#include <X11/Xlib.h>
#include <X11/Xutil.h>

int xscreen_read(int x, int y, int w, int h, uint8_t *rgb) {
    Display *display = XOpenDisplay(NULL);
    if (!display) return 0;
    // Outside the root window XGetImage is an error, which would end the tests' process.
    if (x < 0 || y < 0 || x + w > DisplayWidth(display, DefaultScreen(display)) || y + h > DisplayHeight(display, DefaultScreen(display))) {
        XCloseDisplay(display);
        return 0;
    }
    XImage *image = XGetImage(display, DefaultRootWindow(display), x, y, w, h, AllPlanes, ZPixmap);
    if (!image) {
        XCloseDisplay(display);
        return 0;
    }
    for (int row = 0; row < h; row++) {
        for (int column = 0; column < w; column++) {
            unsigned long pixel = XGetPixel(image, column, row);
            uint8_t *out = rgb + (row * w + column) * 3;
            out[0] = (pixel >> 16) & 0xff;
            out[1] = (pixel >> 8) & 0xff;
            out[2] = pixel & 0xff;
        }
    }
    XDestroyImage(image);
    XCloseDisplay(display);
    return 1;
}
